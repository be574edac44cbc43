// Terminal transitions of a job, shared by the API (cancel) and workers (fail, complete).
import type { Redis } from 'ioredis';
import type { Db } from '../../db/prisma.js';
import type { Job } from '../../db/generated/client.js';
import type { QuotaCharge } from './job.kinds.js';
import { emitJobEvent, TERMINAL_PHASES } from './job.events.js';
import { refundQuota } from './usage.js';

export const quotaOf = (job: Pick<Job, 'input'>): QuotaCharge | null => {
  const q = (job.input as { quota?: QuotaCharge | null } | null)?.quota;
  return q && q.kind === 'text' ? q : null;
};

export interface JobStoreDeps {
  db: Db;
  redis: Redis;
  prefix: string;
}

/**
 * Moves a live job to FAILED or CANCELLED exactly once (the conditional update is the
 * referee between a finishing worker and a cancelling user), gives back its quota, and
 * tells subscribers. False when the job had already ended.
 */
export async function endJob(
  deps: JobStoreDeps,
  id: string,
  phase: 'FAILED' | 'CANCELLED',
  message: string,
  errorCode?: string,
  /** Runs after the change is stored and before anyone hears of it. */
  beforeAnnounce?: () => Promise<void>,
): Promise<boolean> {
  const ended = await deps.db.$transaction(async (tx) => {
    const [job] = await tx.job.updateManyAndReturn({
      where: { id, phase: { notIn: [...TERMINAL_PHASES] } },
      data: { phase, message, error: phase === 'FAILED' ? message : null, errorCode: errorCode ?? null, finishedAt: new Date() },
    });
    if (!job) return null;
    const charge = quotaOf(job);
    if (charge) await refundQuota(tx, job.userId, charge);
    return job;
  });
  if (!ended) return false;
  await beforeAnnounce?.();
  await emitJobEvent(deps.redis, deps.prefix, { jobId: id, phase, percent: ended.percent, delta: '', offset: 0, message, creationId: null }).catch(
    () => undefined,
  );
  return true;
}
