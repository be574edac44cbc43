// Screening a creation as it is published, wherever that happens: the publish mutation (API) or a
// job whose creation is published as it is made (worker). docs/screening.md, "When it runs".
import type { Storage } from '../storage/types.js';
import { FileGone } from '../storage/types.js';
import type { NewCreation } from '../creations/creation.store.js';
import type { Screener, ScreeningResult } from './screener.js';

/**
 * The picture of ours a creation shows, or null when it has none this store holds (a text kind,
 * a hosted URL from before files were kept): then the prompt alone is screened. Any other read
 * failure (the store out of reach) rejects, so nothing is published unscreened.
 */
export async function pictureOf(storage: Pick<Storage, 'readContent'>, c: { file: string | null; content: string }): Promise<Buffer | null> {
  if (!c.file) return null;
  try {
    return await storage.readContent(c.content);
  } catch (e) {
    if (e instanceof FileGone) return null;
    throw e;
  }
}

export async function screenCreation(
  screener: Screener,
  storage: Pick<Storage, 'readContent'>,
  c: { prompt: string; file: string | null; content: string },
): Promise<ScreeningResult> {
  return screener.screen({ prompt: c.prompt, picture: await pictureOf(storage, c) });
}

/** A job's creations published as they are made, each with its screening's columns. */
export async function screenNewCreations(
  screener: Screener,
  storage: Pick<Storage, 'readContent'>,
  creations: NewCreation[],
  fileOf: (content: string) => string | null,
): Promise<NewCreation[]> {
  const out: NewCreation[] = [];
  // One after another: the classifier's thread takes one picture at a time anyway.
  for (const c of creations) {
    if (!c.published) {
      out.push(c);
      continue;
    }
    const r = await screenCreation(screener, storage, { prompt: c.prompt, content: c.content, file: fileOf(c.content) });
    out.push({ ...c, moderation: r.moderation, sensitive: r.sensitive, screening: { ...r.screening } });
  }
  return out;
}
