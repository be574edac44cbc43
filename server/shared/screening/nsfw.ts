// Runs the embedded classifier (nsfw-classifier.ts) in a worker thread of this process, started
// on the first picture and kept: the model loads once per process (about 2 s, some 300 MB of resident memory), and
// the event loop of the API or worker that asked stays free while a picture is classified
// (docs/screening.md, "Where it runs").
import { Worker } from 'node:worker_threads';
import type { Classified, NsfwScores } from './nsfw-classifier.js';

export type { NsfwScores };
export interface NsfwRequest {
  id: number;
  bytes: Uint8Array;
  maxPixels: number;
}
export type NsfwReply = ({ id: number } & Classified) | { id: number; error: string };

/** The thread's heap: the model's weights live in WebAssembly memory, outside it. */
const THREAD_HEAP_MB = 256;

interface Pending {
  resolve: (r: Classified) => void;
  reject: (e: Error) => void;
}

export class NsfwThread {
  private thread: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** The picture's class probabilities and the time the thread spent on it (decoding included; the model's load apart). */
  classify(bytes: Uint8Array, maxPixels: number): Promise<Classified> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: NsfwRequest = { id, bytes, maxPixels };
      this.ensureThread().postMessage(request);
    });
  }

  /** Stops the thread (the model unloaded); the next picture starts a new one. */
  async close(): Promise<void> {
    const t = this.thread;
    this.thread = null;
    await t?.terminate();
  }

  private ensureThread(): Worker {
    if (this.thread) return this.thread;
    // Under TypeScript (dev, tests) the thread needs the same loader as this process.
    const ts = import.meta.url.endsWith('.ts');
    const entry = new URL(ts ? './nsfw-thread.ts' : './nsfw-thread.js', import.meta.url);
    const execArgv = ts && !process.execArgv.includes('@swc-node/register/esm-register') ? [...process.execArgv, '--import', '@swc-node/register/esm-register'] : process.execArgv;
    const thread = new Worker(entry, { execArgv, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    thread.unref();
    thread.on('message', (m: NsfwReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if ('error' in m) p.reject(new Error(m.error));
      else {
        const { id: _id, ...classified } = m;
        p.resolve(classified);
      }
    });
    const died = (e: Error) => {
      if (this.thread !== thread) return;
      this.thread = null;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    thread.on('error', died);
    thread.on('exit', (code) => died(new Error(`the picture classifier's thread exited with code ${code}`)));
    this.thread = thread;
    return thread;
  }
}

let shared: NsfwThread | undefined;
/** The process's classifier thread (one per process, whatever asks). */
export const nsfwThread = (): NsfwThread => (shared ??= new NsfwThread());
