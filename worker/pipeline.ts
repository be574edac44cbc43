// Runs one tool job from the queue to a terminal phase. Idempotent by job id: a job
// re-run after its worker died (stalled-job recovery) either finds it already ended or
// does it again, and the creation is written in the same transaction that completes
// the job, guarded by the job's phase and the creation's unique jobId — one creation,
// never two.
import { randomUUID } from 'node:crypto';
import { UnrecoverableError, type Job as QueueJob, type Processor } from 'bullmq';
import type { CreationType } from '../server/db/generated/enums.js';
import type { Job } from '../server/db/generated/client.js';
import { AppError } from '../server/errors.js';
import { isDatabaseUnavailable } from '../server/db/unavailable.js';
import { emitJobEvent, isTerminal, readJobText, TERMINAL_PHASES } from '../server/modules/job/job.events.js';
import type { QueuePayload } from '../server/modules/job/job.kinds.js';
import { endJob } from '../server/modules/job/job.store.js';
import { channelName, Topic, type CreationPublishedEvent } from '../server/pubsub.js';
import { localFileOf } from '../server/providers/storage/local.js';
import { deleteLocalFileIfUnused } from '../server/modules/creation/creation.files.js';
import type { WorkerServices } from './context.js';
import { JobStopped, Reporter } from './reporter.js';

export interface ToolResult {
  type: CreationType;
  prompt: string;
  content: string;
  metadata: Record<string, unknown>;
  published?: boolean;
  /** The job's last line for its owner (default "Done"), e.g. "Removed 2 × cup". */
  summary?: string;
}

export interface ToolRun<I> {
  job: Job;
  input: I;
  report: Reporter;
  signal: AbortSignal;
  services: WorkerServices;
}

/** A tool: a plain function of its job. It reports phases and returns what to save. */
export type Tool<I = Record<string, unknown>> = (run: ToolRun<I>) => Promise<ToolResult>;

/** Called once the job has ended, whatever the outcome (e.g. to delete its private upload). */
export type Cleanup<I> = (input: I, services: WorkerServices) => Promise<void>;

export type JobOutcome = 'completed' | 'failed' | 'cancelled' | 'already-ended';

const GENERIC_FAILURE = 'Something went wrong while working on this. Please try again.';

export function processorFor<I>(services: WorkerServices, tool: Tool<I>, cleanup?: Cleanup<I>): Processor<QueuePayload, JobOutcome> {
  return (queueJob: QueueJob<QueuePayload>, _token?: string, cancelSignal?: AbortSignal) => runJob(services, queueJob.data.jobId, tool, cleanup, cancelSignal);
}

