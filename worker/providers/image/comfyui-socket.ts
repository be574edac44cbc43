// ComfyUI's WebSocket (/ws?clientId=…) as one prompt's watcher (docs/engines.md#comfyui): JSON
// messages {type, data} say what runs (executing, progress, executed, execution_success,
// execution_error, execution_interrupted); binary frames are previews of the picture as it forms.
// The socket is opened before the prompt is queued, so nothing it says about the prompt is missed.
import WebSocket from 'ws';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { isOutOfMemory, OUT_OF_MEMORY, unreachable, type EngineHttp } from './self-hosted.js';
import type { GenerationProgress } from './types.js';

/** Binary frames: a 4-byte big-endian event type, then the event's bytes (ComfyUI's server.py BinaryEventTypes). */
const PREVIEW_IMAGE = 1;
const PREVIEW_IMAGE_WITH_METADATA = 4;
/** PREVIEW_IMAGE's second word: the image format. */
const IMAGE_FORMATS: Record<number, string> = { 1: 'jpeg', 2: 'png' };

const OPEN_TIMEOUT_MS = 10_000;

/** What the shipped workflow's nodes do (comfyui-workflow.json), for the line under the bar. */
const NODE_STEPS: Record<string, string> = {
  '4': 'Loading the model',
  '6': 'Reading the description',
  '7': 'Reading the negative prompt',
  '5': 'Preparing the canvas',
  '3': 'Painting',
  '8': 'Decoding the picture',
  '9': 'Saving the picture',
};

/** Sampling is most of the work: the bar runs 5 → 95 % over its steps. */
const SAMPLING_FROM = 5;
const SAMPLING_SPAN = 90;

interface Message {
  type: string;
  data?: Record<string, unknown> & { prompt_id?: string };
}

/** The picture out of a binary preview frame, or null when the frame is something else. */
export function previewOf(frame: Buffer): Buffer | null {
  if (frame.length < 8) return null;
  const type = frame.readUInt32BE(0);
  if (type === PREVIEW_IMAGE) return IMAGE_FORMATS[frame.readUInt32BE(4)] ? frame.subarray(8) : null;
  if (type === PREVIEW_IMAGE_WITH_METADATA) {
    const length = frame.readUInt32BE(4);
    return frame.length > 8 + length ? frame.subarray(8 + length) : null;
  }
  return null;
}

/** An execution_error as the sentence the job fails with. */
export function executionFailure(data: Record<string, unknown>): AppError {
  const type = typeof data.exception_type === 'string' ? data.exception_type : '';
  const message = typeof data.exception_message === 'string' ? data.exception_message.trim() : '';
  if (isOutOfMemory(type, message)) return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, OUT_OF_MEMORY);
  const node = typeof data.node_type === 'string' ? ` in ${data.node_type}` : '';
  return new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `ComfyUI failed${node}: ${(message || type || 'an unknown error').slice(0, 300)}`);
}

/**
 * One prompt's socket. `open` connects; `follow(promptId)` resolves when ComfyUI says the
 * prompt is done, rejects with its error, and reports progress and previews meanwhile.
 * `closed` says the socket dropped before the end (the caller then asks /history instead).
 */
export class PromptSocket {
  /** ComfyUI started running the prompt (so cancelling means interrupting it, not dequeuing it). */
  started = false;
  private buffered: Message[] = [];
  private promptId: string | null = null;
  private settle: { resolve: (how: 'done' | 'closed') => void; reject: (e: Error) => void } | null = null;
  private node: string | null = null;
  private percent = 0;
  private message = 'Waiting for ComfyUI';

  private constructor(
    private readonly socket: WebSocket,
    private readonly progress?: GenerationProgress,
  ) {
    socket.on('message', (raw, isBinary) => this.receive(raw as Buffer, isBinary));
    socket.on('close', () => this.settle?.resolve('closed'));
  }

  static open(http: EngineHttp, clientId: string, signal: AbortSignal, progress?: GenerationProgress): Promise<PromptSocket> {
    const url = `${http.baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { handshakeTimeout: OPEN_TIMEOUT_MS });
      const fail = (e: Error) => {
        signal.removeEventListener('abort', onAbort);
        socket.terminate();
        reject(e);
      };
      const onAbort = () => fail(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('error', () => fail(unreachable(http)));
      socket.once('unexpected-response', (_req, res) => fail(new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `ComfyUI at ${http.baseUrl} refused its WebSocket (${res.statusCode})`)));
      socket.once('open', () => {
        signal.removeEventListener('abort', onAbort);
        socket.removeAllListeners('error');
        socket.on('error', () => undefined); // a drop later is 'close'
        resolve(new PromptSocket(socket, progress));
      });
    });
  }

  /** Waits for the prompt's end: 'done', or 'closed' when the socket dropped first. */
  follow(promptId: string): Promise<'done' | 'closed'> {
    this.promptId = promptId;
    return new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
      if (this.socket.readyState !== WebSocket.OPEN) resolve('closed');
      const early = this.buffered;
      this.buffered = [];
      for (const m of early) this.handle(m);
    });
  }

  close(): void {
    this.settle = null;
    this.socket.terminate();
  }

  private receive(raw: Buffer, isBinary: boolean): void {
    if (isBinary) {
      // Previews carry no prompt id: this client queued only this prompt, and it is running.
      const picture = this.started ? previewOf(raw) : null;
      if (picture) this.progress?.(this.percent, this.message, picture);
      return;
    }
    let m: Message;
    try {
      m = JSON.parse(raw.toString('utf8')) as Message;
    } catch {
      return;
    }
    if (this.promptId === null) this.buffered.push(m);
    else this.handle(m);
  }

  private handle(m: Message): void {
    const data = m.data ?? {};
    if (data.prompt_id !== undefined && data.prompt_id !== this.promptId) return;
    switch (m.type) {
      case 'execution_start':
        this.started = true;
        return this.report(1, 'ComfyUI started');
      case 'executing':
        this.started = true;
        if (data.node === null || data.node === undefined) return this.settle?.resolve('done');
        this.node = String(data.node);
        return this.report(this.percent, NODE_STEPS[this.node] ?? 'Working');
      case 'progress': {
        const value = Number(data.value);
        const max = Number(data.max);
        if (!(max > 0)) return;
        this.started = true;
        return this.report(SAMPLING_FROM + SAMPLING_SPAN * Math.min(1, value / max), `Painting: step ${value} of ${max}`);
      }
      case 'status': {
        // Someone else's prompt runs first (ComfyUI's own page, another worker).
        const remaining = Number((data.status as { exec_info?: { queue_remaining?: number } } | undefined)?.exec_info?.queue_remaining);
        if (!this.started && remaining > 1) this.report(this.percent, "Waiting in ComfyUI's queue");
        return;
      }
      case 'execution_success':
        return this.settle?.resolve('done');
      case 'execution_error':
        return this.settle?.reject(executionFailure(data));
      case 'execution_interrupted':
        return this.settle?.reject(new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'ComfyUI stopped this picture before it was done (it was interrupted there). Please try again.'));
      default:
        return;
    }
  }

  private report(percent: number, message: string): void {
    this.percent = Math.max(this.percent, percent);
    this.message = message;
    this.progress?.(this.percent, message);
  }
}
