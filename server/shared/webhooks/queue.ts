// The `webhooks` BullMQ queue: one queue job per WebhookDelivery row (its id is the queue job's
// id, so a delivery is queued once), retried by BullMQ itself with the Standard Webhooks
// schedule (WEBHOOK_RETRY_DELAYS_MS; docs/webhooks.md, "Retries"). The worker side is
// worker/webhooks/.
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';

export const WEBHOOK_QUEUE = 'webhooks';
/** The custom backoff type: the worker's backoffStrategy reads the wait from the schedule. */
export const WEBHOOK_BACKOFF = 'webhook-schedule';

export interface WebhookJobData {
  deliveryId: string;
  /**
   * The endpoint's account: its deliveries share a bounded number of the worker's slots
   * (docs/webhooks.md, "Fairness"). Absent from jobs queued before it was added: read from the row.
   */
  userId?: string;
}

/** How a delivery is queued: one attempt now and one per retry delay, each delay from the schedule. */
export function webhookJobOptions(deliveryId: string, retryDelaysMs: readonly number[]): JobsOptions {
  return {
    jobId: deliveryId,
    attempts: retryDelaysMs.length + 1,
    backoff: { type: WEBHOOK_BACKOFF },
    // The WebhookDelivery row is the log; BullMQ's copy is kept a day (a week when it failed) for whoever looks.
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/** The wait before retry number `attemptsMade` (1 after the first failure), as BullMQ's backoffStrategy asks. */
export const retryDelayAfter = (attemptsMade: number, retryDelaysMs: readonly number[]): number => retryDelaysMs[Math.min(attemptsMade, retryDelaysMs.length) - 1] ?? 0;

export function createWebhookQueue(connection: Redis, prefix: string, onError: (e: Error) => void): Queue<WebhookJobData> {
  const queue = new Queue<WebhookJobData>(WEBHOOK_QUEUE, { connection, prefix });
  queue.on('error', onError);
  return queue;
}
