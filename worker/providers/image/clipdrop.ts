// ClipDrop (CLIPDROP_API_KEY), the service the product's first version used: text-to-image,
// remove-background, cleanup (object removal with a mask) and image upscaling. Each call is a
// multipart POST with the key in `x-api-key`; the answer is the image's bytes (with
// x-remaining-credits / x-credits-consumed), an error is JSON `{ "error": "…" }`.
// https://clipdrop.co/apis/docs
import sharp from 'sharp';
import type { Config } from '../../../server/shared/platform/config.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { fromStatus, providerFailure, retryAfterOf, TransientProviderError } from '../../../server/shared/platform/provider-errors.js';
import { imageEngine } from '../../models/engine.js';
import type { EngineInfo, ImageEngineOption } from '../../../server/shared/platform/engines.js';
import type { BackgroundRemover, GeneratedImages, ImageGenerator, ImageOutput, ImageRequest, ObjectRemover, Progress } from './types.js';

/** One call's time limit (the job's own timeout still applies). */
export const CLIPDROP_TIMEOUT_MS = 120_000;
/** ClipDrop's prompt limit for text-to-image. */
export const CLIPDROP_PROMPT_MAX = 1000;
/** ClipDrop upscales to at most this many pixels a side. */
export const CLIPDROP_UPSCALE_MAX_SIDE = 4096;

export type ClipDropSettings = Pick<Config, 'CLIPDROP_API_KEY' | 'CLIPDROP_BASE_URL'>;

type Part = string | { bytes: Buffer; filename: string; type: string };

export class ClipDropClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
  ) {}

  /** POSTs the fields; the image's bytes with the credits it cost, or an error classified for retries. */
  async call(path: string, fields: Record<string, Part>, signal: AbortSignal): Promise<ImageOutput & { bytes: Buffer }> {
    const form = new FormData();
    for (const [name, v] of Object.entries(fields)) {
      if (typeof v === 'string') form.append(name, v);
      else form.append(name, new Blob([new Uint8Array(v.bytes)], { type: v.type }), v.filename);
    }
    let res: Response;
    const timeout = AbortSignal.timeout(CLIPDROP_TIMEOUT_MS);
    try {
      res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers: { 'x-api-key': this.apiKey }, body: form, signal: AbortSignal.any([signal, timeout]) });
    } catch (e) {
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) throw new TransientProviderError('ClipDrop did not answer in time');
      throw new TransientProviderError(`ClipDrop could not be reached (${(e as Error).message})`);
    }
    if (!res.ok) throw await failure(res);
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      if (signal.aborted) throw signal.reason;
      throw new TransientProviderError(`ClipDrop dropped the connection while sending the image (${(e as Error).message})`);
    }
    const consumed = Number(res.headers.get('x-credits-consumed'));
    const remaining = Number(res.headers.get('x-remaining-credits'));
    const credits = {
      ...(Number.isFinite(consumed) && res.headers.has('x-credits-consumed') ? { consumed } : {}),
      ...(Number.isFinite(remaining) && res.headers.has('x-remaining-credits') ? { remaining } : {}),
    };
    return { bytes, details: { credits } };
  }
}

/** ClipDrop's error answer, in words for the user: 402 (no credits) and 4xx end the job, 429 and 5xx are retried. */
async function failure(res: Response): Promise<Error> {
  const text = await res.text().catch(() => '');
  let detail = text.slice(0, 200);
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string') detail = body.error;
  } catch {
    /* not JSON: keep the text */
  }
  if (res.status === 402) {
    return new AppError(
      ErrorCode.PROVIDER_UNAVAILABLE,
      'The image service (ClipDrop) has no credits left on this account; the administrator needs to add credits. Please try again later.',
      { provider: 'clipdrop', status: 402 },
    );
  }
  if (res.status === 406) return providerFailure(`ClipDrop does not accept this image${detail ? `: ${detail}` : ''}`);
  return fromStatus(res.status, 'ClipDrop', detail, retryAfterOf(res.headers));
}

