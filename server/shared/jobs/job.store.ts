// The job state machine's Postgres half, the only code that writes Job rows: create (QUEUED,
// one round trip with its checks), complete (with its creation, one round trip), fail or
// cancel, reap. The working phases in between are Redis's (job.events.ts). The API's
// JobService and the worker's pipeline and reaper call these; each end is guarded by the
// job still being live, so a finishing worker and a cancelling user never both win. Each end
// is told to the owner's webhooks here too, by the call that made it (docs/webhooks.md).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Prisma, type Db } from '../db/prisma.js';
import type { Job } from '../db/generated/client.js';
import type { JobPhase } from '../db/generated/enums.js';
import { announceCreation, insertCreationFrom, insertExtraCreationsFrom, isPublic, type NewCreation } from '../creations/creation.store.js';
import type { QuotaCharge } from './job.kinds.js';
import { emitJobEvent, TERMINAL_PHASES } from './job.events.js';
import type { JobEvent } from '../platform/pubsub.js';
import { redoAfterReconnect } from '../platform/redo-after-reconnect.js';
import { refundQuota } from './usage.js';
import { hasWebhooksFor, type WebhookOutbox } from '../webhooks/outbox.js';

export type WorkingPhase = Exclude<JobPhase, 'QUEUED' | 'COMPLETED' | 'FAILED' | 'CANCELLED'>;

export const quotaOf = (job: Pick<Job, 'input'>): QuotaCharge | null => {
  const q = (job.input as { quota?: QuotaCharge | null } | null)?.quota;
  return q && q.kind === 'text' ? q : null;
};

export interface JobStoreDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  /** Queues the job.* (and creation.published) webhook events of the ends made here. */
  webhooks: WebhookOutbox;
}

const live = { notIn: [...TERMINAL_PHASES] };

export interface NewJob {
  id: string;
  userId: string;
  kind: string;
  input: Prisma.JsonObject;
  createdAt: Date;
}

export type EnqueueOutcome = { ok: true } | { ok: false; busy: number } | { ok: false; quota: true };

/**
 * Stores a QUEUED job in one round trip (the enqueue_job function): under the user's lock it
 * checks the running-jobs cap and charges the monthly quota (`charge`), or writes nothing.
 */
export async function insertJob(db: Db, job: NewJob, maxLive: number, charge: QuotaCharge | null, quotaLimit: number): Promise<EnqueueOutcome> {
  const [row] = await db.$queryRaw<{ outcome: string }[]>`
    SELECT "enqueue_job"(${job.id}::uuid, ${job.userId}::uuid, ${job.kind}, ${JSON.stringify(job.input)}::jsonb, ${job.createdAt}::timestamp(3),
      ${maxLive}::int, ${charge?.kind ?? null}::text, ${charge?.month ?? null}::text, ${quotaLimit}::int) AS "outcome"`;
  const outcome = row!.outcome;
  if (outcome === 'ok') return { ok: true };
  if (outcome === 'quota') return { ok: false, quota: true };
  return { ok: false, busy: Number(outcome.slice('busy:'.length)) };
}

export function readJob(db: Db, id: string): Promise<Job | null> {
  return db.job.findUnique({ where: { id } });
}

/** Live jobs, for the user's running-jobs cap. */
export function countLiveJobs(db: Db | Prisma.TransactionClient, userId: string): Promise<number> {
  return db.job.count({ where: { userId, phase: live } });
}

/**
 * Completes a live job and inserts its creation in one statement (one round trip, atomic:
 * both or neither), then runs `beforeAnnounce` and tells subscribers (and the gallery, when
 * the creation is published), then the owner's webhooks. `extras`, more creations of the same
 * request (the image tool's count), are inserted by the same statement, with no job of their
 * own. The same statement says whether the owner has webhooks for it, so a job still costs one
 * round trip to complete when they have none (tests/jobs/job-round-trips.test.ts). False when
 * the job had already ended.
 */
export async function completeJob(
  deps: JobStoreDeps,
  id: string,
  message: string,
  creation: Omit<NewCreation, 'id'> & { id?: string },
  beforeAnnounce: () => Promise<void>,
  /** When the worker started on it (its phases are Redis's; the row keeps only this). */
  startedAt: Date | null = null,
  extras: NewCreation[] = [],
): Promise<{ creationId: string } | null> {
  const creationId = creation.id ?? randomUUID();
  const rows = await deps.db.$queryRaw<{ id: string; userId: string; webhooks: boolean }[]>`
    WITH done AS (
      UPDATE "Job" SET "phase" = 'COMPLETED', "percent" = 100, "message" = ${message}, "creationId" = ${creationId}::uuid,
        "startedAt" = COALESCE("startedAt", ${startedAt}::timestamp(3)), "finishedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${id}::uuid AND "phase" NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')
      RETURNING "id", "userId"
    )${extras.length ? Prisma.sql`, extras AS (${insertExtraCreationsFrom('done', extras)})` : Prisma.empty},
    created AS (${insertCreationFrom('done', { ...creation, id: creationId })})
    SELECT c."id", c."userId", ${hasWebhooksFor(Prisma.sql`c."userId"`, ['job.completed', 'creation.published'])} AS "webhooks" FROM created c`;
  await beforeAnnounce();
  if (rows.length !== 1) return null;
  for (const c of [{ ...creation, id: creationId }, ...extras]) if (isPublic(c)) await announceCreation(deps.redis, deps.prefix, c.id);
  await announceEndEvent(deps, { jobId: id, phase: 'COMPLETED', percent: 100, delta: '', offset: 0, message, creationId });
  const { userId, webhooks } = rows[0]!;
  if (webhooks) {
    await deps.webhooks.jobEnded(userId, id, 'COMPLETED');
    for (const c of [{ ...creation, id: creationId }, ...extras]) if (isPublic(c)) await deps.webhooks.creationPublished(userId, c.id, c.id);
  }
  return { creationId };
}

