// Cloudinary's AI effects (background removal, generative remove, upscale): the image is
// uploaded, the derived image is fetched (Cloudinary answers 423 while it is still being made),
// and the upload is deleted, so users' photos do not stay in the account; our storage keeps
// the result, never Cloudinary's URL.
import sharp from 'sharp';
import { destroyUpload, uploadBytes, type Cloudinary } from '../../../server/shared/storage/cloudinary-client.js';
import { fromStatus } from '../../../server/shared/platform/provider-errors.js';
import { brushBoxes, nothingBrushed, readBrush, uprightSize, type Box } from '../../image-mask.js';
import { downloadImage } from './download.js';
import type { BackgroundRemover, ImageOutput, ObjectRemover } from './types.js';

/** How long we wait for a derivation Cloudinary reports as still running (423), and how often we ask. */
export const DERIVATION_MAX_WAIT_MS = 90_000;
export const DERIVATION_POLL_MS = 1000;

type Transformation = Record<string, unknown>[];

/** Upload → derived image's bytes → upload deleted (also when the derivation failed or the job was stopped). */
export async function deriveWithCloudinary(
  client: Cloudinary,
  image: Buffer,
  transformation: Transformation,
  signal: AbortSignal,
  opts: { format?: string; maxPixels?: number } = {},
): Promise<Buffer> {
  let up: { public_id: string };
  try {
    up = await uploadBytes(client, image, {}, { signal });
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    throw fromStatus((e as { http_code?: number }).http_code, 'Cloudinary', (e as Error).message);
  }
  try {
    const url = client.url(up.public_id, { secure: true, ...(opts.format ? { format: opts.format } : {}), transformation });
    return await downloadImage(url, {
      signal,
      service: 'Cloudinary',
      maxPixels: opts.maxPixels,
      whilePending: { maxWaitMs: DERIVATION_MAX_WAIT_MS, intervalMs: DERIVATION_POLL_MS },
    });
  } finally {
    // Deleting is owed even to a stopped job; it then goes on in the background, not holding the job.
    const deleting = destroyUpload(client, up.public_id, { timeoutMs: 15_000 }).catch(() => {});
    if (!signal.aborted) await deleting;
  }
}

/**
 * The object's name as a gen_remove prompt: percent-encoded, so that commas, slashes, spaces and
 * the prompt syntax's own characters ( ) ; stay part of the name (the SDK itself encodes nothing
 * here and turns spaces into underscores).
 */
export function promptParameter(object: string): string {
  return encodeURIComponent(object).replace(/[!'()*;~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export class CloudinaryBackgroundRemover implements BackgroundRemover {
  readonly name = 'cloudinary';
  constructor(
    private readonly client: Cloudinary,
    private readonly maxPixels?: number,
  ) {}
  async remove(image: Buffer, signal: AbortSignal): Promise<ImageOutput> {
    return { bytes: await deriveWithCloudinary(this.client, image, [{ effect: 'background_removal' }], signal, { format: 'png', maxPixels: this.maxPixels }) };
  }
}

/**
 * Our bound on the rectangles one brush-only request names: Cloudinary documents none, and a
 * few rectangles say a brush's patches well; more are joined (brushBoxes) to keep the URL short.
 */
export const MAX_REGIONS = 8;

/**
 * Generative remove (e_gen_remove, https://cloudinary.com/documentation/generative_remove) takes
 * a prompt or rectangles, not a mask. By name: `prompt_<name>`; the brush is not used (Cloudinary
 * finds the object). With no name (docs/jobs-and-events.md, "Object removal by name or by brush"):
 * the brushed patches' bounding boxes as `region_(x_;y_;w_;h_)`, several as
 * `region_((x_;y_;w_;h_);(…))`, in pixels of the image as uploaded, as Cloudinary's own URL
 * builder writes them (@cloudinary/transformation-builder-sdk, GenerativeRemove and
 * RectangleRegion). So the upload is the upright image: its rectangles are where the brush was.
 */
export class CloudinaryObjectRemover implements ObjectRemover {
  readonly name = 'cloudinary';
  constructor(
    private readonly client: Cloudinary,
    private readonly maxPixels?: number,
  ) {}
  async remove(image: Buffer, object: string | undefined, mask: Buffer | undefined, signal: AbortSignal): Promise<ImageOutput> {
    if (object !== undefined) {
      const effect = `gen_remove:prompt_${promptParameter(object)}`;
      return { bytes: await deriveWithCloudinary(this.client, image, [{ effect }], signal, { maxPixels: this.maxPixels }) };
    }
    const brush = mask ? await readBrush(image, mask, this.maxPixels) : null;
    if (!brush) throw nothingBrushed();
    const margin = Math.max(3, Math.min(16, Math.round(0.004 * Math.max(brush.width, brush.height))));
    const regions = brushBoxes(brush, { margin, max: MAX_REGIONS });
    const upright = (await uprightSize(image, this.maxPixels)).turned ? await sharp(image, { limitInputPixels: this.maxPixels }).rotate().toBuffer() : image;
    const effect = `gen_remove:${regionParameter(regions)}`;
    const bytes = await deriveWithCloudinary(this.client, upright, [{ effect }], signal, { maxPixels: this.maxPixels });
    return { bytes, summary: 'Removed the brushed area', details: { regions } };
  }
}

/** Rectangles as gen_remove's region qualifier: one bare, several each in brackets inside the outer ones. */
export function regionParameter(regions: readonly Box[]): string {
  const one = (b: Box) => `(x_${b.x};y_${b.y};w_${b.width};h_${b.height})`;
  return regions.length === 1 ? `region_${one(regions[0]!)}` : `region_(${regions.map(one).join(';')})`;
}
