// Jobs nobody will finish: a Job row still live while BullMQ has given up on it (its
// re-runs used up, e.g. by a long database outage) or lost it. Every worker sweeps now and
// then. A job BullMQ lost — Redis failed over to a replica that had not received the last
// writes, or restarted without them, or the API stopped between storing the job and queueing
// it — is queued again from its row (Postgres is the referee: the job is still owed); one it
// gave up on is failed, and its owner sees it fail with a code instead of waiting forever. The
// first to end a job wins (the job store's guarded update), so a job queued twice (two
// sweeps, or a run that was still going) still ends once, with one creation.
import type { QueuePayload } from '../server/shared/jobs/job.kinds.js';
import { FAILED_JOBS_KEPT_MS, type Queues } from '../server/shared/jobs/queues.js';
import { reapJobs, type StaleJob, type StaleJobVerdict } from '../server/shared/jobs/job.store.js';
import { readJobLive } from '../server/shared/jobs/job.events.js';
import { ErrorCode } from '../server/shared/platform/errors.js';
import type { WorkerServices } from './context.js';

export const ABANDONED_MESSAGE = 'This job could not be finished because a service was unavailable for too long. Please try again.';

/** BullMQ states in which a job may still run. */
const ALIVE = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Queues again live jobs untouched for `staleAfterMs` that BullMQ has no trace of, and fails
 * those it gave up on; returns the ids of each.
 */
export function reapAbandonedJobs(
  services: Pick<WorkerServices, 'db' | 'redis' | 'config' | 'webhooks'>,
  queues: Queues,
  staleAfterMs: number,
): Promise<{ failed: string[]; requeued: string[] }> {
  const { db, redis, config, webhooks } = services;
  const judge = async (job: StaleJob): Promise<StaleJobVerdict> => {
    const state = await queues.get(job.kind).getJobState(job.id);
    if (ALIVE.has(state)) return 'running';
    // Failed for good (or, never seen, completed while its row stayed live).
    if (state !== 'unknown') return 'abandoned';
    // No trace: lost, unless so old that BullMQ may have failed it and dropped it since.
    if (Date.now() - job.createdAt.getTime() > FAILED_JOBS_KEPT_MS) return 'abandoned';
    // A worker that still reports on it runs it (its BullMQ entry lost under it): leave it be.
    const { state: live } = await readJobLive(redis, config.REDIS_PREFIX, job.id);
    if (live && Date.now() - live.updatedAt.getTime() < staleAfterMs) return 'running';
    return 'lost';
  };
  const requeue = async (job: StaleJob) => {
    const payload: QueuePayload = { jobId: job.id, userId: job.userId, kind: job.kind, input: (job.input ?? {}) as Record<string, unknown>, createdAt: job.createdAt.getTime() };
    // Under its own id: queued twice (another worker's sweep at the same time) is still one BullMQ job.
    await queues.get(job.kind).add(job.kind, payload, { jobId: job.id });
  };
  return reapJobs({ db, redis, prefix: config.REDIS_PREFIX, webhooks }, staleAfterMs, judge, requeue, ABANDONED_MESSAGE, ErrorCode.SERVICE_UNAVAILABLE);
}
