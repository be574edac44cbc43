// The batch module owns the Batch table (docs/batches.md): it starts a batch (one Job per picture,
// a BullMQ flow whose parent closes the batch), reads it, cancels what has not finished, follows
// its pictures live and streams its zip. Each picture is an ordinary job of its first step's
// tool, so its progress, result, failure, cancel and recovery are the job pipeline's.
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { FlowProducer } from 'bullmq';
import { Repeater } from '@repeaterjs/repeater';
import type { Services } from '../../context.js';
import type { Batch, User } from '../../shared/db/generated/client.js';
import type { Prisma } from '../../shared/db/prisma.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { requireScope, type ApiKeyGrant } from '../../auth/api-keys.js';
import { requireImage } from '../../uploads/check.js';
import { removeReceived, type UploadedFile } from '../../uploads/receive.js';
import { isUuid } from '../../shared/platform/validation.js';
import { createJobState, isTerminal, TERMINAL_PHASES } from '../../shared/jobs/job.events.js';
import { TOOL_JOB_OPTIONS } from '../../shared/jobs/queues.js';
import type { QueuePayload } from '../../shared/jobs/job.kinds.js';
import {
  BATCH_FIELD,
  BATCH_QUEUE,
  closeBatch,
  countsOf,
  endBatch,
  STEPS_FIELD,
  stepOfLine,
  type BatchCounts,
  type BatchJobRow,
  type BatchStep,
} from '../../shared/batches/batch.js';
import type { Tool } from '../../shared/tools/tool.js';
import type { Storage } from '../../shared/storage/types.js';
import type { WebhookOutbox } from '../../shared/webhooks/outbox.js';
import type { Job, JobService } from '../job/job.service.js';
import { parseSteps } from './batch.steps.js';
import { picturesOf } from './batch.files.js';
import { extOf, writeZip, type ZipPicture } from './batch.zip.js';

export interface BatchPicture {
  index: number;
  jobId: string;
  filename: string | null;
  phase: Job['phase'];
  percent: number;
  /** Which step of its chain it is in (1-based), while it works on a chain. */
  step: number | null;
  message: string | null;
  error: string | null;
  errorCode: string | null;
  creationId: string | null;
}

/** A batch as its owner reads and follows it. */
export interface BatchView {
  id: string;
  kind: string;
  steps: BatchStep[];
  status: string;
  counts: BatchCounts;
  pictures: BatchPicture[];
  createdAt: Date;
  finishedAt: Date | null;
  /** Runs of a tool this batch uses: pictures × steps (docs/batches.md, "Limits"). */
  runs: number;
}

export interface BatchRequest {
  steps: unknown;
  files: UploadedFile[];
  apiKey?: ApiKeyGrant | null;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'This batch does not exist');

/** A live picture's events are gathered this long before the batch's next snapshot goes out. */
const SNAPSHOT_EVERY_MS = 150;
/** How long a follower waits for the rows of a batch whose pictures have all ended to let it close, and how often it looks. */
const BATCH_CLOSE_WAIT_MS = 5_000;
const BATCH_CLOSE_POLL_MS = 50;

export class BatchService {
  private flows: FlowProducer | null = null;

  constructor(
    private readonly services: Services,
    private readonly jobs: JobService,
    private readonly tools: readonly Tool[],
    private readonly storage: Pick<Storage, 'putUpload' | 'deleteUpload' | 'readContent'>,
    private readonly webhooks: WebhookOutbox,
  ) {}

  private get flowProducer(): FlowProducer {
    this.flows ??= new FlowProducer({ connection: this.services.redis, prefix: this.services.config.REDIS_PREFIX });
    return this.flows;
  }

  /** Checks what can be checked before any file is read: the key's scope, the steps, each step's plan, the rate and running jobs. */
  async admit(user: User, steps: unknown, apiKey?: ApiKeyGrant | null): Promise<{ steps: BatchStep[]; first: Tool }> {
    requireScope(apiKey, 'generate');
    const parsed = parseSteps(steps, this.tools);
    for (const t of parsed.tools) this.jobs.checkPlan(user, t);
    return { steps: parsed.steps, first: parsed.tools[0]! };
  }

