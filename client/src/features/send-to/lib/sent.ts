// How a picture goes from a result to another image tool's page (docs/adding-a-tool.md, "Sending a
// creation to a tool"): the router's state carries the creation's id and its URL, the page shows
// it as its input, and the tool's mutation sends the id (sourceCreationId). Nothing is downloaded
// or uploaded again.

/** One of the user's image creations, as a tool page takes it for its input. */
export interface SentImage {
  id: string;
  /** Its content as the server gave it (signed for a while until published): the preview. */
  url: string;
  /** What the page calls it: the creation's prompt. */
  name: string;
}

const KEY = 'sendTo';

/** The router state that hands `image` to the page navigated to. */
export const sentState = (image: SentImage) => ({ [KEY]: image });

/** The image a navigation's state hands over, or null. */
export function sentIn(state: unknown): SentImage | null {
  const sent = (state as Record<string, unknown> | null)?.[KEY] as Partial<SentImage> | undefined;
  if (!sent || typeof sent.id !== 'string' || typeof sent.url !== 'string') return null;
  return { id: sent.id, url: sent.url, name: typeof sent.name === 'string' ? sent.name : 'Your creation' };
}
