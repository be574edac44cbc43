import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueuePayload } from './job.kinds.js';
import { createWebhookQueue, type WebhookJobData } from '../webhooks/queue.js';

/** How long BullMQ keeps a job it gave up on: past it, a live job it has no trace of may be one it failed, not one it lost. */
export const FAILED_JOBS_KEPT_MS = 24 * 3600 * 1000;

/** The API side of the tool queues: one BullMQ Queue per kind, made on first use; and the webhooks queue. */
export class Queues {
  private readonly queues = new Map<string, Queue<QueuePayload>>();
  private webhookQueue: Queue<WebhookJobData> | null = null;
  constructor(
    private readonly connection: Redis,
    private readonly prefix: string,
    /** Connection trouble (e.g. Redis restarting): reported, not thrown; the connection retries by itself. */
    private readonly onError: (e: Error) => void,
  ) {}

  get(kind: string): Queue<QueuePayload> {
    let q = this.queues.get(kind);
    if (!q) {
      q = new Queue<QueuePayload>(kind, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: {
          // Retries of provider calls happen inside the job; BullMQ re-runs a job only
          // when its worker died (stalled-job recovery) or when the database or Redis
          // failed under it (the job could not even be marked failed): 1, 2, 4 … 64 s,
          // about two minutes of outage. A real failure is UnrecoverableError: no re-run.
          attempts: 8,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { age: 3600, count: 5000 },
          removeOnFail: { age: FAILED_JOBS_KEPT_MS / 1000 },
        },
      });
      q.on('error', this.onError);
      this.queues.set(kind, q);
    }
    return q;
  }

  /** The webhook deliveries' queue (server/shared/webhooks/queue.ts), made on first use. */
  webhooks(): Queue<WebhookJobData> {
    this.webhookQueue ??= createWebhookQueue(this.connection, this.prefix, this.onError);
    return this.webhookQueue;
  }

  /** Waiting/active/delayed/failed counts of every tool queue (for metrics). */
  async counts(kinds: readonly string[]): Promise<Record<string, Record<string, number>>> {
    const entries = await Promise.all(kinds.map(async (k) => [k, await this.get(k).getJobCounts('waiting', 'active', 'delayed', 'failed')] as const));
    return Object.fromEntries(entries);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values(), ...(this.webhookQueue ? [this.webhookQueue] : [])].map((q) => q.close()));
  }
}
