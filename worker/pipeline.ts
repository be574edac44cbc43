// Runs one tool job from the queue to a terminal phase, with the job the queue brought (no
// read of its row). Idempotent by job id: a job re-run after its worker died (stalled-job
// recovery) either finds it already ended (its first report is refused) or does it again,
// and the creation is written in the same statement that completes the job, guarded by the
// job's phase and the creation's unique jobId — one creation, never two. A worker shutting down
// hands a job it could not finish in its grace back to the queue (HAND_BACK): the run stops where
// it is, leaving the job live, its text in Redis and its uploads, and another worker resumes it.
import { UnrecoverableError, WaitingError, type Job as QueueJob, type Processor } from 'bullmq';
import { AppError } from '../server/shared/platform/errors.js';
import { isDatabaseUnavailable } from '../server/shared/db/unavailable.js';
import { isTerminal, readJobText } from '../server/shared/jobs/job.events.js';
import type { QueuePayload } from '../server/shared/jobs/job.kinds.js';
import { announceEnd, completeJob, endJob, readJob } from '../server/shared/jobs/job.store.js';
import { randomUUID } from 'node:crypto';
import { localFileOf } from '../server/shared/storage/local.js';
import { isPublic, type NewCreation } from '../server/shared/creations/creation.store.js';
import { screenerFor } from '../server/shared/screening/screener.js';
import { screenNewCreations } from '../server/shared/screening/publish.js';
import { deleteFileIfUnused } from '../server/shared/creations/unused-files.js';
import { jobInputSchema, type QueuedJob, type WorkPhase } from '../server/shared/tools/tool.js';
import type { RunnableTool as Tool, ToolRun, ToolResult } from './tools/processor.js';
import { parseInput } from '../server/shared/platform/validation.js';
import type { WorkerServices } from './context.js';
import { JobStopped, Reporter } from './reporter.js';
import { chainedTool } from './batches/chain.js';

export type JobOutcome = 'completed' | 'failed' | 'cancelled' | 'already-ended' | 'handed-back';

/** The abort reason of a job its worker gives back to the queue because it is shutting down (worker/drain.ts). */
export const HAND_BACK = 'handed back: its worker is shutting down';
/** What its followers read meanwhile. */
export const HANDED_BACK_NOTE = 'Moving to another worker…';

/** Where streamed or stepped work inside PROCESSING ends (FINALIZING starts at or above it). */
const PROCESSING_ENDS_AT = 90;

const GENERIC_FAILURE = 'Something went wrong while working on this. Please try again.';

/**
 * The BullMQ processor of one tool, and how many of its jobs to run at once: its provider is
 * picked once, here, for the process, and may run fewer at once than WORKER_CONCURRENCY.
 */
export async function processorFor(services: WorkerServices, tool: Tool): Promise<{ processor: Processor<QueuePayload, JobOutcome>; concurrency: number }> {
  const provider = await tool.provider(services);
  const own = (provider as { concurrency?: number } | null)?.concurrency;
  return {
    processor: async (queueJob: QueueJob<QueuePayload>, token?: string, cancelSignal?: AbortSignal) => {
      // A job's first run (not a retry, not taken back from a worker that died or handed back by
      // one shutting down: each start counts in attemptsStarted) has streamed nothing yet.
      const firstRun = queueJob.attemptsMade === 0 && queueJob.stalledCounter === 0 && queueJob.attemptsStarted <= 1;
      // A picture with several image steps runs them all in this job (docs/batches.md, "Chains").
      const outcome = await runJob(services, queueJob.data, chainedTool(tool, queueJob.data.input), provider, cancelSignal, firstRun);
      if (outcome !== 'handed-back') return outcome;
      // Back to the head of its queue, at once: the next free worker resumes it (BullMQ's manual
      // move; the WaitingError tells this worker the job is no longer its own).
      await queueJob.moveToWait(token);
      throw new WaitingError(HAND_BACK);
    },
    concurrency: Math.min(services.config.WORKER_CONCURRENCY, own ?? Infinity),
  };
}

/** A job's uploads are private and deleted as soon as it has ended, whatever the outcome. */
async function deleteUploads(services: WorkerServices, tool: Tool, input: Record<string, unknown>): Promise<void> {
  const keys = tool.uploads.map((u) => input[u.key]).filter((k): k is string => typeof k === 'string');
  await Promise.all(keys.map((k) => services.storage.deleteUpload(k)));
}

/** The job as the queue brought it, or (a job queued by an older version) as its row says. */
async function jobOf(services: WorkerServices, payload: QueuePayload): Promise<(QueuedJob & { ended?: boolean }) | null> {
  const { jobId, userId, kind, input, createdAt } = payload;
  if (userId && kind && input && createdAt !== undefined) return { id: jobId, userId, kind, input, createdAt: new Date(createdAt) };
  const row = await readJob(services.db, jobId);
  if (!row) return null;
  return { id: row.id, userId: row.userId, kind: row.kind, input: (row.input ?? {}) as Record<string, unknown>, createdAt: row.createdAt, ended: isTerminal(row.phase) };
}

