// Runs one tool job from the queue to a terminal phase. Idempotent by job id: a job
// re-run after its worker died (stalled-job recovery) either finds it already ended or
// does it again, and the creation is written in the same transaction that completes
// the job, guarded by the job's phase and the creation's unique jobId — one creation,
// never two.
import { UnrecoverableError, type Job as QueueJob, type Processor } from 'bullmq';
import type { Job } from '../server/db/generated/client.js';
import { AppError } from '../server/errors.js';
import { isDatabaseUnavailable } from '../server/db/unavailable.js';
import { emitJobEvent, isTerminal, readJobText } from '../server/modules/job/job.events.js';
import type { QueuePayload } from '../server/modules/job/job.kinds.js';
import { completeJob, endJob, readJob } from '../server/modules/job/job.store.js';
import { localFileOf } from '../server/providers/storage/local.js';
import { deleteFileIfUnused } from '../server/modules/creation/creation.files.js';
import { jobInputSchema, type Tool, type ToolResult, type WorkPhase } from '../server/tools/tool.js';
import { parseInput } from '../server/validation.js';
import type { WorkerServices } from './context.js';
import { JobStopped, Reporter } from './reporter.js';

export type JobOutcome = 'completed' | 'failed' | 'cancelled' | 'already-ended';

/** Where streamed or stepped work inside PROCESSING ends (FINALIZING starts at or above it). */
const PROCESSING_ENDS_AT = 90;

const GENERIC_FAILURE = 'Something went wrong while working on this. Please try again.';

/** The BullMQ processor of one tool: its provider is picked once, here, for the process. */
export function processorFor(services: WorkerServices, tool: Tool): Processor<QueuePayload, JobOutcome> {
  const provider = tool.provider(services);
  return (queueJob: QueueJob<QueuePayload>, _token?: string, cancelSignal?: AbortSignal) => runJob(services, queueJob.data.jobId, tool, provider, cancelSignal);
}

/** A job's uploads are private and deleted as soon as it has ended, whatever the outcome. */
async function deleteUploads(services: WorkerServices, tool: Tool, input: Record<string, unknown>): Promise<void> {
  const keys = tool.uploads.map((u) => input[u.key]).filter((k): k is string => typeof k === 'string');
  await Promise.all(keys.map((k) => services.storage.deleteUpload(k)));
}

export async function runJob(services: WorkerServices, jobId: string, tool: Tool, provider: unknown, cancelSignal?: AbortSignal): Promise<JobOutcome> {
  const { db, redis, config, log } = services;
  const store = { db, redis, prefix: config.REDIS_PREFIX };
  const job = await readJob(db, jobId);
  if (!job) return 'already-ended';
  const stored = (job.input ?? {}) as Record<string, unknown>;
  if (isTerminal(job.phase)) {
    // Ended before we got it (cancelled while queued), or a previous run finished just
    // before dying: say so again, in case that event was lost with it.
    await emitJobEvent(redis, config.REDIS_PREFIX, {
      jobId, phase: job.phase, percent: job.percent, delta: '', offset: 0, message: job.message, creationId: job.creationId,
    });
    await deleteUploads(services, tool, stored).catch(() => undefined);
    return 'already-ended';
  }

  const timeout = AbortSignal.timeout(config.JOB_TIMEOUT_MS);
  const signal = cancelSignal ? AbortSignal.any([cancelSignal, timeout]) : timeout;
  const report = new Reporter(services, jobId, await readJobText(redis, config.REDIS_PREFIX, jobId), job.kind);
  const [processingAt] = tool.phases.PROCESSING;
  const run: Parameters<Tool['process']>[0] = {
    job,
    input: { prompt: '' },
    provider,
    report,
    signal,
    services,
    enter: (phase: WorkPhase, message?: string) => report.enter(phase, tool.phases[phase][0], message ?? tool.phases[phase][1]),
    percentAt: (fraction: number) => processingAt + (PROCESSING_ENDS_AT - processingAt) * Math.min(1, Math.max(0, fraction)),
  };
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
    await deleteUploads(services, tool, stored).catch((err: Error) => log.warn({ err: err.message, jobId }, 'cleanup failed'));
  };
  try {
    // The processor gets its input checked against the tool's own schema.
    run.input = parseInput(jobInputSchema(tool), stored) as typeof run.input;
    const result = await tool.process(run);
    signal.throwIfAborted();
    return finished(await complete(services, tool, job, result, tidy));
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
      log.info({ jobId, kind: job.kind, code: e.code, err: e.message }, 'job failed');
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

/** Completes the job with its creation (one statement), only if the job is still live. */
async function complete(services: WorkerServices, tool: Tool, job: Job, result: ToolResult, beforeAnnounce: () => Promise<void>): Promise<JobOutcome> {
  const { db, redis, config } = services;
  const creation = { type: tool.creationType, prompt: result.prompt, content: result.content, metadata: result.metadata, published: result.published ?? false };
  const file = localFileOf(result.content);
  // Published from the start: the store's public copy exists before anyone is told of it.
  if (file && creation.published) await services.storage.setPublished(file, true);
  const done = await completeJob({ db, redis, prefix: config.REDIS_PREFIX }, job.id, result.summary ?? 'Done', creation, beforeAnnounce);
  if (done) return 'completed';
  // No creation points at the image this run stored: nobody will ever see it.
  await deleteFileIfUnused(db, services.storage, file).catch(() => undefined);
  return 'cancelled';
}
