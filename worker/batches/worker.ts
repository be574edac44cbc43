// The batches queue's BullMQ Worker (docs/batches.md): a batch's parent job runs once every
// picture's job (its children) has ended, and closes the batch (closeBatch: once, whoever runs
// it, so a re-run after a worker died changes nothing).
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { BATCH_QUEUE, closeBatch, type BatchPayload } from '../../server/shared/batches/batch.js';
import type { WorkerServices } from '../context.js';

export function startBatchWorker(services: Pick<WorkerServices, 'db' | 'webhooks' | 'log' | 'config'>, connection: Redis): Worker<BatchPayload, boolean> {
  return new Worker<BatchPayload, boolean>(
    BATCH_QUEUE,
    async (job) => {
      const closed = await closeBatch(services, job.data.batchId);
      if (closed) services.log.info({ batchId: job.data.batchId }, 'batch completed');
      return closed;
    },
    { connection, prefix: services.config.REDIS_PREFIX, concurrency: 4, lockDuration: services.config.JOB_LOCK_MS },
  );
}
