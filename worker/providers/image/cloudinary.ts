// Cloudinary's AI effects (background removal, generative remove, upscale): the image is
// uploaded, the derived image is fetched (Cloudinary answers 423 while it is still being made),
// and the upload is deleted, so users' photos do not stay in the account; our storage keeps
// the result, never Cloudinary's URL.
import { destroyUpload, uploadBytes, type Cloudinary } from '../../../server/shared/storage/cloudinary-client.js';
import { fromStatus } from '../../../server/shared/platform/provider-errors.js';
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

export class CloudinaryObjectRemover implements ObjectRemover {
  readonly name = 'cloudinary';
  constructor(
    private readonly client: Cloudinary,
    private readonly maxPixels?: number,
  ) {}
  async remove(image: Buffer, object: string, _mask: Buffer | undefined, signal: AbortSignal): Promise<ImageOutput> {
    const effect = `gen_remove:prompt_${promptParameter(object)}`;
    return { bytes: await deriveWithCloudinary(this.client, image, [{ effect }], signal, { maxPixels: this.maxPixels }) };
  }
}
