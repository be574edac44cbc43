// Every number of the product spec (§9) and of DESIGN.md §3 lives here.

export const ARTICLE_LENGTH_WORDS = { SHORT: 800, MEDIUM: 1200, LONG: 1600 } as const;
export const ARTICLE_LENGTH_RANGES = {
  SHORT: [500, 800],
  MEDIUM: [800, 1200],
  LONG: [1200, 1600],
} as const;

export const DEFAULT_FREE_TEXT_QUOTA = 10;

/** Built-in accounts. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

/** Pagination. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Feedback form (spec §3). */
export const FEEDBACK_CATEGORIES = [
  'general_feedback',
  'ui/ux_feedback',
  'responsiveness_issue',
  'website_experience',
  'website_issue',
  'report_an issue',
  'other',
] as const;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const MESSAGE_MAX_LENGTH = 5000;
export const SUBJECT_MAX_LENGTH = 200;

/** How long /readyz waits for each dependency. */
export const READINESS_TIMEOUT_MS = 1500;
/** How long a graceful shutdown may take before the process exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