export async function runJob<I>(
  services: WorkerServices,
  jobId: string,
  tool: Tool<I>,
  cleanup?: Cleanup<I>,
  cancelSignal?: AbortSignal,
): Promise<JobOutcome> {
  const { db, redis, config, log } = services;
  const store = { db, redis, prefix: config.REDIS_PREFIX };
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job) return 'already-ended';
  const input = job.input as I;
  if (isTerminal(job.phase)) {
    // Ended before we got it (cancelled while queued), or a previous run finished just
    // before dying: say so again, in case that event was lost with it.
    await emitJobEvent(redis, config.REDIS_PREFIX, {
      jobId, phase: job.phase, percent: job.percent, delta: '', offset: 0, message: job.message, creationId: job.creationId,
    });
    await cleanup?.(input, services).catch(() => undefined);
    return 'already-ended';
  }

  const timeout = AbortSignal.timeout(config.JOB_TIMEOUT_MS);
  const signal = cancelSignal ? AbortSignal.any([cancelSignal, timeout]) : timeout;
  const report = new Reporter(services, jobId, await readJobText(redis, config.REDIS_PREFIX, jobId), job.kind);
  const started = performance.now();
  const finished = (outcome: JobOutcome) => {
    report.endPhase();
    services.metrics.jobSeconds.observe({ tool: job.kind, outcome }, (performance.now() - started) / 1000);
    services.metrics.jobsTotal.inc({ tool: job.kind, outcome });
    return outcome;
  };
  // Cleanup runs once the outcome is stored and before it is announced, so whoever
  // hears "done" finds nothing left behind.
  const tidy = async () => {
    await cleanup?.(input, services).catch((err: Error) => log.warn({ err: err.message, jobId }, 'cleanup failed'));
  };
  try {
    const result = await tool({ job, input, report, signal, services });
    signal.throwIfAborted();
    return finished(await complete(services, job, result, tidy));
  } catch (e) {
    if (e instanceof JobStopped || cancelSignal?.aborted) {
      await tidy();
      return finished('cancelled');
    }
    if (isDatabaseUnavailable(e)) {
      // Postgres is down or restarting: not the job's fault. Leave it live and let BullMQ
      // run it again with backoff (queues.ts); the re-run resumes it, idempotently.
      log.warn({ err: (e as Error).message, jobId }, 'database unavailable; the job will be retried');
      throw e;
    }
    if (timeout.aborted) {
      const seconds = Math.round(config.JOB_TIMEOUT_MS / 1000);
      await endJob(store, jobId, 'FAILED', `This took longer than ${seconds} s and was stopped. Please try again.`, 'TIMEOUT', tidy);
      return finished('failed');
    }
    if (e instanceof AppError) {
      await endJob(store, jobId, 'FAILED', e.message, e.code, tidy);
    } else {
      log.error({ err: e, jobId, kind: job.kind }, 'job failed');
      await endJob(store, jobId, 'FAILED', GENERIC_FAILURE, 'INTERNAL_SERVER_ERROR', tidy);
    }
    finished('failed');
    // Failed for good: no BullMQ retry (transient errors were already retried inside).
    throw new UnrecoverableError(e instanceof Error ? e.message : String(e));
  }
}

/** Saves the creation and completes the job in one transaction, only if the job is still live. */
async function complete(services: WorkerServices, job: Job, result: ToolResult, beforeAnnounce: () => Promise<void>): Promise<JobOutcome> {
  const { db, redis, config } = services;
  const creationId = randomUUID();
  const message = result.summary ?? 'Done';
  // One statement, so one round trip and atomic: the job completes (only if it is still
  // live) and its creation is inserted from that same row, or neither happens.
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH done AS (
      UPDATE "Job" SET "phase" = 'COMPLETED', "percent" = 100, "message" = ${message}, "creationId" = ${creationId}::uuid,
        "finishedAt" = now(), "updatedAt" = now()
      WHERE "id" = ${job.id}::uuid AND "phase" NOT IN ('COMPLETED', 'FAILED', 'CANCELLED')
      RETURNING "id", "userId"
    )
    INSERT INTO "Creation" ("id", "jobId", "userId", "type", "prompt", "content", "metadata", "published", "file")
    SELECT ${creationId}::uuid, done."id", done."userId", ${result.type}::"CreationType", ${result.prompt}, ${result.content},
      ${JSON.stringify(result.metadata)}::jsonb, ${result.published ?? false}, ${localFileOf(result.content)}
    FROM done
    RETURNING "id"`;
  const done = rows.length === 1;
  await beforeAnnounce();
  if (!done) {
    // No creation points at the image this run stored: nobody will ever see it.
    await deleteLocalFileIfUnused(db, config.dataDir, localFileOf(result.content)).catch(() => undefined);
    return 'cancelled';
  }
  if (result.published) {
    const event: CreationPublishedEvent = { creationId };
    await redis.publish(channelName(config.REDIS_PREFIX, Topic.CREATION_PUBLISHED), JSON.stringify(event));
  }
  await emitJobEvent(redis, config.REDIS_PREFIX, { jobId: job.id, phase: 'COMPLETED', percent: 100, delta: '', offset: 0, message, creationId });
  return 'completed';
}