  /**
   * Starts a batch: each picture is checked as a single job's image is (a damaged or unreadable one
   * becomes a FAILED picture with its reason, and the rest go on), kept privately, and made a
   * QUEUED job; the jobs and the batch are written in one transaction, then queued as one flow.
   */
  async start(user: User, request: BatchRequest): Promise<BatchView> {
    const { db, redis, config, log } = this.services;
    const { steps, first } = await this.admit(user, request.steps, request.apiKey);
    const admission = await this.jobs.admit(user, first);
    const batchId = randomUUID();
    const createdAt = new Date();
    const stored: string[] = [];
    try {
      const rows: Prisma.JobCreateManyInput[] = [];
      for (const file of request.files) {
        const id = randomUUID();
        const filename = file.filename.slice(0, 200);
        const base = { id, userId: user.id, kind: first.kind, createdAt };
        try {
          const { ext, width, height } = await requireImage(file, config.IMAGE_MAX_PIXELS);
          first.checkUploads?.(steps[0]!.options, { [first.uploads.find((u) => u.missing)!.field]: { width, height } });
          const key = await this.storage.putUpload(file.path, ext);
          stored.push(key);
          const uploadKey = first.uploads.find((u) => u.missing)!.key;
          const input = {
            ...steps[0]!.options,
            prompt: first.prompt(steps[0]!.options as never),
            filename,
            [uploadKey]: key,
            [BATCH_FIELD]: batchId,
            ...(steps.length > 1 ? { [STEPS_FIELD]: steps } : {}),
            quota: null,
          } as unknown as Prisma.InputJsonObject;
          rows.push({ ...base, input });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          const input = { filename, [BATCH_FIELD]: batchId, prompt: '' } as Prisma.InputJsonObject;
          rows.push({ ...base, input, phase: 'FAILED', message: e.message, error: e.message, errorCode: e.code, finishedAt: createdAt });
        }
      }
      await db.$transaction([
        db.batch.create({
          data: {
            id: batchId,
            userId: user.id,
            kind: first.kind,
            steps: steps as unknown as Prisma.InputJsonArray,
            jobIds: rows.map((r) => r.id!),
            filenames: request.files.map((f) => f.filename.slice(0, 200)),
            createdAt,
          },
        }),
        db.job.createMany({ data: rows }),
      ]);
      stored.length = 0; // the jobs own them now: each job deletes its upload when it ends
      const queued = rows.filter((r) => r.phase === undefined);
      for (const r of queued) await createJobState(redis, config.REDIS_PREFIX, r.id!, user.id, createdAt);
      if (queued.length === 0) await closeBatch({ db, webhooks: this.webhooks }, batchId);
      else {
        await this.flowProducer
          .add({
            name: 'batch',
            queueName: BATCH_QUEUE,
            data: { batchId },
            opts: { jobId: batchId, ...TOOL_JOB_OPTIONS },
            children: queued.map((r) => ({
              name: first.kind,
              queueName: first.kind,
              data: { jobId: r.id!, userId: user.id, kind: first.kind, input: r.input as Record<string, unknown>, createdAt: createdAt.getTime() } satisfies QueuePayload,
              // A failed picture does not hold the batch up: the parent runs once every picture has ended.
              opts: { jobId: r.id!, ...TOOL_JOB_OPTIONS, ignoreDependencyOnFailure: true },
            })),
          })
          .catch(async (e: Error) => {
            log.error({ err: e.message, batchId }, 'could not queue a batch');
            await this.cancel(batchId, user.id).catch(() => undefined);
            throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The job queue is unavailable right now. Please try again in a moment.');
          });
      }
      return (await this.get(batchId, user.id))!;
    } catch (e) {
      await admission.giveBack().catch(() => undefined);
      await Promise.all(stored.map((k) => this.storage.deleteUpload(k).catch(() => undefined)));
      throw e;
    }
  }

