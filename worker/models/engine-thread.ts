// The image engine's thread (see engine.ts): runs one task at a time with models that stay
// loaded for the life of the thread.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../server/shared/platform/errors.js';
import { removeBackgroundLocal, type Progress } from './background.js';
import type { EngineMessage, EngineTask } from './engine.js';
import { objectMaskLocal, removeObjectLocal } from './objects.js';
import { segmenterStats } from './segmenter.js';

const port = parentPort!;
const post = (m: EngineMessage): void => port.postMessage(m);
const cancelled = (workerData as { cancelled: Int32Array }).cancelled;

class Cancelled extends Error {}

/** Reports a step; a task cancelled meanwhile ends here instead of going on to the next step. */
const stepper =
  (id: number): Progress =>
  (percent, message, eta): void => {
    if (Atomics.load(cancelled, 0) === id) throw new Cancelled('cancelled');
    post({ id, progress: { percent, message, ...(eta ? { eta } : {}) } });
  };

/** The task's outcome with how long the model took (load and runs) within it. */
async function work(id: number, task: EngineTask): Promise<EngineMessage> {
  const before = segmenterStats();
  const message = await perform(id, task);
  const after = segmenterStats();
  if ('result' in message) message.result.model = { loadMs: after.loadMs - before.loadMs, runMs: Math.round(after.runMs - before.runMs), runs: after.runs - before.runs };
  return message;
}

async function perform(id: number, task: EngineTask): Promise<EngineMessage> {
  const image = Buffer.from(task.image);
  const progress = stepper(id);
  if (task.op === 'background') {
    return { id, result: { png: await removeBackgroundLocal(image, { maxPixels: task.maxPixels }, progress) } };
  }
  const mask = task.mask ? Buffer.from(task.mask) : undefined;
  const find = task.op === 'objectMask' ? objectMaskLocal : removeObjectLocal;
  const { fillUrl, models } = task.op === 'object' ? task : {};
  const { png, ...rest } = await find(image, task.object, mask, { maxPixels: task.maxPixels, ...(fillUrl ? { fillUrl } : {}), ...(models ? { models } : {}) }, progress);
  return { id, result: { png, ...rest } };
}

port.on('message', ({ id, task }: { id: number; task: EngineTask }) => {
  work(id, task).then(post, (e: unknown) => {
    if (!(e instanceof AppError)) return post({ id, error: { message: (e as Error).message ?? String(e) } });
    const { code: _code, ...details } = e.extensions;
    post({ id, error: { code: e.code, message: e.message, details } });
  });
});
