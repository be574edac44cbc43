import { Worker } from 'bullmq';
import type { Config } from '../server/config.js';
import type { Logger } from '../server/logger.js';
import { createRedis } from '../server/redis.js';
import { processors } from './processors/index.js';

export interface RunningWorkers {
  queues: string[];
  close(): Promise<void>;
}

/** One BullMQ Worker per tool queue, each running its processor. */
export async function startWorkers(config: Config, log: Logger): Promise<RunningWorkers> {
  const connection = createRedis(config.REDIS_URL, 'atelier-worker');
  connection.on('error', (e: Error) => log.warn({ err: e.message }, 'redis connection error'));
  const workers = Object.entries(processors).map(
    ([queue, processor]) =>
      new Worker(queue, processor, { connection, prefix: config.REDIS_PREFIX, concurrency: config.WORKER_CONCURRENCY }),
  );
  for (const w of workers) w.on('error', (e) => log.warn({ err: e.message, queue: w.name }, 'worker error'));
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  log.info({ queues: workers.map((w) => w.name), concurrency: config.WORKER_CONCURRENCY }, 'worker ready');
  return {
    queues: workers.map((w) => w.name),
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await connection.quit().catch(() => undefined);
    },
  };
}