  /**
   * Starts a batch from a request's files, as POST /api/v1/batches and the startBatch mutation
   * both do: the steps, plan and key's scope are checked before any picture is unpacked or read,
   * then a zip's pictures are unpacked (removed again once the batch has them or is refused).
   */
  async startFromFiles(user: User, request: BatchRequest): Promise<BatchView> {
    await this.admit(user, request.steps, request.apiKey);
    const unpacked: string[] = [];
    try {
      const pictures = await picturesOf(request.files, this.services.config.UPLOAD_MAX_BYTES);
      unpacked.push(...pictures.filter((p) => !request.files.includes(p)).map((p) => p.path));
      return await this.start(user, { ...request, files: pictures });
    } finally {
      await removeReceived(unpacked);
    }
  }

  private async own(id: string, userId: string): Promise<Batch | null> {
    if (!isUuid(id)) return null;
    const batch = await this.services.db.batch.findUnique({ where: { id } });
    return batch && batch.userId === userId ? batch : null;
  }

  /** The batch if `userId` owns it, else null; live pictures as Redis has them. */
  async get(id: string, userId: string): Promise<BatchView | null> {
    const batch = await this.own(id, userId);
    if (!batch) return null;
    const rows = await this.services.db.job.findMany({ where: { id: { in: batch.jobIds } } });
    const live = await Promise.all(rows.map((r) => (isTerminal(r.phase) ? r : this.jobs.get(r.id, userId).then((j) => j ?? r))));
    return viewOf(batch, live);
  }

