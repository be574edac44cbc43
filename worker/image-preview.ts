// An image engine's progress as the job's (docs/engines.md#advanced-image-options): its percent
// placed inside PROCESSING, its line, and the picture as it forms, shrunk to a small JPEG data
// URL and sent at most a few times a second. Updates are sent in order and never block the
// engine: one still waiting is replaced by a newer one.
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import type { GenerationProgress } from './providers/image/index.js';
import type { ToolRun } from './tools/processor.js';
import { JobStopped } from './reporter.js';

/** The longest side of a preview, in pixels. */
export const PREVIEW_MAX_SIDE = 256;
/** At most 4 previews a second. */
export const PREVIEW_MIN_GAP_MS = 250;

/** A picture as a small JPEG data URL (null when it does not decode). */
export async function previewDataUrl(picture: Buffer, maxPixels: number): Promise<string | null> {
  try {
    const jpeg = await sharp(picture, { limitInputPixels: maxPixels })
      .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 70 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

interface Update {
  percent: number;
  message: string;
  picture?: Buffer;
}

/**
 * The callback an engine reports to; `signal`, the job's, also aborted (with JobStopped) when a
 * report is refused because the job was ended elsewhere, so the engine stops then even if the
 * cancel message was missed; and `finish` (awaited before the next phase: nothing is sent after it).
 */
export function generationProgressOf(
  run: ToolRun<unknown, unknown>,
  minGapMs = PREVIEW_MIN_GAP_MS,
): { progress: GenerationProgress; signal: AbortSignal; finish: () => Promise<void> } {
  const refused = new AbortController();
  let pending: Update | null = null;
  let busy: Promise<void> | null = null;
  let lastPreviewAt = 0;
  let stopped = false;
  const send = async (u: Update) => {
    const percent = run.percentAt(u.percent / 100);
    const preview = u.picture ? await previewDataUrl(u.picture, run.services.config.IMAGE_MAX_PIXELS) : null;
    if (stopped) return;
    if (preview) lastPreviewAt = Date.now();
    await run.report.progressed(percent, u.message, preview ?? undefined);
  };
  const pump = () => {
    if (busy || !pending || stopped) return;
    const u = pending;
    pending = null;
    const wait = u.picture ? lastPreviewAt + minGapMs - Date.now() : 0;
    busy = (async () => {
      if (wait > 0) await sleep(wait);
      if (!stopped) await send(u);
    })()
      .catch((e: unknown) => {
        if (e instanceof JobStopped) refused.abort(e);
      })
      .finally(() => {
        busy = null;
        pump();
      });
  };
  return {
    progress: (percent, message, picture) => {
      // A newer picture replaces one still waiting; a line without a picture keeps the waiting one.
      pending = { percent, message, picture: picture ?? pending?.picture };
      pump();
    },
    signal: AbortSignal.any([run.signal, refused.signal]),
    finish: async () => {
      stopped = true;
      pending = null;
      await busy;
    },
  };
}
