// Where webhook events are queued (docs/webhooks.md). The job store calls it once a job's end is
// stored (the one place each end happens exactly once: job.store.ts), the creation module when
// a creation is published, the webhook module for a test event. Each event becomes one
// WebhookDelivery row per enabled endpoint of the user subscribed to it, and one `webhooks`
// queue job per new row; the worker delivers them (worker/webhooks/).
//
// An event never gets in the way of what caused it: when the user has no endpoint for it, it
// costs one indexed query (none for a job's completion, whose statement asks: hasWebhooksFor);
// when Postgres or Redis fail here, it is logged and dropped, and the job's own end or the
// publication stands.
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Prisma, type Db } from '../db/prisma.js';
import type { WebhookDelivery, WebhookEndpoint } from '../db/generated/client.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import { localFileOf } from '../storage/local.js';
import { isPublic } from '../creations/creation.store.js';
import type { Storage } from '../storage/types.js';
import {
  creationEventData,
  JOB_END_EVENTS,
  jobEventData,
  linkBaseOf,
  payloadOf,
  TEST_EVENT,
  type JobEnd,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookPayload,
} from './events.js';
import { batchJson } from '../batches/batch.js';
import { webhookJobOptions, type WebhookJobData } from './queue.js';
import { forgetRedo, redoAfterReconnect } from '../platform/redo-after-reconnect.js';

export interface WebhookOutboxDeps {
  db: Db;
  /** The webhooks queue, made on first use (Queues.webhooks). */
  queue: () => Pick<Queue<WebhookJobData>, 'add'>;
  /** The connection the queue writes on: a delivery queued just before a failover is queued again when it reconnects. */
  redis: Redis;
  log: Logger;
  config: Pick<Config, 'PUBLIC_URL' | 'WEBHOOK_RETRY_DELAYS_MS'>;
  /** Gives a published creation's image its public URL. */
  storage: Pick<Storage, 'urlFor'>;
}

/**
 * SQL that is true when the user (`userId`, an SQL expression) has an enabled endpoint for any
 * of `events`: a statement that already runs (a job's completion) answers it on the way, so a
 * user with no webhooks costs no query of its own.
 */
export const hasWebhooksFor = (userId: Prisma.Sql, events: readonly WebhookEvent[]): Prisma.Sql =>
  Prisma.sql`EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w."userId" = ${userId} AND w."enabled" AND w."events" && ${[...events]}::text[])`;

/**
 * The `webhook-id` of an event: `msg_` and the id of what happened when it can happen only once
 * (a job's end: the job's id), so the same event queued twice is one delivery (the row's unique
 * endpointId + messageId); a fresh id otherwise.
 */
export const messageIdOf = (onceId: string = randomUUID()) => `msg_${onceId}`;

export class WebhookOutbox {
  constructor(private readonly deps: WebhookOutboxDeps) {}

  /** A job ended (this call's transition): job.completed, job.failed or job.cancelled. */
  jobEnded(userId: string, jobId: string, end: JobEnd): Promise<void> {
    return this.emit(userId, JOB_END_EVENTS[end], messageIdOf(jobId), async () => {
      const job = await this.deps.db.job.findUnique({ where: { id: jobId } });
      return job ? (base: string) => jobEventData(job, base) : null;
    });
  }

  /**
   * A creation joined the community gallery. `onceId`: the creation's id when it was published
   * by the job that made it (that happens once); a publication by its owner is an event of its
   * own each time.
   */
  creationPublished(userId: string, creationId: string, onceId?: string): Promise<void> {
    return this.emit(userId, 'creation.published', messageIdOf(onceId), async () => {
      const creation = await this.deps.db.creation.findUnique({ where: { id: creationId } });
      // Held or hidden (docs/screening.md): not in the gallery, so no event.
      if (!creation || !isPublic(creation)) return null;
      const file = localFileOf(creation.content);
      const contentUrl = file ? await this.deps.storage.urlFor(file, true) : creation.content;
      return (base: string) => creationEventData(creation, contentUrl, base);
    });
  }