  /** The owner's batches, newest first (the dashboard's items). */
  async list(userId: string, first = 20): Promise<BatchView[]> {
    const batches = await this.services.db.batch.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: Math.min(100, Math.max(1, first)) });
    const rows = await this.services.db.job.findMany({ where: { id: { in: batches.flatMap((b) => b.jobIds) } } });
    return batches.map((b) => viewOf(b, rows));
  }

  /** Cancels every picture that has not ended (each as cancelJob does), then closes the batch as CANCELLED. */
  async cancel(id: string, userId: string): Promise<BatchView> {
    const batch = await this.own(id, userId);
    if (!batch) throw notFound();
    const { db } = this.services;
    const live = await db.job.findMany({ where: { id: { in: batch.jobIds }, phase: { notIn: [...TERMINAL_PHASES] } }, select: { id: true } });
    if (live.length === 0) await closeBatch({ db, webhooks: this.webhooks }, id);
    // Marked CANCELLED first: the last picture's end must not close it as COMPLETED meanwhile.
    else if (await endBatch(db, id, 'CANCELLED')) {
      for (const j of live) await this.jobs.cancel(j.id, userId).catch(() => undefined);
      await this.webhooks.batchCompleted(batch.userId, id);
    }
    return (await this.get(id, userId))!;
  }

  /**
   * The owner's live view of a batch: its state now, then a new state whenever a picture moves
   * (gathered for SNAPSHOT_EVERY_MS), ending once every picture has. Each picture is followed
   * with JobService.progress, so a batch's view recovers as a job's does.
   */
  progress(id: string, userId: string): AsyncIterable<BatchView> {
    return new Repeater<BatchView>(async (push, stop) => {
      const view = await this.get(id, userId);
      if (!view) return stop(notFound());
      const following = view.pictures.filter((p) => !isTerminal(p.phase));
      if (following.length === 0) {
        // Every picture has ended already: the batch as closed is the one state.
        await push((await this.closed(id, userId)) ?? view);
        return stop();
      }
      await push(view);
      const iterators = following.map((p) => this.jobs.progress(p.jobId, userId)[Symbol.asyncIterator]());
      let stopped = false;
      void stop.then(() => {
        stopped = true;
        for (const it of iterators) void it.return?.();
      });
      let timer: NodeJS.Timeout | undefined;
      const flush = () => {
        timer = undefined;
        // Once every picture has ended the next state is the closed batch's (below), never one still RUNNING.
        if (view.pictures.every((p) => isTerminal(p.phase))) return;
        view.counts = countsOf(view.pictures.map((p) => p.phase));
        void push(structuredClone(view));
      };
      await Promise.all(
        following.map(async (picture, i) => {
          const it = iterators[i]!;
          while (!stopped) {
            const next = await it.next().catch(() => ({ done: true as const, value: undefined }));
            if (next.done) break;
            const e = next.value;
            const before = { step: picture.step, phase: picture.phase };
            Object.assign(picture, { phase: e.phase, percent: e.percent, message: e.message ?? picture.message, creationId: e.creationId ?? picture.creationId });
            picture.step = isTerminal(e.phase) ? null : stepOfLine(picture.message);
            if (e.phase === 'FAILED') Object.assign(picture, { error: e.message, errorCode: null });
            // A new step or phase goes out at once; percent moves are gathered.
            if (picture.step !== before.step || picture.phase !== before.phase) {
              clearTimeout(timer);
              flush();
            } else timer ??= setTimeout(flush, SNAPSHOT_EVERY_MS);
          }
        }),
      );
      clearTimeout(timer);
      if (stopped) return;
      // Every picture has ended: the batch closes (once, whoever gets there first), then its last state.
      const last = await this.closed(id, userId);
      if (last) await push(last);
      stop();
    });
  }

  /**
   * The batch once every picture has ended, closed: by this call if its parent job has not closed
   * it yet (closeBatch is guarded, so once whoever gets there). A picture's end is heard a moment
   * before its row says so, which closeBatch waits for: looked at again for up to BATCH_CLOSE_WAIT_MS.
   */
  private async closed(id: string, userId: string): Promise<BatchView | null> {
    const deadline = Date.now() + BATCH_CLOSE_WAIT_MS;
    for (;;) {
      await closeBatch({ db: this.services.db, webhooks: this.webhooks }, id);
      const view = await this.get(id, userId);
      if (!view || view.status !== 'RUNNING' || Date.now() >= deadline) return view;
      await new Promise((resolve) => setTimeout(resolve, BATCH_CLOSE_POLL_MS));
    }
  }

  /** Streams the batch's zip (its completed pictures, and failures.txt) into `out`; NOT_FOUND for anyone but its owner. */
  async zip(id: string, userId: string, out: Writable, before: (filename: string) => void): Promise<void> {
    const batch = await this.own(id, userId);
    if (!batch) throw notFound();
    const { db } = this.services;
    const rows = await db.job.findMany({ where: { id: { in: batch.jobIds } } });
    const creations = await db.creation.findMany({ where: { id: { in: rows.flatMap((r) => (r.creationId ? [r.creationId] : [])) } }, select: { id: true, content: true } });
    const contentOf = new Map(creations.map((c) => [c.id, c.content]));
    const view = viewOf(batch, rows);
    const pictures: ZipPicture[] = [];
    const failures: string[] = [];
    for (const p of view.pictures) {
      const content = p.creationId ? contentOf.get(p.creationId) : undefined;
      if (p.phase === 'COMPLETED' && content) pictures.push({ index: p.index, filename: p.filename, ext: extOf(content), read: () => this.storage.readContent(content) });
      else failures.push(`${p.index + 1}. ${p.filename ?? 'picture'}: ${p.phase === 'FAILED' ? (p.error ?? 'failed') : p.phase.toLowerCase()}`);
    }
    before(`batch-${id.slice(0, 8)}.zip`);
    await writeZip(out, pictures, failures);
  }
}

function viewOf(batch: Batch, rows: readonly (BatchJobRow & Pick<Job, 'phase'>)[]): BatchView {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pictures = batch.jobIds.map((jobId, index): BatchPicture => {
    const r = byId.get(jobId);
    const phase = r?.phase ?? 'FAILED';
    return {
      index,
      jobId,
      filename: batch.filenames[index] ?? null,
      phase,
      percent: r?.percent ?? 0,
      step: isTerminal(phase) ? null : stepOfLine(r?.message ?? null),
      message: r?.message ?? null,
      error: phase === 'FAILED' ? (r?.error ?? r?.message ?? 'Failed') : null,
      errorCode: phase === 'FAILED' ? (r?.errorCode ?? null) : null,
      creationId: r?.creationId ?? null,
    };
  });
  const steps = batch.steps as unknown as BatchStep[];
  return {
    id: batch.id,
    kind: batch.kind,
    steps,
    status: batch.status,
    counts: countsOf(pictures.map((p) => p.phase)),
    pictures,
    createdAt: batch.createdAt,
    finishedAt: batch.finishedAt,
    runs: pictures.length * steps.length,
  };
}
