// A learned model's onnxruntime session, made as the segmenter's is (segmenter.ts): no memory
// arena (it would keep every intermediate's peak for the life of the process), 'extended'
// optimisation (not 'all', whose reordered copies cost memory), at most 4 threads, and only the
// one output fetched. One session per file per process, loaded on first use and kept; its runs
// go one at a time, so concurrent jobs share the cores instead of splitting them.
import { availableParallelism } from 'node:os';
import { stat } from 'node:fs/promises';
import type { InferenceSession, Tensor } from 'onnxruntime-node';

export type Ort = typeof import('onnxruntime-node');

export interface ModelSession {
  ort: Ort;
  /** Runs the model on `feeds` and gives the one output asked for (disposed by the caller's `use`). */
  run<T>(feeds: Record<string, Tensor>, output: string, use: (out: Tensor) => T): Promise<T>;
}

const sessions = new Map<string, Promise<ModelSession>>();

/** A checked file (model-file.ts): where it is, its checksum, and its size and time when it was taken. */
export interface CheckedFile {
  path: string;
  sha256: string;
  size: number;
  mtimeMs: number;
}

/** The file's session, keyed by its path and checksum: a replaced file gets a new one. */
export function modelSession(file: CheckedFile): Promise<ModelSession> {
  const key = `${file.path}:${file.sha256}`;
  let s = sessions.get(key);
  if (!s) {
    s = open(file);
    sessions.set(key, s);
    s.catch(() => sessions.delete(key));
  }
  return s;
}

async function open({ path, size, mtimeMs }: CheckedFile): Promise<ModelSession> {
  const ort = await import('onnxruntime-node');
  const options: InferenceSession.SessionOptions = {
    graphOptimizationLevel: 'extended',
    intraOpNumThreads: Math.max(1, Math.min(4, availableParallelism())),
    enableCpuMemArena: false,
    enableMemPattern: false,
  };
  const session = await ort.InferenceSession.create(path, options);
  // Its checksum was taken before this read it: it must still be that file.
  const now = await stat(path);
  if (now.size !== size || now.mtimeMs !== mtimeMs) {
    await session.release();
    throw new Error(`${path} changed after its checksum was taken; it is checked again on the next job`);
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ort,
    run(feeds, output, use) {
      const next = queue.then(async () => {
        const out = await session.run(feeds, [output]);
        const tensor = out[output]!;
        try {
          return use(tensor);
        } finally {
          tensor.dispose();
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
