// AUTOMATIC1111's Stable Diffusion web UI, or Forge (started with --api), as the image generator
// (docs/engines.md#automatic1111--forge): POST /sdapi/v1/txt2img answers when the pictures are
// done; meanwhile GET /sdapi/v1/progress every half second gives the percent and the picture as
// it forms; a cancelled job sends POST /sdapi/v1/interrupt.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../../server/shared/platform/logger.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import type { EngineInfo, ImageEngineOption } from '../../../server/shared/platform/engines.js';
import {
  answers,
  baseSideFor,
  DEFAULT_NEGATIVE,
  engineFetch,
  isOutOfMemory,
  selfHostedEngine,
  OUT_OF_MEMORY,
  promptFor,
  randomSeed,
  sizeFor,
  statusError,
  type EngineHttp,
} from './self-hosted.js';
import type { GeneratedImages, GenerationProgress, ImageGenerator, ImageRequest } from './types.js';

export const SD_WEBUI_DEFAULT_URL = 'http://127.0.0.1:7860';
const POLL_MS = 500;
const STEPS = 25;
const CFG_SCALE = 7;
const SAMPLER = 'Euler a';
const CANCEL_TIMEOUT_MS = 3000;

interface ProgressAnswer {
  progress?: number;
  eta_relative?: number;
  state?: { sampling_step?: number; sampling_steps?: number; job_count?: number; job_no?: number; interrupted?: boolean };
  current_image?: string | null;
}

/** A failed answer ({error, detail, body, errors} from the API's exception handler, or FastAPI's {detail}) as the job's sentence. */
export function failureOf(status: number, body: unknown, text: string, http: EngineHttp): Error {
  const b = (body ?? {}) as { error?: string; detail?: unknown; errors?: string };
  const detail = typeof b.detail === 'string' ? b.detail : b.detail ? JSON.stringify(b.detail) : '';
  const said = [b.errors, detail].filter(Boolean).join(' ') || text;
  if (isOutOfMemory(b.error, said)) return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, OUT_OF_MEMORY);
  if (status === 404) return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `${http.service} at ${http.baseUrl} has no API: start it with --api`);
  if (status >= 500 && b.error) return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `${http.service} failed: ${b.error}${said ? `: ${said.slice(0, 300)}` : ''}`);
  return statusError(http, status, said);
}

export class SdWebUiImageGenerator implements ImageGenerator {
  readonly name = 'sd-webui';
  /** The web UI draws one picture at a time and /progress is about whatever it draws: one job at a time per worker. */
  readonly concurrency = 1;
  readonly engine: EngineInfo<ImageEngineOption>;
  private readonly http: EngineHttp;

  /** `checkpoint`: its sd_model_checkpoint at start-up (null when it did not answer). */
  constructor(
    baseUrl: string,
    private readonly checkpoint: string | null,
  ) {
    this.http = { service: 'AUTOMATIC1111', baseUrl, hint: ' — is it running, started with --api?' };
    this.engine = selfHostedEngine('sd-webui', 'AUTOMATIC1111', checkpoint);
  }

  /** At start-up: its loaded checkpoint (GET /sdapi/v1/options). One that does not answer is still used, with a warning. */
  static async connect(baseUrl: string, log?: Logger, timeoutMs = 3000): Promise<SdWebUiImageGenerator> {
    const options = (await answers(baseUrl, '/sdapi/v1/options', timeoutMs)) as { sd_model_checkpoint?: unknown } | null;
    if (!options) log?.warn({ url: baseUrl }, 'AUTOMATIC1111 does not answer (is it started with --api?); image jobs will fail until it does (docs/engines.md)');
    return new SdWebUiImageGenerator(baseUrl, typeof options?.sd_model_checkpoint === 'string' ? options.sd_model_checkpoint : null);
  }