const asFile = async (image: Buffer, name: string) => {
  const meta = await sharp(image).metadata();
  const type = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'webp' ? 'image/webp' : 'image/png';
  return { bytes: image, filename: `${name}.${meta.format === 'jpeg' ? 'jpg' : (meta.format ?? 'png')}`, type };
};

export class ClipDropImageGenerator implements ImageGenerator {
  readonly name = 'clipdrop';
  readonly engine: EngineInfo<ImageEngineOption> = { name: 'clipdrop', label: 'ClipDrop text-to-image', model: null, placeholder: false, options: [] };
  constructor(private readonly client: ClipDropClient) {}
  /** One 1024×1024 picture: ClipDrop's text-to-image takes nothing but the prompt. */
  async generate(request: ImageRequest, signal: AbortSignal): Promise<GeneratedImages> {
    return { images: [await this.client.call('/text-to-image/v1', { prompt: request.prompt.slice(0, CLIPDROP_PROMPT_MAX) }, signal)], seed: null };
  }
}

export class ClipDropBackgroundRemover implements BackgroundRemover {
  readonly name = 'clipdrop';
  constructor(private readonly client: ClipDropClient) {}
  async remove(image: Buffer, signal: AbortSignal): Promise<ImageOutput> {
    return this.client.call('/remove-background/v1', { image_file: await asFile(image, 'image') }, signal);
  }
}

/**
 * ClipDrop's cleanup fills a mask; it cannot find an object by name. So the embedded detector
 * finds it (and outlines it) and ClipDrop gets that mask — the user's brush joins it as it does
 * for the embedded remover. Nothing found: the same clear refusal as the embedded remover. With
 * no name, ClipDrop gets the user's brush as it is (the detector does not run).
 */
export class ClipDropObjectRemover implements ObjectRemover {
  readonly name = 'clipdrop';
  constructor(
    private readonly client: ClipDropClient,
    private readonly maxPixels: number,
  ) {}
  async remove(image: Buffer, object: string | undefined, mask: Buffer | undefined, signal: AbortSignal, progress?: Progress): Promise<ImageOutput> {
    const found = await imageEngine().run({ op: 'objectMask', image, object, mask, maxPixels: this.maxPixels }, signal, progress);
    // The mask is at the EXIF-oriented size; ClipDrop must get the image at that same size.
    const meta = await sharp(image, { limitInputPixels: this.maxPixels }).metadata();
    const upright = meta.orientation && meta.orientation > 1 ? await sharp(image, { limitInputPixels: this.maxPixels }).rotate().png().toBuffer() : image;
    progress?.(70, 'Filling in the background');
    const out = await this.client.call(
      '/cleanup/v1',
      { image_file: await asFile(upright, 'image'), mask_file: { bytes: found.png, filename: 'mask.png', type: 'image/png' } },
      signal,
    );
    return { bytes: out.bytes, summary: found.summary, details: { found: found.found, brushed: found.brushed, ...out.details } };
  }
}

/** ClipDrop's upscaler: any size up to 4096 px a side. */
export async function upscaleWithClipDrop(client: ClipDropClient, image: Buffer, width: number, height: number, scale: number, signal: AbortSignal): Promise<ImageOutput> {
  const target = { width: width * scale, height: height * scale };
  if (target.width > CLIPDROP_UPSCALE_MAX_SIDE || target.height > CLIPDROP_UPSCALE_MAX_SIDE) {
    throw new AppError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      `At ${scale}× this image would be ${target.width}×${target.height}; the upscaling service makes images of at most ${CLIPDROP_UPSCALE_MAX_SIDE} pixels a side. Choose ${scale === 4 ? '2× or ' : ''}a smaller image.`,
      { maxSide: CLIPDROP_UPSCALE_MAX_SIDE },
    );
  }
  return client.call('/image-upscaling/v1/upscale', { image_file: await asFile(image, 'image'), target_width: String(target.width), target_height: String(target.height) }, signal);
}

export const clipDropClient = (config: ClipDropSettings): ClipDropClient | null =>
  config.CLIPDROP_API_KEY ? new ClipDropClient(config.CLIPDROP_API_KEY, config.CLIPDROP_BASE_URL) : null;
