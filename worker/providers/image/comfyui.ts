// ComfyUI as the image generator (docs/engines.md#comfyui): the shipped text-to-image workflow
// (comfyui-workflow.json: checkpoint → prompts → empty latent → KSampler → VAE decode → save)
// filled in per request and queued with POST /prompt; the prompt's WebSocket (comfyui-socket.ts)
// gives the steps and the previews; /history and /view give the pictures; a cancelled job
// interrupts it (or takes it off ComfyUI's queue when it had not started).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../../server/shared/platform/logger.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import type { EngineInfo, ImageEngineOption } from '../../../server/shared/platform/engines.js';
import { executionFailure, PromptSocket } from './comfyui-socket.js';
import { answers, baseSideFor, DEFAULT_NEGATIVE, engineBytes, engineFetch, selfHostedEngine, promptFor, randomSeed, sizeFor, statusError, type EngineHttp } from './self-hosted.js';
import type { GeneratedImages, GenerationProgress, ImageGenerator, ImageRequest } from './types.js';

type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: { title: string } }>;

const WORKFLOW: Workflow = JSON.parse(readFileSync(new URL('./comfyui-workflow.json', import.meta.url), 'utf8')) as Workflow;
/** The shipped workflow's node ids. */
const NODE = { sampler: '3', checkpoint: '4', latent: '5', positive: '6', negative: '7', save: '9' } as const;

export const COMFYUI_DEFAULT_URL = 'http://127.0.0.1:8188';
const CHECKPOINTS_PATH = '/object_info/CheckpointLoaderSimple';
const HISTORY_POLL_MS = 1000;
const CANCEL_TIMEOUT_MS = 3000;

export interface WorkflowSettings {
  checkpoint: string;
  positive: string;
  negative: string;
  width: number;
  height: number;
  count: number;
  seed: number;
}

/** The shipped workflow with a request's settings: a fresh copy each time. */
export function workflowFor(s: WorkflowSettings): Workflow {
  const w = structuredClone(WORKFLOW);
  w[NODE.checkpoint]!.inputs.ckpt_name = s.checkpoint;
  w[NODE.positive]!.inputs.text = s.positive;
  w[NODE.negative]!.inputs.text = s.negative;
  Object.assign(w[NODE.latent]!.inputs, { width: s.width, height: s.height, batch_size: s.count });
  w[NODE.sampler]!.inputs.seed = s.seed;
  return w;
}

/** The checkpoints /object_info/CheckpointLoaderSimple lists: input.required.ckpt_name[0] (or a COMBO's options in newer versions). */
export function checkpointsOf(info: unknown): string[] {
  const spec = (info as { CheckpointLoaderSimple?: { input?: { required?: { ckpt_name?: unknown[] } } } } | null)?.CheckpointLoaderSimple?.input?.required?.ckpt_name;
  if (!Array.isArray(spec)) return [];
  const list = Array.isArray(spec[0]) ? spec[0] : spec[0] === 'COMBO' ? (spec[1] as { options?: unknown } | undefined)?.options : null;
  return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
}

interface NodeError {
  class_type?: string;
  errors?: { type?: string; message?: string; details?: string; extra_info?: { input_name?: string; input_config?: unknown[] } }[];
}

/** POST /prompt's 400 ({error, node_errors}) as the sentence the job fails with. */
export function refusal(body: unknown, checkpoint: string): AppError {
  const { error, node_errors: nodes } = (body ?? {}) as { error?: { type?: string; message?: string; details?: string }; node_errors?: Record<string, NodeError> };
  for (const node of Object.values(nodes ?? {})) {
    for (const e of node.errors ?? []) {
      if (node.class_type === 'CheckpointLoaderSimple' && e.type === 'value_not_in_list') {
        const listed = Array.isArray(e.extra_info?.input_config?.[0]) ? (e.extra_info.input_config[0] as unknown[]).filter((n) => typeof n === 'string').slice(0, 5) : [];
        const has = listed.length ? ` (it has ${listed.join(', ')})` : '';
        return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `ComfyUI has no checkpoint named ${checkpoint} — set COMFYUI_CHECKPOINT to one it lists${has}`);
      }
    }
  }
  const first = Object.values(nodes ?? {}).flatMap((n) =>
    (n.errors ?? []).map((e) => `${n.class_type ?? 'a node'}: ${e.message ?? e.type}${e.details ? ` (${e.details})` : ''}`),
  )[0];
  const what = first ?? [error?.message, error?.details].filter(Boolean).join(': ');
  return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `ComfyUI refused the workflow: ${(what || 'no reason given').slice(0, 300)}`);
}

