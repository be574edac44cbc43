import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueuePayload } from './job.kinds.js';
import { createWebhookQueue, type WebhookJobData } from '../webhooks/queue.js';

/** How long BullMQ keeps a job it gave up on: past it, a live job it has no trace of may be one it failed, not one it lost. */
export const FAILED_JOBS_KEPT_MS = 24 * 3600 * 1000;

/**
 * Every tool job's BullMQ options (a batch's pictures too: a flow's children do not get their
 * queue's defaults). Retries of provider calls happen inside the job; BullMQ re-runs a job only
 * when its worker died (stalled-job recovery) or when the database or Redis failed under it (the
 * job could not even be marked failed): 1, 2, 4 … 64 s, about two minutes of outage. A real
 * failure is UnrecoverableError: no re-run.
 */
export const TOOL_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 5000 },
  removeOnFail: { age: FAILED_JOBS_KEPT_MS / 1000 },
} as const;

export interface QueueStats {
  counts: { waiting: number; active: number; delayed: number; failed: number };
  /** Since the oldest waiting job was queued (BullMQ's timestamp: a job re-queued after its worker died counts from its first queueing); 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * KEYS: a BullMQ queue's wait list, active list, delayed and failed sets; ARGV[1]: its job-key
 * prefix. Jobs are pushed on the wait list's head and taken from its tail (RPOPLPUSH), so the
 * tail is the oldest.
 */
const QUEUE_STATS = `
local oldest = redis.call('LINDEX', KEYS[1], -1)
local queuedAt = false
if oldest then queuedAt = redis.call('HGET', ARGV[1] .. oldest, 'timestamp') end
return { redis.call('LLEN', KEYS[1]), redis.call('LLEN', KEYS[2]), redis.call('ZCARD', KEYS[3]), redis.call('ZCARD', KEYS[4]), queuedAt }`;

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
        defaultJobOptions: TOOL_JOB_OPTIONS,
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

  /**
   * Each tool queue's jobs by state and how long its oldest waiting job has waited (for metrics):
   * one Redis round trip per queue (QUEUE_STATS reads BullMQ's lists and sets as getJobCounts
   * does, and the timestamp of the job at the wait list's far end, the next one a worker takes).
   */
  async stats(kinds: readonly string[], now = Date.now()): Promise<Record<string, QueueStats>> {
    const entries = await Promise.all(
      kinds.map(async (kind) => {
        const key = (type: string) => this.get(kind).toKey(type);
        const [waiting, active, delayed, failed, queuedAt] = (await this.connection.eval(QUEUE_STATS, 4, key('wait'), key('active'), key('delayed'), key('failed'), key(''))) as [
          number,
          number,
          number,
          number,
          string | null,
        ];
        const oldestWaitingSeconds = queuedAt ? Math.max(0, (now - Number(queuedAt)) / 1000) : 0;
        return [kind, { counts: { waiting, active, delayed, failed }, oldestWaitingSeconds }] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values(), ...(this.webhookQueue ? [this.webhookQueue] : [])].map((q) => q.close()));
  }
}