export interface EndOptions {
  errorCode?: string;
  /** Runs after the change is stored and before anyone hears of it. */
  beforeAnnounce?: () => Promise<void>;
  /** How far the worker got (the row's percent stays at 0 while Redis holds the live state). */
  percent?: number;
  /** When the worker started on it. */
  startedAt?: Date | null;
}

/**
 * Moves a live job to FAILED or CANCELLED exactly once, gives back its quota, and tells
 * subscribers, then the owner's webhooks. False when the job had already ended.
 */
export async function endJob(deps: JobStoreDeps, id: string, phase: 'FAILED' | 'CANCELLED', message: string, options: EndOptions = {}): Promise<boolean> {
  const { errorCode, beforeAnnounce, percent, startedAt } = options;
  const ended = await deps.db.$transaction(async (tx) => {
    const [job] = await tx.job.updateManyAndReturn({
      where: { id, phase: live },
      data: {
        phase,
        message,
        error: phase === 'FAILED' ? message : null,
        errorCode: errorCode ?? null,
        finishedAt: new Date(),
        ...(percent !== undefined ? { percent: Math.round(percent) } : {}),
        ...(startedAt ? { startedAt } : {}),
      },
    });
    if (!job) return null;
    const charge = quotaOf(job);
    if (charge) await refundQuota(tx, job.userId, charge);
    return job;
  });
  if (!ended) return false;
  await beforeAnnounce?.();
  await announceEndEvent(deps, { jobId: id, phase, percent: ended.percent, delta: '', offset: 0, message, creationId: null }).catch(() => undefined);
  await deps.webhooks.jobEnded(ended.userId, id, phase);
  return true;
}

/**
 * A job's end, as its live state and its subscribers' event; told again if this connection
 * reconnects within a minute, as a failover may have dropped it (platform/redo-after-reconnect.ts).
 */
async function announceEndEvent(deps: JobStoreDeps, event: JobEvent): Promise<void> {
  const announce = () => emitJobEvent(deps.redis, deps.prefix, event);
  redoAfterReconnect(deps.redis, `job-end:${event.jobId}`, announce);
  await announce();
}

/** Says again how a job ended, from its row (a worker that died between storing the end and announcing it). */
export async function announceEnd(deps: JobStoreDeps, id: string): Promise<void> {
  const job = await readJob(deps.db, id);
  if (!job || !TERMINAL_PHASES.includes(job.phase)) return;
  await announceEndEvent(deps, {
    jobId: id,
    phase: job.phase,
    percent: job.percent,
    delta: '',
    offset: 0,
    message: job.message,
    creationId: job.creationId,
  });
}

/** What the sweep makes of a stale live job: BullMQ still runs it, BullMQ lost it (queue it again), or BullMQ gave up on it (fail it). */
export type StaleJobVerdict = 'running' | 'lost' | 'abandoned';

/** A stale live job as the sweep reads it: enough to judge it and to queue it again. */
export type StaleJob = Pick<Job, 'id' | 'kind' | 'userId' | 'input' | 'createdAt'>;

/**
 * Live jobs untouched for `staleAfterMs` that `judge` says nobody will finish: a lost one is
 * handed to `requeue` (its row stays as it is: whoever runs it ends it once, as any run), an
 * abandoned one is failed. Returns the ids of both.
 */
export async function reapJobs(
  deps: JobStoreDeps,
  staleAfterMs: number,
  judge: (job: StaleJob) => Promise<StaleJobVerdict>,
  requeue: (job: StaleJob) => Promise<void>,
  message: string,
  errorCode: string,
): Promise<{ failed: string[]; requeued: string[] }> {
  const stale = await deps.db.job.findMany({
    where: { phase: live, updatedAt: { lt: new Date(Date.now() - staleAfterMs) } },
    select: { id: true, kind: true, userId: true, input: true, createdAt: true },
    take: 500,
  });
  const failed: string[] = [];
  const requeued: string[] = [];
  for (const job of stale) {
    const verdict = await judge(job);
    if (verdict === 'lost') {
      await requeue(job);
      requeued.push(job.id);
    } else if (verdict === 'abandoned' && (await endJob(deps, job.id, 'FAILED', message, { errorCode }))) failed.push(job.id);
  }
  return { failed, requeued };
}