  /**
   * Every picture of a batch has ended (docs/batches.md): its counts, pictures and the zip's link.
   * Once per batch (the message id is the batch's), whoever closed it.
   */
  batchCompleted(userId: string, batchId: string): Promise<void> {
    return this.emit(userId, 'batch.completed', messageIdOf(batchId), async () => {
      const batch = await this.deps.db.batch.findUnique({ where: { id: batchId } });
      if (!batch) return null;
      const jobs = await this.deps.db.job.findMany({ where: { id: { in: batch.jobIds } } });
      return (base: string) => batchJson(batch, jobs, base);
    });
  }

  /** "Send test event": one webhook.test delivery to this endpoint, whatever it subscribes to. */
  async queueTest(endpoint: Pick<WebhookEndpoint, 'id' | 'url' | 'userId'>): Promise<WebhookDelivery> {
    const payload = payloadOf(TEST_EVENT, { endpointId: endpoint.id, url: endpoint.url, message: 'A test event from Atelier: this endpoint receives and verifies webhooks.' });
    const [delivery] = await this.queueDeliveries(endpoint.userId, [endpoint.id], TEST_EVENT, messageIdOf(), payload);
    return delivery!;
  }

  /**
   * Queues `type` for the user's enabled endpoints that subscribe to it; never throws. `data`
   * reads the subject once (null: nothing to send) and gives its event data for a link base:
   * endpoints registered from different addresses get links to the address each knows (linkBaseOf).
   */
  private async emit(userId: string, type: WebhookEvent, messageId: string, data: () => Promise<((base: string) => Record<string, unknown> | null) | null>): Promise<void> {
    try {
      const endpoints = await this.deps.db.webhookEndpoint.findMany({ where: { userId, enabled: true, events: { has: type } }, select: { id: true, origin: true } });
      if (!endpoints.length) return;
      const dataFor = await data();
      if (!dataFor) return;
      const byBase = new Map<string, string[]>();
      for (const e of endpoints) {
        const base = linkBaseOf(this.deps.config.PUBLIC_URL, e.origin);
        byBase.set(base, [...(byBase.get(base) ?? []), e.id]);
      }
      const at = new Date();
      for (const [base, ids] of byBase) {
        const payload = dataFor(base);
        if (!payload) return;
        await this.queueDeliveries(userId, ids, type, messageId, payloadOf(type, payload, at));
      }
    } catch (e) {
      this.deps.log.warn({ err: (e as Error).message, userId, type, messageId }, 'could not queue a webhook event; it is dropped');
    }
  }

  /**
   * One row per endpoint of the user (a row that already exists, the same event queued again, is
   * skipped) and one queue job per new row, its id the row's, with the user (each account's
   * deliveries share a bounded number of slots: docs/webhooks.md, "Fairness"). A row whose queue
   * job could not be added is marked FAILED with the reason (it would never be sent), and the
   * error is thrown.
   */
  private async queueDeliveries(userId: string, endpointIds: string[], type: WebhookEventType, messageId: string, payload: WebhookPayload): Promise<WebhookDelivery[]> {
    const { db, queue, config } = this.deps;
    const rows = await db.webhookDelivery.createManyAndReturn({
      data: endpointIds.map((endpointId) => ({ endpointId, messageId, eventType: type, payload: payload as unknown as Prisma.InputJsonObject })),
      skipDuplicates: true,
    });
    // Each queued again if the connection reconnects soon (a failover may drop it): under the row's id it is still one queue job.
    const add = (id: string) => queue().add(type, { deliveryId: id, userId }, webhookJobOptions(id, config.WEBHOOK_RETRY_DELAYS_MS));
    for (const row of rows) redoAfterReconnect(this.deps.redis, `webhook-delivery:${row.id}`, () => add(row.id));
    const queued = await Promise.allSettled(rows.map((row) => add(row.id)));
    const refused = queued.flatMap((q, i) => (q.status === 'rejected' ? [{ id: rows[i]!.id, reason: q.reason as Error }] : []));
    if (refused.length) {
      for (const r of refused) forgetRedo(this.deps.redis, `webhook-delivery:${r.id}`); // FAILED below: never sent
      await db.webhookDelivery.updateMany({
        where: { id: { in: refused.map((r) => r.id) } },
        data: { status: 'FAILED', lastError: 'It could not be queued: the job queue was unavailable.' },
      });
      throw refused[0]!.reason;
    }
    return rows;
  }
}
