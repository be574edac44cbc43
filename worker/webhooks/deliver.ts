// The `webhooks` queue's processor (docs/webhooks.md, "Delivery" and "Retries"): one attempt
// to deliver one WebhookDelivery row, recorded in its attempt log. A failed attempt throws, so
// BullMQ retries it with its own attempts and the worker's backoffStrategy (the Standard
// Webhooks schedule, WEBHOOK_RETRY_DELAYS_MS); after the last one the row is FAILED. The row,
// its endpoint's URL and secret are read at each attempt: a rotated secret or a changed URL
// applies to retries too, and a deleted endpoint's deliveries end quietly.
import { UnrecoverableError, type Job as QueueJob, type Processor } from 'bullmq';
import { Prisma, type Db } from '../../server/shared/db/prisma.js';
import type { Config } from '../../server/shared/platform/config.js';
import type { Logger } from '../../server/shared/platform/logger.js';
import { WEBHOOK_RESPONSE_EXCERPT_CHARS, WEBHOOK_RESPONSE_MAX_BYTES } from '../../server/shared/platform/constants.js';
import { DeliveryStatus, type DeliveryAttempt } from '../../server/shared/webhooks/delivery-log.js';
import { TEST_EVENT } from '../../server/shared/webhooks/events.js';
import { retryDelayAfter, type WebhookJobData } from '../../server/shared/webhooks/queue.js';
import { signedHeaders } from '../../server/shared/webhooks/signing.js';
import type { ResolveAll } from '../../server/shared/webhooks/target.js';
import { postWebhook } from './post.js';

export interface WebhookWorkerServices {
  db: Db;
  config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE_TARGETS' | 'WEBHOOK_TIMEOUT_MS' | 'WEBHOOK_RETRY_DELAYS_MS' | 'WEBHOOK_ACCOUNT_SLOTS'>;
  log: Logger;
  /** How names are resolved at delivery (tests give their own). */
  resolve?: ResolveAll;
}

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

interface Settled {
  status: DeliveryStatus;
  attempt: DeliveryAttempt | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
}

/** Writes an attempt's outcome: appended to the log in the same statement, so no attempt is ever lost to another write. */
async function record(db: Db, id: string, { status, attempt, lastError, nextAttemptAt }: Settled): Promise<void> {
  const attempted = attempt
    ? Prisma.sql`"attempts" = "attempts" + 1, "attemptLog" = "attemptLog" || ${JSON.stringify([attempt])}::jsonb, "responseCode" = ${attempt.status}::int,`
    : Prisma.empty;
  const deliveredAt = status === DeliveryStatus.DELIVERED ? Prisma.sql`"deliveredAt" = now(),` : Prisma.empty;
  await db.$executeRaw`
    UPDATE "WebhookDelivery" SET ${attempted} ${deliveredAt}
      "status" = ${status}, "lastError" = ${lastError}, "nextAttemptAt" = ${nextAttemptAt}::timestamp(3), "updatedAt" = now()
    WHERE "id" = ${id}::uuid`;
}

/** One attempt of one delivery. `attemptsMade`: BullMQ's count of earlier attempts; `attempts`: how many it will make in all. */
export async function deliver(services: WebhookWorkerServices, deliveryId: string, attemptsMade: number, attempts: number): Promise<DeliveryOutcome> {
  const { db, config, log } = services;
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { endpoint: true } });
  // Deleted with its endpoint, or settled by an earlier run of this queue job.
  if (!delivery || delivery.status !== DeliveryStatus.PENDING) return 'skipped';
  const { endpoint } = delivery;
  if (!endpoint.enabled && delivery.eventType !== TEST_EVENT) {
    await record(db, deliveryId, { status: DeliveryStatus.FAILED, attempt: null, lastError: 'Not sent: the endpoint was disabled.', nextAttemptAt: null });
    return 'skipped';
  }

  const body = JSON.stringify(delivery.payload);
  const at = new Date();
  const result = await postWebhook(endpoint.url, body, signedHeaders(endpoint.secret, delivery.messageId, body, at), {
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    maxBytes: WEBHOOK_RESPONSE_MAX_BYTES,
    excerptChars: WEBHOOK_RESPONSE_EXCERPT_CHARS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    resolve: services.resolve,
  });
  const attempt: DeliveryAttempt = { at: at.toISOString(), status: result.status, ms: result.ms, error: result.error };
  if (!result.error) {
    await record(db, deliveryId, { status: DeliveryStatus.DELIVERED, attempt, lastError: null, nextAttemptAt: null });
    return 'delivered';
  }

  // 410 Gone: the receiver says the endpoint is no more; Standard Webhooks suggests disabling it.
  if (result.status === 410) {
    const lastError = `${result.error}. The endpoint answered 410 Gone, so it was disabled; enable it again on the account page.`;
    await record(db, deliveryId, { status: DeliveryStatus.FAILED, attempt, lastError, nextAttemptAt: null });
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    log.info({ endpointId: endpoint.id, deliveryId }, 'webhook endpoint answered 410 Gone: disabled');
    throw new UnrecoverableError(lastError);
  }
  const last = attemptsMade + 1 >= attempts;
  const nextAttemptAt = last ? null : new Date(Date.now() + retryDelayAfter(attemptsMade + 1, config.WEBHOOK_RETRY_DELAYS_MS));
  await record(db, deliveryId, { status: last ? DeliveryStatus.FAILED : DeliveryStatus.PENDING, attempt, lastError: result.error, nextAttemptAt });
  log.info({ deliveryId, endpointId: endpoint.id, attempt: attemptsMade + 1, of: attempts, status: result.status, err: result.error }, 'webhook attempt failed');
  // Thrown so BullMQ counts the attempt and schedules the next (or ends the queue job as failed).
  throw new Error(result.error);
}

export function webhookProcessor(services: WebhookWorkerServices): Processor<WebhookJobData, DeliveryOutcome> {
  return (job: QueueJob<WebhookJobData>) => deliver(services, job.data.deliveryId, job.attemptsMade, job.opts.attempts ?? 1);
}
