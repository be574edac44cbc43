// What the self-hosted image engines (ComfyUI, AUTOMATIC1111 / Forge) share (docs/engines.md):
// the picture's size for an aspect ratio, the style as words of the prompt, a random seed,
// JSON requests that say plainly when the engine is not there, the out-of-memory sentence, and
// what the pages are told of them.
import { randomInt } from 'node:crypto';
import { IMAGE_ASPECT_RATIOS, type ImageAspectRatio, type ImageStyle } from '../../../server/shared/platform/domain.js';
import { IMAGE_SEED_MAX } from '../../../server/shared/platform/constants.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { fromStatus, TransientProviderError } from '../../../server/shared/platform/provider-errors.js';
import { ImageEngineOption, type EngineInfo } from '../../../server/shared/platform/engines.js';

/** Stable Diffusion works in 8× latents and its UNets want multiples of 64. */
const SIDE_STEP = 64;

/**
 * The width and height for an aspect ratio: about `base`² pixels (1 MP for SDXL-class models),
 * each side a multiple of 64. SQUARE at 1024 → 1024×1024, LANDSCAPE → 1280×832, WIDE → 1344×768.
 */
export function sizeFor(aspectRatio: ImageAspectRatio, base = 1024): { width: number; height: number } {
  const { width: w, height: h } = IMAGE_ASPECT_RATIOS[aspectRatio];
  const ratio = w / h;
  const area = base * base;
  const side = (v: number) => Math.max(SIDE_STEP, Math.round(v / SIDE_STEP) * SIDE_STEP);
  return { width: side(Math.sqrt(area * ratio)), height: side(Math.sqrt(area / ratio)) };
}

/** SD 1.x checkpoints are trained at 512²: asked for 1 MP they repeat their subject, so they get 512-based sizes. */
export const baseSideFor = (checkpoint: string | null): number => (checkpoint && /(^|[^a-z0-9])(v1-[45]|sd-?1[._-]?[45]|sd15)([^0-9]|$)/i.test(checkpoint) ? 512 : 1024);

/** The style as words a Stable Diffusion model knows. */
export const STYLE_PHRASES: Record<ImageStyle, string> = {
  REALISTIC: 'photorealistic photograph, natural light, high detail',
  GHIBLI: 'Studio Ghibli style, hand-painted anime background, soft watercolor colors',
  ANIME: 'anime style, cel shading, vibrant colors, clean line art',
  CARTOON: 'cartoon illustration, bold outlines, flat bright colors',
  FANTASY: 'epic fantasy art, magical atmosphere, dramatic lighting, highly detailed',
  THREE_D: '3D render, octane render, soft global illumination, smooth materials',
  PORTRAIT: 'portrait photograph, shallow depth of field, studio lighting, detailed face',
};

/** What a Stable Diffusion model gets as the positive prompt: the description, then the style's words. */
export const promptFor = (description: string, style: ImageStyle): string => `${description.trim()}, ${STYLE_PHRASES[style]}`;

/** Said when the user gave no negative prompt: the usual defects. */
export const DEFAULT_NEGATIVE = 'blurry, low quality, deformed, watermark, text';

/** A seed for a request that gave none (within the GraphQL Int range the tool accepts, so it can be given back). */
export const randomSeed = (): number => randomInt(0, IMAGE_SEED_MAX);

export const OUT_OF_MEMORY = 'The image engine ran out of GPU memory: try a smaller size or fewer images';

export const isOutOfMemory = (type: string | undefined, message: string | undefined): boolean =>
  /OutOfMemory/i.test(type ?? '') || /out of memory|OutOfMemory|CUDA error: out of memory|MPS backend out of memory/i.test(message ?? '');

/** A checkpoint's file name as the pages show it: no folder, extension or A1111's "[hash]". */
const modelLabel = (checkpoint: string): string =>
  checkpoint
    .replace(/\s*\[[0-9a-f]+\]\s*$/i, '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.(safetensors|ckpt|pt|pth|bin|gguf|sft)$/i, '');

/** What a self-hosted engine tells the pages: "<service> · <model>", and every advanced option (both engines honour them all). */
export function selfHostedEngine(name: string, service: string, checkpoint: string | null): EngineInfo<ImageEngineOption> {
  const model = checkpoint ? modelLabel(checkpoint) : null;
  return { name, label: model ? `${service} · ${model}` : service, model: checkpoint, placeholder: false, options: Object.values(ImageEngineOption) };
}

export interface EngineHttp {
  /** "ComfyUI", "AUTOMATIC1111": named in every error. */
  service: string;
  baseUrl: string;
  /** Said after "Cannot reach <service> at <url>": e.g. " — is it running (started with --api)?". */
  hint?: string;
}

/**
 * A request to the engine: the answer's status and parsed JSON (null when not JSON). A refused
 * or dropped connection is a clear failure naming the address, not retried: an engine that is
 * not running will not be by the next attempt.
 */
export async function engineFetch(
  http: EngineHttp,
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ status: number; json: unknown; text: string }> {
  const signals = [init.signal, init.timeoutMs ? AbortSignal.timeout(init.timeoutMs) : undefined].filter((s): s is AbortSignal => !!s);
  let res: Response;
  try {
    res = await fetch(`${http.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    });
  } catch (e) {
    if (init.signal?.aborted) throw init.signal.reason ?? e;
    if ((e as Error).name === 'TimeoutError') throw new TransientProviderError(`${http.service} did not answer in time`);
    throw unreachable(http);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

export const unreachable = (http: EngineHttp) =>
  new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `Cannot reach ${http.service} at ${http.baseUrl}${http.hint ?? ' — is it running?'} Ask the administrator to start it.`);

/** A non-2xx answer that the engine-specific code did not explain: 5xx retried, others failed with its words. */
export const statusError = (http: EngineHttp, status: number, detail: string): Error => fromStatus(status, http.service, detail);

/** Bytes of a picture the engine serves (ComfyUI's /view). */
export async function engineBytes(http: EngineHttp, path: string, signal: AbortSignal): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(`${http.baseUrl}${path}`, { signal });
  } catch (e) {
    if (signal.aborted) throw signal.reason ?? e;
    throw unreachable(http);
  }
  if (!res.ok) throw statusError(http, res.status, await res.text().catch(() => ''));
  return Buffer.from(await res.arrayBuffer());
}

/** True when something answers `path` with a 2xx within `timeoutMs` (start-up detection). */
export async function answers(baseUrl: string, path: string, timeoutMs: number): Promise<unknown> {
  try {
    const res = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    return (await res.json()) as unknown;
  } catch {
    return null;
  }
}