export async function runJob(
  services: WorkerServices,
  payload: QueuePayload,
  tool: Tool,
  provider: unknown,
  cancelSignal?: AbortSignal,
  /** No earlier run of this job streamed text (so none is read back). */
  firstRun = false,
): Promise<JobOutcome> {
  const { db, redis, config, log, webhooks } = services;
  const { jobId } = payload;
  const store = { db, redis, prefix: config.REDIS_PREFIX, webhooks };
  const job = await jobOf(services, payload);
  if (!job) return 'already-ended';
  const stored = job.input;
  if (job.ended) {
    // Ended before we got it (cancelled while queued): say so again, in case that event was lost.
    await announceEnd(store, jobId);
    await deleteUploads(services, tool, stored).catch(() => undefined);
    return 'already-ended';
  }

  const timeout = AbortSignal.timeout(config.JOB_TIMEOUT_MS);
  const signal = cancelSignal ? AbortSignal.any([cancelSignal, timeout]) : timeout;
  const report = new Reporter(services, jobId, firstRun ? '' : await readJobText(redis, config.REDIS_PREFIX, jobId), job.kind);
  const [processingAt] = tool.phases.PROCESSING;
  const run: ToolRun<Record<string, unknown>, unknown> = {
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
  // Failed for good. When the job had already ended (cancelled meanwhile, or an earlier run
  // of it stored its end and died), say again how it ended.
  const fail = async (message: string, errorCode: string) => {
    if (await endJob(store, jobId, 'FAILED', message, { beforeAnnounce: tidy, errorCode, ...report.progress })) return;
    await tidy();
    await announceEnd(store, jobId);
  };
  let result: ToolResult | undefined;
  try {
    // The processor gets its input checked against the tool's own schema.
    run.input = parseInput(jobInputSchema(tool), stored) as typeof run.input;
    result = await tool.process(run);
    signal.throwIfAborted();
    return finished(await complete(services, tool, job, result, tidy, report.progress.startedAt));
  } catch (e) {
    // The work stored files but the job did not complete with them (cancelled, timed out, or its
    // end could not be saved): nobody will see them. Files a saved creation points at stay.
    if (result) await discardFiles(services, result);
    if (cancelSignal?.aborted && cancelSignal.reason === HAND_BACK && !(e instanceof JobStopped)) {
      // Its worker is shutting down: stop here and leave the job live (text, uploads) for the next run.
      log.info({ jobId, kind: job.kind }, 'job handed back to its queue');
      await report.note(HANDED_BACK_NOTE).catch(() => undefined);
      return finished('handed-back');
    }
    if (e instanceof JobStopped || cancelSignal?.aborted) {
      // Ended elsewhere (its owner cancelled it): Redis already says so, its end was announced.
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
      await fail(`This took longer than ${seconds} s and was stopped. Please try again.`, 'TIMEOUT');
      return finished('failed');
    }
    if (e instanceof AppError) {
      log.info({ jobId, kind: job.kind, code: e.code, err: e.message }, 'job failed');
      await fail(e.message, e.code);
    } else {
      log.error({ err: e, jobId, kind: job.kind }, 'job failed');
      await fail(GENERIC_FAILURE, 'INTERNAL_SERVER_ERROR');
    }
    finished('failed');
    // Failed for good: no BullMQ retry (transient errors were already retried inside).
    throw new UnrecoverableError(e instanceof Error ? e.message : String(e));
  }
}

/** The files of ours a result points at (its creation's, and its extras'). */
const filesOf = (result: ToolResult): string[] => [result.content, ...(result.extras ?? []).map((e) => e.content)].map(localFileOf).filter((f): f is string => f !== null);

async function discardFiles(services: WorkerServices, result: ToolResult): Promise<void> {
  await Promise.all(filesOf(result).map((f) => deleteFileIfUnused(services.db, services.storage, f).catch(() => undefined)));
}

/** The result's creations: its own and its extras', each knowing the others' ids (`batch`) when there are several. */
function creationsOf(tool: Tool, result: ToolResult): { own: NewCreation; extras: NewCreation[] } {
  const made = [{ content: result.content, metadata: result.metadata }, ...(result.extras ?? [])].map((r) => ({
    id: randomUUID(),
    type: tool.creationType,
    prompt: result.prompt,
    content: r.content,
    metadata: r.metadata,
    published: result.published ?? false,
  }));
  const linked = made.length > 1 ? made.map((c) => ({ ...c, metadata: { ...c.metadata, batch: made.filter((o) => o.id !== c.id).map((o) => o.id) } })) : made;
  return { own: linked[0]!, extras: linked.slice(1) };
}

/** Completes the job with its creations (one statement), only if the job is still live. */
async function complete(
  services: WorkerServices,
  tool: Tool,
  job: QueuedJob,
  result: ToolResult,
  beforeAnnounce: () => Promise<void>,
  startedAt: Date | null,
): Promise<JobOutcome> {
  const { db, redis, config, webhooks } = services;
  const store = { db, redis, prefix: config.REDIS_PREFIX, webhooks };
  const made = creationsOf(tool, result);
  // Published from the start: screened first (docs/screening.md), then the store's public copy of
  // each picture the gallery shows exists before anyone is told of it (a held one stays private).
  const [own, ...extras] = made.own.published
    ? await screenNewCreations(screenerFor(config, services.log), services.storage, [made.own, ...made.extras], localFileOf)
    : [made.own, ...made.extras];
  const shown = [own!, ...extras].filter(isPublic).map((c) => localFileOf(c.content));
  await Promise.all(shown.filter((f): f is string => f !== null).map((file) => services.storage.setPublished(file, true)));
  const done = await completeJob(store, job.id, result.summary ?? 'Done', own!, beforeAnnounce, startedAt, extras);
  if (done) return 'completed';
  // No creation points at the images this run stored: nobody will ever see them.
  await discardFiles(services, result);
  await announceEnd(store, job.id);
  return 'cancelled';
}
