// IOPaint (github.com/Sanster/IOPaint, Apache-2.0), the inpainting server self-hosters run for
// learned fills (LaMa by default; MI-GAN, MAT, ZITS…): set INPAINT_URL and it fills the holes the
// embedded object remover finds, in place of the embedded exemplar inpainter. Its wire format:
//   GET  /api/v1/model    → { "name": "lama", … } (the model it serves)
//   POST /api/v1/inpaint  ← JSON { "image": "data:image/png;base64,…", "mask": "data:image/png;base64,…" }
//                          (mask white where to fill; every other field has a default)
//                         → the whole image as PNG bytes; an error as JSON { "error", "detail", "errors" }.
// Only the hole's pixels are taken from its answer: everything else stays the upload's own, and
// the result is checked like our own fill (objects.ts, verifyRemoval).
import sharp, { type OutputInfo } from 'sharp';
import { AppError, ErrorCode } from '../../../errors.js';

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
  new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `The inpainting server (IOPaint) ${message}. Please try again later, or ask the administrator to check INPAINT_URL.`, { provider: 'iopaint', ...details });

/** The hole (1 = fill) filled by the server; pixels outside it are the image's own. */
export async function fillWithIOPaint(baseUrl: string, image: Rgb, hole: Uint8Array): Promise<{ rgb: Buffer; model: string }> {
  const { width: W, height: H } = image;
  const white = Buffer.alloc(W * H);
  for (let i = 0; i < hole.length; i++) white[i] = hole[i] ? 255 : 0;
  const [imagePng, maskPng] = await Promise.all([
    sharp(image.data, { raw: { width: W, height: H, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer(),
    sharp(white, { raw: { width: W, height: H, channels: 1 } }).png().toBuffer(),
  ]);
  const signal = AbortSignal.timeout(IOPAINT_TIMEOUT_MS);
  const model = await modelName(baseUrl, signal);
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/api/v1/inpaint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'image/*' },
      body: JSON.stringify({ image: `data:image/png;base64,${imagePng.toString('base64')}`, mask: `data:image/png;base64,${maskPng.toString('base64')}` }),
      signal,
    });
  } catch (e) {
    throw unavailable(signal.aborted ? `did not answer within ${IOPAINT_TIMEOUT_MS / 1000} s` : `could not be reached (${(e as Error).message})`);
  }
  if (!res.ok) throw unavailable(`answered ${res.status}${await errorDetail(res)}`, { status: res.status });
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(Buffer.from(await res.arrayBuffer()), { limitInputPixels: W * H + 1 }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
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
  try {
    const res = await fetch(`${baseUrl}/api/v1/model`, { signal });
    if (!res.ok) return 'unknown';
    const body = (await res.json()) as { name?: unknown };
    return typeof body.name === 'string' && /^[\w.\-/]{1,100}$/.test(body.name) ? body.name : 'unknown';
  } catch (e) {
    if (signal.aborted) throw unavailable(`did not answer within ${IOPAINT_TIMEOUT_MS / 1000} s`);
    throw unavailable(`could not be reached (${(e as Error).message})`);
  }
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
