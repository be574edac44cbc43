// Every number of the product spec (§9) that the client uses lives here.

/** How long Copied!/Downloaded! confirmations stay on screen. */
export const CONFIRMATION_MS = 2000;

/** Result panels never grow past this height; longer results scroll. */
export const RESULT_MAX_HEIGHT_PX = 500;

/** How many of the user's creations the dashboard asks for per page (the server caps it at 100). */
export const DASHBOARD_PAGE_SIZE = 50;

/** The server's password rule, shown as a hint before the user submits. */
export const PASSWORD_MIN_LENGTH = 8;

/** Article lengths (product §9): the words each asks for, and how the chips describe them. */
export const ARTICLE_LENGTHS = [
  { value: 'SHORT', label: 'Short', range: '500-800 words', words: 800 },
  { value: 'MEDIUM', label: 'Medium', range: '800-1200 words', words: 1200 },
  { value: 'LONG', label: 'Long', range: '1200+ words', words: 1600 },
] as const;

/** How many of the user's newest batches the batch page, the dashboard and the tool pages read (the server's default). */
export const BATCHES_PAGE_SIZE = 20;