  async generate(request: ImageRequest, signal: AbortSignal, progress?: GenerationProgress): Promise<GeneratedImages> {
    signal.throwIfAborted();
    const { width, height } = sizeFor(request.aspectRatio, baseSideFor(this.checkpoint));
    const body = {
      prompt: promptFor(request.description, request.style),
      negative_prompt: request.negativePrompt || DEFAULT_NEGATIVE,
      // Our own random seed rather than -1: A1111's may exceed 2^31 − 1, which the GraphQL seed field cannot take back.
      seed: request.seed ?? randomSeed(),
      width,
      height,
      batch_size: request.count,
      n_iter: 1,
      steps: STEPS,
      cfg_scale: CFG_SCALE,
      sampler_name: SAMPLER,
    };
    progress?.(0, 'Sending the description to AUTOMATIC1111');
    const done = new AbortController();
    const onAbort = () => void engineFetch(this.http, '/sdapi/v1/interrupt', { method: 'POST', timeoutMs: CANCEL_TIMEOUT_MS }).catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    const polling = progress ? this.poll(progress, AbortSignal.any([signal, done.signal])) : Promise.resolve();
    try {
      const { status, json, text } = await engineFetch(this.http, '/sdapi/v1/txt2img', { body, signal });
      signal.throwIfAborted();
      if (status !== 200) throw failureOf(status, json, text, this.http);
      return this.answerOf(json);
    } finally {
      signal.removeEventListener('abort', onAbort);
      done.abort();
      await polling;
    }
  }

  /** txt2img's answer: base64 pictures, and `info` (a JSON string) with the seeds used. */
  private answerOf(json: unknown): GeneratedImages {
    const { images, info } = (json ?? {}) as { images?: unknown[]; info?: unknown };
    const pictures = (images ?? []).filter((i): i is string => typeof i === 'string' && i.length > 0);
    if (!pictures.length) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'AUTOMATIC1111 answered without a picture (was it interrupted?)');
    let parsed: { seed?: unknown; all_seeds?: unknown[]; index_of_first_image?: unknown } = {};
    try {
      parsed = typeof info === 'string' ? (JSON.parse(info) as typeof parsed) : ((info ?? {}) as typeof parsed);
    } catch {
      parsed = {};
    }
    const seed = typeof parsed.seed === 'number' ? parsed.seed : null;
    const seeds = Array.isArray(parsed.all_seeds) ? parsed.all_seeds : [];
    // With more than one picture the web UI may send a grid of them first (its return_grid option): info says where the pictures start.
    const first = typeof parsed.index_of_first_image === 'number' ? parsed.index_of_first_image : 0;
    const own = pictures.slice(first, seeds.length ? first + seeds.length : undefined);
    return {
      images: (own.length ? own : pictures).map((b64, i) => {
        const s = seeds[i];
        return { bytes: Buffer.from(b64.replace(/^data:image\/\w+;base64,/, ''), 'base64'), ...(typeof s === 'number' ? { seed: s } : {}) };
      }),
      seed,
    };
  }

  /** Asks how far it got every half second until the answer comes; a failed poll is skipped, not fatal. */
  private async poll(progress: GenerationProgress, signal: AbortSignal): Promise<void> {
    let lastImage = '';
    while (!signal.aborted) {
      await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      const answer = await engineFetch(this.http, '/sdapi/v1/progress?skip_current_image=false', { signal, timeoutMs: 5000 }).catch(() => null);
      if (signal.aborted || !answer || answer.status !== 200) continue;
      const p = (answer.json ?? {}) as ProgressAnswer;
      const { sampling_step: step, sampling_steps: steps } = p.state ?? {};
      const percent = Math.round(Math.min(1, Math.max(0, p.progress ?? 0)) * 100);
      const message = steps ? `Painting: step ${step ?? 0} of ${steps}` : 'Waiting for AUTOMATIC1111';
      const image = typeof p.current_image === 'string' && p.current_image !== lastImage ? p.current_image : null;
      if (image) lastImage = image;
      progress(percent, message, image ? Buffer.from(image, 'base64') : undefined);
    }
  }
}
