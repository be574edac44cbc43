// The webhooks queue's BullMQ Worker, always on in every worker process (docs/webhooks.md):
// deliveries wait on the network, so many run at once, one account's at most
// WEBHOOK_ACCOUNT_SLOTS of them ("Fairness": account-slots.ts); retries follow the Standard
// Webhooks schedule through BullMQ's own backoff (WEBHOOK_RETRY_DELAYS_MS).
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { WEBHOOK_CONCURRENCY } from '../../server/shared/platform/constants.js';
import { retryDelayAfter, WEBHOOK_QUEUE, type WebhookJobData } from '../../server/shared/webhooks/queue.js';
import { AccountSlots, fairProcessor } from './account-slots.js';
import { webhookProcessor, type DeliveryOutcome, type WebhookWorkerServices } from './deliver.js';

export function startWebhookWorker(services: WebhookWorkerServices, connection: Redis, prefix: string): Worker<WebhookJobData, DeliveryOutcome> {
  const { config } = services;
  const processor = fairProcessor(services, new AccountSlots(config.WEBHOOK_ACCOUNT_SLOTS), webhookProcessor(services));
  return new Worker<WebhookJobData, DeliveryOutcome>(WEBHOOK_QUEUE, processor, {
    connection,
    prefix,
    concurrency: WEBHOOK_CONCURRENCY,
    // An attempt holds its lock for at most the timeout; the lock outlasts it well.
    lockDuration: Math.max(30_000, 3 * config.WEBHOOK_TIMEOUT_MS),
    settings: { backoffStrategy: (attemptsMade: number) => retryDelayAfter(attemptsMade, config.WEBHOOK_RETRY_DELAYS_MS) },
  });
}
