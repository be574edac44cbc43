// The embedded image models run in one worker thread per process (engine-thread.ts): the models
// load once and stay loaded, one image is worked on at a time (memory stays bounded whatever the
// queue holds), and the process's event loop stays free for text jobs, lock renewals and events.
// A cancelled image is answered at once; its work stops at the thread's next step (terminating a
// thread inside onnxruntime's native code aborts the whole process, so it is never done).
import { Worker } from 'node:worker_threads';
import { AppError, ErrorCode } from '../../server/shared/platform/errors.js';
import type { Eta, Progress } from './background.js';
import { Countdown, processMeter, type Meter } from './countdown.js';
import type { LearnedModelSettings } from './learned/settings.js';
import type { ObjectRemoval } from './objects.js';

export type EngineTask =
  | { op: 'background'; image: Buffer; maxPixels: number }
  /**
   * `fillUrl`: an IOPaint server fills the hole instead of the embedded inpainter (iopaint.ts);
   * else `models`: a learned inpainter file found there does (docs/learned-models.md). No
   * `object`: the brushed area only.
   */
  | { op: 'object'; image: Buffer; object?: string; mask?: Buffer; maxPixels: number; fillUrl?: string; models?: LearnedModelSettings }
  /** Only finds what to remove (by name and/or brush): `png` is the mask (white = remove), for a service that fills it. */
  | { op: 'objectMask'; image: Buffer; object?: string; mask?: Buffer; maxPixels: number };

/** Time the segmentation model took within a task: loading (first task only) and its runs. */
export interface ModelTime {
  loadMs: number;
  runMs: number;
  runs: number;
}

type Outcome<T extends EngineTask['op']> = (T extends 'background' ? { png: Buffer } : ObjectRemoval) & { model?: ModelTime };

/** What the thread posts back. */
export type EngineMessage =
  | { id: number; progress: { percent: number; message: string; eta?: Eta } }
  | { id: number; result: { png: Uint8Array; model?: ModelTime } & Partial<Omit<ObjectRemoval, 'png'>> }
  | { id: number; error: { code?: string; message: string; details?: Record<string, unknown> } };

interface Pending {
  id: number;
  task: EngineTask;
  signal: AbortSignal;
  progress: Progress;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
}

/** How often a silent step's bar moves. */
const TICK_MS = 1000;

/** JS heap bound of the thread: images and tensors live outside it, in buffers. */
const THREAD_HEAP_MB = 1024;

export class ImageEngine {
  private thread: Worker | null = null;
  private readonly queue: Pending[] = [];
  private current: Pending | null = null;
  private nextId = 1;
  /** The id of the task the thread should give up (shared memory: read between its steps). */
  private readonly cancelled = new Int32Array(new SharedArrayBuffer(4));
  /** Moves the current task's bar while a step runs silently (a model run). */
  private ticker: NodeJS.Timeout | undefined;

  /** `meter`: the clocks a silent step's countdown reads (countdown.ts). */
  constructor(private readonly meter: Meter = processMeter) {}

  run<T extends EngineTask>(task: T, signal: AbortSignal, progress: Progress = () => {}): Promise<Outcome<T['op']>> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = (): void => this.abort(pending);
      const settle =
        <A>(f: (a: A) => void) =>
        (a: A): void => {
          signal.removeEventListener('abort', onAbort);
          f(a);
        };
      const pending: Pending = { id: this.nextId++, task, signal, progress, resolve: settle(resolve as (v: unknown) => void), reject: settle(reject) };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(pending);
      this.pump();
    });
  }

  /** Stops the thread (models unloaded); the next task starts a new one. */
  async close(): Promise<void> {
    const t = this.thread;
    this.thread = null;
    await t?.terminate();
  }

  private pump(): void {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) return;
    this.current = next;
    this.ensureThread().postMessage({ id: next.id, task: next.task });
  }

  private ensureThread(): Worker {
    if (this.thread) return this.thread;
    // Under TypeScript (dev, tests) the thread needs the same loader as this process.
    const ts = import.meta.url.endsWith('.ts');
    const entry = new URL(ts ? './engine-thread.ts' : './engine-thread.js', import.meta.url);
    const execArgv = ts && !process.execArgv.includes('@swc-node/register/esm-register') ? [...process.execArgv, '--import', '@swc-node/register/esm-register'] : process.execArgv;
    const thread = new Worker(entry, { execArgv, workerData: { cancelled: this.cancelled }, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    thread.unref();
    thread.on('message', (m: EngineMessage) => this.onMessage(m));
    thread.on('error', (e) => this.onDeath(thread, e));
    thread.on('exit', (code) => this.onDeath(thread, new Error(`image engine exited with code ${code}`)));
    this.thread = thread;
    return thread;
  }

  private onMessage(m: EngineMessage): void {
    const p = this.current;
    if (!p || p.id !== m.id) return;
    this.stopTicking();
    if ('progress' in m) {
      if (p.signal.aborted) return;
      const { percent, message, eta } = m.progress;
      p.progress(percent, message);
      if (eta) this.tick(p, percent, message, eta);
      return;
    }
    this.current = null;
    // A cancelled task was answered when it was cancelled; the thread is free again now.
    if (p.signal.aborted) return this.pump();
    if ('error' in m) {
      const { code, message, details } = m.error;
      p.reject(code && code in ErrorCode ? new AppError(code as ErrorCode, message, details) : new Error(message));
    } else {
      const { png, ...rest } = m.result;
      p.resolve({ ...rest, png: Buffer.from(png.buffer, png.byteOffset, png.byteLength) });
    }
    this.pump();
  }

  /**
   * Until the thread says more: the bar moves from `from` towards eta.toPercent as the step's
   * expected work is done (never quite reaching it), and the message says how long is left at
   * the rate the process is getting the CPU now (countdown.ts). The step's first message has no
   * number: none is said before the rate has been measured.
   */
  private tick(p: Pending, from: number, message: string, eta: Eta): void {
    const countdown = new Countdown(eta.ms, this.meter);
    this.ticker = setInterval(() => {
      if (this.current !== p || p.signal.aborted) return this.stopTicking();
      const { done, suffix } = countdown.read();
      p.progress(Math.round(from + (eta.toPercent - from) * Math.min(0.95, done)), `${message}${suffix}`);
    }, TICK_MS);
    this.ticker.unref();
  }

  private stopTicking(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** The thread died (out of memory, a native crash, or terminated on abort). */
  private onDeath(thread: Worker, e: Error): void {
    if (this.thread !== thread) return;
    this.thread = null;
    this.stopTicking();
    const p = this.current;
    this.current = null;
    if (p && !p.signal.aborted) {
      p.reject(new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The image engine stopped while working on this image. Please try again with a smaller image.', { cause: e.message }));
    }
    this.pump();
  }

  private abort(p: Pending): void {
    const queued = this.queue.indexOf(p);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      return p.reject(p.signal.reason);
    }
    if (this.current !== p) return;
    // Answered now; the thread stops at its next step and then takes the next image.
    Atomics.store(this.cancelled, 0, p.id);
    p.reject(p.signal.reason);
  }
}

let shared: ImageEngine | undefined;
/** The process's engine. */
export const imageEngine = (): ImageEngine => (shared ??= new ImageEngine());
