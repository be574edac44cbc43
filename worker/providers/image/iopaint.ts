// IOPaint (github.com/Sanster/IOPaint, Apache-2.0), the inpainting server self-hosters run for
// learned fills (LaMa by default; MI-GAN, MAT, ZITS…) and, with its RealESRGAN plugin on, learned
// upscaling. Set IOPAINT_URL and it fills the holes the embedded object remover finds, in place
// of the embedded exemplar inpainter, and upscales in place of the embedded resampler when its
// plugin is on. Its wire format:
//   GET  /api/v1/model          → { "name": "lama", … } (the inpainting model it serves)
//   GET  /api/v1/server-config  → { "plugins": [{ "name": "RealESRGAN", "support_gen_image": true }…],
//                                   "realesrganModel": "realesr-general-x4v3", … }
//   POST /api/v1/inpaint        ← JSON { "image": "data:image/png;base64,…", "mask": "data:image/png;base64,…" }
//                                 (mask white where to fill; every other field has a default)
//   POST /api/v1/run_plugin_gen_image ← JSON { "name": "RealESRGAN", "image": "data:…", "scale": 2 }
//   each answering the whole image as PNG bytes; an error as JSON { "error", "detail", "errors" }.
// Only the hole's pixels are taken from an inpainting answer: everything else stays the upload's
// own, and the result is checked like our own fill (local/objects.ts, verifyRemoval).
import sharp, { type OutputInfo } from 'sharp';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';

/** One fill's time limit (a CPU-only LaMa takes seconds on a 12 MP photo; the job's own limit still applies). */
export const IOPAINT_TIMEOUT_MS = 90_000;
/** How much of an error answer is read. */
const ERROR_BODY_BYTES = 4096;

export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

const unavailable = (message: string, details: Record<string, unknown> = {}): AppError =>
  new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `The image server (IOPaint) ${message}. Please try again later, or ask the administrator to check IOPAINT_URL.`, {
    provider: 'iopaint',
    ...details,
  });

/**
 * One call to the server, its failure to answer in words: `limit` is the call's time limit
 * (the job's own signal in it, if any), and a cancelled job's reason is passed on as it is.
 */
async function call(url: string, init: RequestInit, limit: AbortSignal, job?: AbortSignal): Promise<Response> {
  return fetch(url, { ...init, signal: limit }).catch(unanswered(limit, job));
}

/** What a failed request or read throws: the cancelled job's reason, else the timeout or the network error in words. */
const unanswered =
  (limit: AbortSignal, job?: AbortSignal) =>
  (e: unknown): never => {
    if (job?.aborted) throw job.reason;
    throw unavailable(limit.aborted ? `did not answer within ${IOPAINT_TIMEOUT_MS / 1000} s` : `could not be reached (${(e as Error).message})`);
  };

/** A failed answer in words, with IOPaint's own. */
const refused = async (res: Response): Promise<AppError> => unavailable(`answered ${res.status}${await errorDetail(res)}`, { status: res.status });

/** A POST of JSON answered by an image, or the reason in words. */
async function postForImage(url: string, body: unknown, limit: AbortSignal, job?: AbortSignal): Promise<Buffer> {
  const res = await call(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'image/*' }, body: JSON.stringify(body) }, limit, job);
  if (!res.ok) throw await refused(res);
  return Buffer.from(await res.arrayBuffer().catch(passOn(job)));
}

/** A cancelled job's reason in place of the error it caused; any other error as it is. */
const passOn =
  (job?: AbortSignal) =>
  (e: unknown): never => {
    throw job?.aborted ? job.reason : e;
  };

/** A model name the server reports, if it looks like one; "unknown" otherwise. */
const modelOrUnknown = (name: unknown): string => (typeof name === 'string' && /^[\w.\-/]{1,100}$/.test(name) ? name : 'unknown');

const dataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

