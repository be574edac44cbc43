// The job state machine, the only code that writes Job rows: create (QUEUED), enter a
// working phase, complete (with its creation), fail or cancel, reap. The API's JobService and
// the worker's pipeline, reporter and reaper all call these; each transition is guarded by
// the job still being live, so a finishing worker and a cancelling user never both win.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Prisma, type Db } from '../../db/prisma.js';
import type { Job } from '../../db/generated/client.js';
import type { JobPhase } from '../../db/generated/enums.js';
import { announceCreation, insertCreationFrom, type NewCreation } from '../creation/creation.store.js';
import type { QuotaCharge } from './job.kinds.js';
import { emitJobEvent, TERMINAL_PHASES } from './job.events.js';
import { refundQuota } from './usage.js';

export type WorkingPhase = Exclude<JobPhase, 'QUEUED' | 'COMPLETED' | 'FAILED' | 'CANCELLED'>;

export const quotaOf = (job: Pick<Job, 'input'>): QuotaCharge | null => {
  const q = (job.input as { quota?: QuotaCharge | null } | null)?.quota;
  return q && q.kind === 'text' ? q : null;
};

export interface JobStoreDeps {
  db: Db;
  redis: Redis;
  prefix: string;
}

const live = { notIn: [...TERMINAL_PHASES] };

/** A new QUEUED job (inside enqueue's transaction, which holds the user's checks). */
export function createJob(tx: Prisma.TransactionClient, userId: string, kind: string, input: Prisma.InputJsonObject): Promise<Job> {
  return tx.job.create({ data: { kind, userId, input } });
}

export function readJob(db: Db, id: string): Promise<Job | null> {
  return db.job.findUnique({ where: { id } });
}

/** Live jobs, for the user's running-jobs cap. */
export function countLiveJobs(db: Db | Prisma.TransactionClient, userId: string): Promise<number> {
  return db.job.count({ where: { userId, phase: live } });
}

/** Moves a live job into a working phase; false when it has ended meanwhile (cancelled). */
export async function enterPhase(db: Db, id: string, phase: WorkingPhase, percent: number, message: string): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: { id, phase: live },
    data: { phase, percent, message, ...(phase === 'ANALYZING' ? { startedAt: new Date() } : {}) },
  });
  return count === 1;
}

/** Sets a live job's message (a retry's note) without changing its phase; false when it has ended. */
export async function noteJob(db: Db, id: string, message: string): Promise<boolean> {
  const { count } = await db.job.updateMany({ where: { id, phase: live }, data: { message } });
  return count === 1;
}

/**
 * Completes a live job and inserts its creation in one statement (one round trip, atomic:
 * both or neither), then runs `beforeAnnounce` and tells subscribers (and the gallery, when
 * the creation is published). False when the job had already ended.
 */
export async function completeJob(
  deps: JobStoreDeps,
  id: string,
  message: string,
  creation: Omit<NewCreation, 'id'>,
  beforeAnnounce: () => Promise<void>,
): Promise<{ creationId: string } | null> {
  const creationId = randomUUID();
  const rows = await deps.db.$queryRaw<{ id: string }[]>`
    WITH done AS (
      UPDATE "Job" SET "phase" = 'COMPLETED', "percent" = 100, "message" = ${message}, "creationId" = ${creationId}::uuid,
        "finishedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${id}::uuid AND "phase" NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')
      RETURNING "id", "userId"
    )
    ${insertCreationFrom('done', { ...creation, id: creationId })}`;
  await beforeAnnounce();
  if (rows.length !== 1) return null;
  if (creation.published) await announceCreation(deps.redis, deps.prefix, creationId);
  await emitJobEvent(deps.redis, deps.prefix, { jobId: id, phase: 'COMPLETED', percent: 100, delta: '', offset: 0, message, creationId });
  return { creationId };
}

/**
 * Moves a live job to FAILED or CANCELLED exactly once, gives back its quota, and tells
 * subscribers. False when the job had already ended.
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
      where: { id, phase: live },
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

/**
 * Fails live jobs untouched for `staleAfterMs` that `stillRunning` says nobody will finish
 * (BullMQ gave up on them or lost them); returns their ids.
 */
export async function reapJobs(
  deps: JobStoreDeps,
  staleAfterMs: number,
  stillRunning: (job: { id: string; kind: string }) => Promise<boolean>,
  message: string,
  errorCode: string,
): Promise<string[]> {
  const stale = await deps.db.job.findMany({
    where: { phase: live, updatedAt: { lt: new Date(Date.now() - staleAfterMs) } },
    select: { id: true, kind: true },
    take: 500,
  });
  const reaped: string[] = [];
  for (const job of stale) {
    if (await stillRunning(job)) continue;
    if (await endJob(deps, job.id, 'FAILED', message, errorCode)) reaped.push(job.id);
  }
  return reaped;
}
