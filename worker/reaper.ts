// Jobs nobody will finish: a Job row still live while BullMQ has given up on it (its
// re-runs used up, e.g. by a long database outage) or lost it. Every worker sweeps now and
// then; the first to end such a job wins (the job store's guarded update), and its owner
// sees it fail with a code instead of waiting forever.
import type { Queues } from '../server/shared/jobs/queues.js';
import { reapJobs } from '../server/shared/jobs/job.store.js';
import { ErrorCode } from '../server/shared/platform/errors.js';
import type { WorkerServices } from './context.js';

export const ABANDONED_MESSAGE = 'This job could not be finished because a service was unavailable for too long. Please try again.';

/** BullMQ states in which a job may still run. */
const ALIVE = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/** Ends live jobs untouched for `staleAfterMs` that BullMQ no longer runs; returns their ids. */
export function reapAbandonedJobs(services: Pick<WorkerServices, 'db' | 'redis' | 'config' | 'webhooks'>, queues: Queues, staleAfterMs: number): Promise<string[]> {
  const { db, redis, config, webhooks } = services;
  return reapJobs(
    { db, redis, prefix: config.REDIS_PREFIX, webhooks },
    staleAfterMs,
    async (job) => ALIVE.has(await queues.get(job.kind).getJobState(job.id)),
    ABANDONED_MESSAGE,
    ErrorCode.SERVICE_UNAVAILABLE,
  );
}