/** The hole (1 = fill) filled by the server; pixels outside it are the image's own. */
export async function fillWithIOPaint(baseUrl: string, image: Rgb, hole: Uint8Array): Promise<{ rgb: Buffer; model: string }> {
  const { width: W, height: H } = image;
  const white = Buffer.alloc(W * H);
  for (let i = 0; i < hole.length; i++) white[i] = hole[i] ? 255 : 0;
  const [imagePng, maskPng] = await Promise.all([
    sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer(),
    sharp(white, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer(),
  ]);
  const signal = AbortSignal.timeout(IOPAINT_TIMEOUT_MS);
  const model = await modelName(baseUrl, signal);
  const answer = await postForImage(`${baseUrl}/api/v1/inpaint`, { image: dataUrl(imagePng), mask: dataUrl(maskPng) }, signal);
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(answer, { limitInputPixels: W * H + 1 })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (e) {
    throw unavailable(`sent something that is not an image (${(e as Error).message})`);
  }
  if (out.info.width !== W || out.info.height !== H || out.info.channels !== 3) {
    throw unavailable(`sent a ${out.info.width}×${out.info.height} image for a ${W}×${H} one`);
  }
  const rgb = Buffer.from(image.data);
  for (let i = 0; i < hole.length; i++) {
    if (!hole[i]) continue;
    rgb[i * 3] = out.data[i * 3]!;
    rgb[i * 3 + 1] = out.data[i * 3 + 1]!;
    rgb[i * 3 + 2] = out.data[i * 3 + 2]!;
  }
  return { rgb, model };
}

/** The model the server fills with ("lama"), for the creation's record; "unknown" when it does not say. */
async function modelName(baseUrl: string, signal: AbortSignal): Promise<string> {
  const res = await call(`${baseUrl}/api/v1/model`, {}, signal);
  if (!res.ok) return 'unknown';
  const body = (await res.json().catch(unanswered(signal))) as { name?: unknown };
  return modelOrUnknown(body.name);
}

/** ": <IOPaint's own words>" from its JSON error, or the start of the text; nothing when empty. */
async function errorDetail(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).slice(0, ERROR_BODY_BYTES);
  let detail = text.slice(0, 200);
  try {
    const body = JSON.parse(text) as { detail?: unknown; errors?: unknown; error?: unknown };
    const said = [body.detail, body.errors, body.error].find((v) => typeof v === 'string' && v.trim());
    if (typeof said === 'string') detail = said.slice(0, 200);
  } catch {
    /* not JSON: keep the text */
  }
  return detail.trim() ? `: ${detail.trim()}` : '';
}

/**
 * The image made `scale` times larger by IOPaint's RealESRGAN plugin, or null when the server
 * has the plugin off (then the embedded upscaler does it). `signal` is the job's.
 */
export async function upscaleWithIOPaint(
  baseUrl: string,
  image: Buffer,
  size: { width: number; height: number },
  scale: 2 | 4,
  signal: AbortSignal,
): Promise<{ bytes: Buffer; model: string } | null> {
  const limit = AbortSignal.any([signal, AbortSignal.timeout(IOPAINT_TIMEOUT_MS)]);
  type ServerConfig = { plugins?: { name?: unknown; support_gen_image?: unknown }[]; realesrganModel?: unknown };
  const res = await call(`${baseUrl}/api/v1/server-config`, {}, limit, signal);
  if (!res.ok) throw await refused(res);
  const config = (await res.json().catch(unanswered(limit, signal))) as ServerConfig;
  if (!config.plugins?.some((p) => p.name === 'RealESRGAN' && p.support_gen_image === true)) return null;
  // Upright, as the size was measured (IOPaint would turn it by its EXIF too, but then the size checked here would not be its).
  const upright = await sharp(image).rotate().png({ compressionLevel: 1 }).toBuffer();
  const answer = await postForImage(`${baseUrl}/api/v1/run_plugin_gen_image`, { name: 'RealESRGAN', image: dataUrl(upright), scale }, limit, signal);
  const meta = await sharp(answer, { limitInputPixels: size.width * scale * size.height * scale + 1 })
    .metadata()
    .catch((e: unknown) => {
      throw unavailable(`sent something that is not an image (${(e as Error).message})`);
    });
  if (meta.width !== size.width * scale || meta.height !== size.height * scale) {
    throw unavailable(`sent a ${meta.width}×${meta.height} image for ${size.width * scale}×${size.height * scale}`);
  }
  return { bytes: answer, model: modelOrUnknown(config.realesrganModel) };
}