type HistoryImage = { filename: string; subfolder?: string; type?: string };
type HistoryEntry = {
  outputs?: Record<string, { images?: HistoryImage[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
};

export class ComfyUIImageGenerator implements ImageGenerator {
  readonly name = 'comfyui';
  /** One GPU draws one picture at a time: the next job waits in our queue, its time limit not yet running. */
  readonly concurrency = 1;
  readonly engine: EngineInfo<ImageEngineOption>;
  private readonly http: EngineHttp;

  /**
   * `checkpoint`: COMFYUI_CHECKPOINT, or the first ComfyUI listed at start-up; null when it
   * could not be asked then (each job asks again).
   */
  constructor(
    baseUrl: string,
    private checkpoint: string | null,
  ) {
    this.http = { service: 'ComfyUI', baseUrl };
    this.engine = selfHostedEngine('comfyui', 'ComfyUI', checkpoint);
  }

  /**
   * At start-up: the checkpoint (configured, else the first ComfyUI lists). A ComfyUI that does
   * not answer is still used, with a warning: its jobs then fail saying it cannot be reached.
   */
  static async connect(baseUrl: string, configured: string | undefined, log?: Logger, timeoutMs = 3000): Promise<ComfyUIImageGenerator> {
    if (configured) return new ComfyUIImageGenerator(baseUrl, configured);
    const info = await answers(baseUrl, CHECKPOINTS_PATH, timeoutMs);
    if (!info) log?.warn({ url: baseUrl }, 'ComfyUI does not answer; image jobs will fail until it does (docs/engines.md#comfyui)');
    const first = checkpointsOf(info)[0] ?? null;
    if (info && !first) log?.warn({ url: baseUrl }, 'ComfyUI lists no checkpoint: put one in its models/checkpoints folder, or set COMFYUI_CHECKPOINT');
    return new ComfyUIImageGenerator(baseUrl, first);
  }

  async generate(request: ImageRequest, signal: AbortSignal, progress?: GenerationProgress): Promise<GeneratedImages> {
    signal.throwIfAborted();
    const checkpoint = this.checkpoint ?? (await this.firstCheckpoint(signal));
    const seed = request.seed ?? randomSeed();
    const workflow = workflowFor({
      checkpoint,
      positive: promptFor(request.description, request.style),
      negative: request.negativePrompt || DEFAULT_NEGATIVE,
      ...sizeFor(request.aspectRatio, baseSideFor(checkpoint)),
      count: request.count,
      seed,
    });
    progress?.(0, 'Sending the workflow to ComfyUI');
    const clientId = randomUUID();
    const socket = await PromptSocket.open(this.http, clientId, signal, progress);
    let promptId: string | null = null;
    const onAbort = () => void this.cancel(promptId, socket);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      promptId = await this.queue(workflow, clientId, checkpoint, signal);
      const ended = await Promise.race([socket.follow(promptId), aborted(signal)]);
      const entry = await this.history(promptId, signal, ended === 'closed');
      const images = await this.pictures(entry, signal);
      return { images: images.map((bytes, batchIndex) => ({ bytes, details: { batchIndex } })), seed };
    } finally {
      signal.removeEventListener('abort', onAbort);
      socket.close();
    }
  }

  private async firstCheckpoint(signal: AbortSignal): Promise<string> {
    const { status, json, text } = await engineFetch(this.http, CHECKPOINTS_PATH, { signal });
    if (status !== 200) throw statusError(this.http, status, text);
    const first = checkpointsOf(json)[0];
    if (!first) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'ComfyUI has no checkpoint to draw with: put one in its models/checkpoints folder (or set COMFYUI_CHECKPOINT)');
    this.checkpoint = first;
    return first;
  }

  /** POST /prompt → its prompt_id; a refused workflow (400 with node_errors) fails the job with what to do. */
  private async queue(workflow: Workflow, clientId: string, checkpoint: string, signal: AbortSignal): Promise<string> {
    const { status, json, text } = await engineFetch(this.http, '/prompt', { body: { prompt: workflow, client_id: clientId }, signal });
    if (status === 400) throw refusal(json, checkpoint);
    if (status !== 200) throw statusError(this.http, status, text);
    const { prompt_id: id, node_errors: nodeErrors } = (json ?? {}) as { prompt_id?: string; node_errors?: Record<string, unknown> };
    if (nodeErrors && Object.keys(nodeErrors).length) throw refusal(json, checkpoint);
    if (typeof id !== 'string') throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'ComfyUI did not say which prompt it queued');
    return id;
  }

  /** The prompt's history entry; after a dropped socket, asked every second until the prompt ends. */
  private async history(promptId: string, signal: AbortSignal, wait: boolean): Promise<HistoryEntry> {
    for (;;) {
      const { status, json, text } = await engineFetch(this.http, `/history/${encodeURIComponent(promptId)}`, { signal });
      if (status !== 200) throw statusError(this.http, status, text);
      const entry = (json as Record<string, HistoryEntry> | null)?.[promptId];
      if (entry?.status?.status_str === 'error') {
        const failure = entry.status.messages?.find(([type]) => type === 'execution_error')?.[1];
        throw failure ? executionFailure(failure) : new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'ComfyUI could not make this picture');
      }
      if (entry && (entry.status?.completed ?? true)) return entry;
      if (!wait) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'ComfyUI said the picture was done but keeps no record of it');
      await sleep(HISTORY_POLL_MS, undefined, { signal });
    }
  }

  /** The saved pictures (type "output") of the entry, fetched with /view. */
  private async pictures(entry: HistoryEntry, signal: AbortSignal): Promise<Buffer[]> {
    const saved = Object.values(entry.outputs ?? {})
      .flatMap((o) => o.images ?? [])
      .filter((i) => (i.type ?? 'output') === 'output');
    if (!saved.length) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'ComfyUI finished without saving a picture');
    return Promise.all(
      saved.map((i) => engineBytes(this.http, `/view?${new URLSearchParams({ filename: i.filename, subfolder: i.subfolder ?? '', type: i.type ?? 'output' })}`, signal)),
    );
  }

  /**
   * A cancelled job: take the prompt off ComfyUI's queue if it has not started, interrupt it if
   * it runs. Older ComfyUI interrupts whatever runs, so /interrupt is sent only once ours does.
   */
  private async cancel(promptId: string | null, socket: PromptSocket): Promise<void> {
    if (!promptId) return;
    const post = (path: string, body: unknown) => engineFetch(this.http, path, { body, timeoutMs: CANCEL_TIMEOUT_MS }).catch(() => undefined);
    if (!socket.started) await post('/queue', { delete: [promptId] });
    if (socket.started) await post('/interrupt', { prompt_id: promptId });
  }
}

/** Rejects with the signal's reason once it aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
