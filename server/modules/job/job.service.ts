// The job module owns the Job table (its writes are job.store.ts's): a tool is started by
// server/tools/tool.service.ts, then enqueue() checks the tool's plan and quota, the request
// rate and running jobs, stores the job and queues it; progress() delivers its live state.
import { randomUUID } from 'node:crypto';
import { Repeater } from '@repeaterjs/repeater';
import { requireActive, type Services } from '../../context.js';
import type { Job, User } from '../../shared/db/generated/client.js';
import { Prisma } from '../../shared/db/prisma.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { isRedisUnavailable } from '../../shared/platform/redis.js';
import { UploadSlots } from '../../uploads/slots.js';
import { enforceRate, type GiveBack } from '../../rate-limit.js';
import { BUSY_RETRY_SECONDS, noteLimit, retryAfterOf } from '../../http/rate-limit-headers.js';
import { Topic, type JobEvent } from '../../shared/platform/pubsub.js';
import { isUuid } from '../../shared/platform/validation.js';
import type { ToolDefinition } from '../../shared/tools/tool.js';
import { currentMonth, type QueuePayload, type QuotaCharge } from '../../shared/jobs/job.kinds.js';
import { commonPrefixLength, createJobState, isTerminal, readJobLive } from '../../shared/jobs/job.events.js';
import { countLiveJobs, endJob, insertJob, readJob } from '../../shared/jobs/job.store.js';
import { countUsage } from '../../shared/jobs/usage.js';
import { keyUsageKind } from '../../auth/api-keys.js';
import type { WebhookOutbox } from '../../shared/webhooks/outbox.js';

export type { Job };

/** What enqueue() enforces of a tool's definition. */
export type ToolPolicy = Pick<ToolDefinition, 'kind' | 'plan' | 'quota'>;

export interface EnqueueOptions {
  /** admit() already counted this request against the rate. */
  admitted?: Admission;
  /** The id the client chose for the job (a UUID); refused when already used. None: a new one. */
  jobId?: string;
  /** The API key the job was started with: counted in the key's jobs this month (docs/api-keys.md). */
  apiKeyId?: string;
}

export interface ProgressOptions {
  /**
   * The client is about to start this job with this id (a tool mutation's `jobId`): when no
   * such job exists yet, the subscription says it is listening (a QUEUED event with no text)
   * and waits up to JOB_START_WAIT_MS for it, so the job's first events are not missed.
   */
  starting?: boolean;
}

/** How long a `starting` subscription waits for its job to be created before it ends with NOT_FOUND. */
export const JOB_START_WAIT_MS = 30_000;

/** A subscriber reading its job again after a Redis reconnection tries this often, this far apart (10 s). */
const RESYNC_ATTEMPTS = 40;
const RESYNC_PAUSE_MS = 250;

/**
 * A subscriber that has heard nothing of its live job for this long reads it again: an event
 * published where this process was not listening (a publisher still connected to a demoted
 * master in a failover) reaches nobody, and no reconnection of ours says so (docs/deployment.md,
 * "Redis: Sentinel and managed Redis"). A job that streams or moves is never read again.
 */
export const SILENCE_RESYNC_MS = 8000;

/** A new job's row as enqueue_job writes it (the columns it leaves to their defaults). */
const NEW_JOB = {
  phase: 'QUEUED',
  percent: 0,
  message: null,
  error: null,
  errorCode: null,
  creationId: null,
  attempts: 0,
  startedAt: null,
  finishedAt: null,
} as const satisfies Partial<Job>;

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'This job does not exist');
const idTaken = () => new AppError(ErrorCode.BAD_USER_INPUT, 'This job id is already in use: start the job again with a new id', { field: 'jobId' });
/**
 * A start refused for the running-jobs cap, or for the spent monthly quota: the answer's
 * RateLimit-* headers say that limit, with nothing left, and when to come back (docs/api-v1.md,
 * "Rate-limit headers"; the cap's "window" is the suggested wait).
 */
function tooManyJobs(active: number, max: number): AppError {
  noteLimit({ limit: max, remaining: 0, resetSeconds: BUSY_RETRY_SECONDS, windowSeconds: BUSY_RETRY_SECONDS, retryAfterSeconds: BUSY_RETRY_SECONDS });
  return new AppError(ErrorCode.RATE_LIMITED, `You already have ${active} jobs running. Wait for one to finish, or cancel one, and try again.`);
}

function quotaSpent(limit: number, now = new Date()): AppError {
  const reset = retryAfterOf(ErrorCode.QUOTA_EXCEEDED, undefined, now)!;
  const month = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / 1000;
  noteLimit({ limit, remaining: 0, resetSeconds: reset, windowSeconds: month, retryAfterSeconds: reset });
  return new AppError(ErrorCode.QUOTA_EXCEEDED, `You have used all ${limit} free text generations this month. Upgrade to Premium for unlimited generations.`, { limit });
}

/** A request admit() counted against the rate: pass it to enqueue(), which gives it back if the start is refused after all. */
export interface Admission {
  /** The user's live jobs when it was admitted. */
  active: number;
  giveBack: GiveBack;
}

function requirePlan(user: Pick<User, 'plan' | 'suspendedAt' | 'suspendedReason'>, tool: Pick<ToolPolicy, 'plan'>): void {
  // Every start passes here: a suspended account starts no job (docs/moderation.md, "Suspension").
  requireActive(user);
  if (tool.plan === 'PREMIUM' && user.plan !== 'PREMIUM') {
    throw new AppError(ErrorCode.PREMIUM_REQUIRED, 'This tool needs the Premium plan. Upgrade to Premium to use it.');
  }
}

export class JobService {
  /** Requests receiving files in this process: they count against the job cap before they are jobs. */
  readonly receiving: UploadSlots;

  constructor(
    private readonly services: Services,
    /** Tells the owner's webhooks of the ends made here (a cancel; a job the queue refused). */
    private readonly webhooks: WebhookOutbox,
  ) {
    this.receiving = new UploadSlots(services.config.UPLOAD_MAX_CONCURRENT);
  }

  /**
   * What enqueue() would refuse before the job exists (plan, request rate, running jobs),
   * checked before a tool reads or decodes its upload; pass `admitted` to enqueue() after.
   * `onlyPeek` counts nothing: the upload middleware's look before the mutation runs.
   */
  async admit(user: User, tool: Pick<ToolPolicy, 'plan'>, onlyPeek = false): Promise<Admission> {
    const { db, redis, config } = this.services;
    requirePlan(user, tool);
    const giveBack = await enforceRate(redis, `${config.REDIS_PREFIX}:rate:tools:${user.id}`, config.TOOL_RATE_PER_MINUTE, 60_000, 'requests', onlyPeek);
    // Not the cap itself (enqueue() holds it under a lock), only an early no.
    const active = await countLiveJobs(db, user.id);
    if (active >= config.MAX_CONCURRENT_JOBS) {
      await giveBack();
      throw tooManyJobs(active, config.MAX_CONCURRENT_JOBS);
    }
    return { active, giveBack };
  }

  /**
   * A slot for a request about to receive files (UploadSlots): its user's live jobs and
   * requests already receiving files stay within MAX_CONCURRENT_JOBS. `live`: their live jobs,
   * when admit() has just counted them. Returns the function that gives the slot back.
   */
  async receiveUploads(user: User, live?: number): Promise<() => void> {
    const active = live ?? (await countLiveJobs(this.services.db, user.id));
    return this.receiving.take(user.id, active, this.services.config.MAX_CONCURRENT_JOBS);
  }

  /** The plan check alone (a tool without uploads: nothing costly happens before enqueue). */
  checkPlan(user: User, tool: Pick<ToolPolicy, 'plan'>): void {
    requirePlan(user, tool);
  }

  /**
   * The GraphQL upload middleware's look, before a multipart request's files are read, with
   * the least plan any tool taking uploads needs (from the catalogue). Counts nothing against
   * the rate (the mutation does); holds a receiving slot, given back by the returned function.
   */
  async admitUploads(user: User | null, plan: ToolPolicy['plan']): Promise<() => void> {
    if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in to continue');
    return this.receiveUploads(user, (await this.admit(user, { plan }, true)).active);
  }

  async enqueue(user: User, tool: ToolPolicy, input: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<Job> {
    const { db, redis, config } = this.services;
    const { kind } = tool;
    requirePlan(user, tool);
    const giveBack = opts.admitted?.giveBack ?? (await enforceRate(redis, `${config.REDIS_PREFIX}:rate:tools:${user.id}`, config.TOOL_RATE_PER_MINUTE, 60_000, 'requests'));
    const charge: QuotaCharge | null = tool.quota === 'text' && user.plan === 'FREE' ? { kind: 'text', month: currentMonth() } : null;

    if (opts.jobId !== undefined && !isUuid(opts.jobId)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'The job id must be a UUID', { field: 'jobId' });
    const createdAt = new Date();
    const stored = { ...input, quota: charge } as Prisma.JsonObject;
    const job: Job = { ...NEW_JOB, id: opts.jobId ?? randomUUID(), kind, userId: user.id, input: stored, createdAt, updatedAt: createdAt };
    const outcome = await insertJob(db, { id: job.id, userId: user.id, kind, input: stored, createdAt }, config.MAX_CONCURRENT_JOBS, charge, config.FREE_TEXT_QUOTA).catch(
      async (e: unknown) => {
        // A client's id that is already a job's (a repeated request, or a clash): the insert's key refused it, and nothing was charged.
        if (opts.jobId !== undefined && (await readJob(db, job.id))) throw idTaken();
        throw e;
      },
    );
    if (!outcome.ok) {
      // Refused for another limit: the request does not use up the per-minute window.
      await giveBack().catch(() => undefined);
      if ('busy' in outcome) throw tooManyJobs(outcome.busy, config.MAX_CONCURRENT_JOBS);
      throw quotaSpent(config.FREE_TEXT_QUOTA);
    }

    if (opts.apiKeyId) {
      // Only a count for the account page: the job stands whether or not it is counted.
      await countUsage(db, user.id, keyUsageKind(opts.apiKeyId), currentMonth(createdAt)).catch((e: Error) =>
        this.services.log.warn({ err: e.message, jobId: job.id }, "could not count a job in its API key's usage"),
      );
    }
    try {
      // The owner first (subscribers follow the job from it), then the queue: the worker gets the input with the job.
      await createJobState(redis, config.REDIS_PREFIX, job.id, user.id, createdAt);
      const payload: QueuePayload = { jobId: job.id, userId: user.id, kind, input: stored, createdAt: createdAt.getTime() };
      await this.services.queues.get(kind).add(kind, payload, { jobId: job.id });
    } catch (e) {
      await this.end(job.id, 'FAILED', 'The job queue is unavailable right now. Please try again in a moment.');
      this.services.log.error({ err: (e as Error).message, jobId: job.id }, 'could not queue a job');
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The job queue is unavailable right now. Please try again in a moment.');
    }
    return job;
  }

  /** The job if `userId` owns it, else null; a live job's phase, percent and message are Redis's. */
  async get(id: string, userId: string): Promise<Job | null> {
    if (!isUuid(id)) return null;
    const job = await readJob(this.services.db, id);
    if (!job || job.userId !== userId) return null;
    if (isTerminal(job.phase)) return job;
    const { state } = await readJobLive(this.services.redis, this.services.config.REDIS_PREFIX, id);
    if (!state || isTerminal(state.phase)) return job; // ended meanwhile: the row is the truth
    return { ...job, phase: state.phase, percent: state.percent, message: state.message, updatedAt: state.updatedAt, startedAt: state.startedAt };
  }

  private end(id: string, phase: 'FAILED' | 'CANCELLED', message: string): Promise<boolean> {
    const { db, redis, config } = this.services;
    return endJob({ db, redis, prefix: config.REDIS_PREFIX, webhooks: this.webhooks }, id, phase, message);
  }

  async cancel(id: string, userId: string): Promise<Job> {
    const job = await this.get(id, userId);
    if (!job) throw notFound();
    if (await this.end(id, 'CANCELLED', 'Cancelled')) {
      // Still waiting: take it off the queue. Running: its worker aborts it.
      await this.services.queues
        .get(job.kind)
        .remove(id)
        .catch(() => 0);
      await this.services.pubsub.publish(Topic.JOB_CANCEL, { jobId: id }).catch(() => undefined);
    }
    return (await this.get(id, userId))!;
  }

  /**
   * The owner's live view of a job: first its current state, with all text streamed so
   * far as the delta, then every event, ending after a terminal phase. Subscribes before
   * reading the state, and drops text it has already delivered, so nothing is lost or
   * repeated however late the subscriber joins. With `starting`, a job not created yet is
   * waited for (ProgressOptions); nothing of it is delivered before its owner is known.
   */
  progress(jobId: string, userId: string, opts: ProgressOptions = {}): AsyncIterable<JobEvent> {
    const { pubsub } = this.services;
    return new Repeater<JobEvent>(async (push, stop) => {
      const view = new SubscriberView();
      let queue: JobEvent[] | null = [];
      let wake = () => {};
      let heardAt = Date.now();
      const deliver = async (e: JobEvent) => {
        heardAt = Date.now();
        const out = view.apply(e);
        if (!out) return;
        await push(out);
        if (isTerminal(out.phase)) stop();
      };
      const unlisten = await pubsub.listen(Topic.JOB_PROGRESS, jobId, (payload) => {
        if (queue) {
          queue.push(payload);
          wake();
        } else void deliver(payload);
      });
      // Events published while the subscription connection was away (Redis failed over or
      // restarted) were never heard, the end among them perhaps: the state read again then
      // goes out like an event (the view drops what this subscriber already has).
      let ended = false;
      const stopResync = pubsub.onReconnect(() => {
        void this.snapshotOnceReachable(jobId, userId, () => ended).then((e) => {
          if (!e || ended) return;
          if (queue) queue.push(e);
          else void deliver(e);
        });
      });
      try {
        // Subscribed while Redis is briefly away (a failover): wait for it, as a reconnection does.
        let snapshot = await this.snapshotOnceReachable(jobId, userId, () => ended, true);
        if (!snapshot && opts.starting && isUuid(jobId)) {
          // Listening: the client may start the job now. Its first event (a worker's, or a
          // cancel) means it exists, so look again then, and once more when the wait is over.
          await push({ jobId, phase: 'QUEUED', percent: 0, delta: '', offset: 0, message: null, creationId: null });
          const deadline = Date.now() + JOB_START_WAIT_MS;
          // Events heard so far: one that came while the last look was under way is not waited for again.
          let heard = 0;
          while (!snapshot && Date.now() < deadline) {
            if (queue.length === heard) {
              let timer: NodeJS.Timeout | undefined;
              const woken = new Promise<boolean>((resolve) => {
                wake = () => resolve(true);
                timer = setTimeout(() => resolve(true), deadline - Date.now());
              });
              const awake = await Promise.race([woken, stop.then(() => false)]);
              clearTimeout(timer);
              wake = () => {};
              if (!awake) return;
            }
            heard = queue.length;
            snapshot = await this.snapshotOnceReachable(jobId, userId, () => ended, true);
          }
        }
        if (!snapshot) {
          stop(notFound());
          return;
        }
        await deliver(snapshot);
        const pending = queue;
        queue = null;
        for (const e of pending) await deliver(e);
        while (await silence(stop, heardAt + SILENCE_RESYNC_MS - Date.now())) {
          if (Date.now() - heardAt < SILENCE_RESYNC_MS) continue;
          heardAt = Date.now();
          const e = await this.settledSnapshot(jobId, userId).catch(() => null);
          if (e && !ended) await deliver(e);
        }
      } finally {
        ended = true;
        stopResync();
        await unlisten();
      }
    });
  }

  /**
   * The job's current state as a subscriber's first event, with all its text: from Redis
   * (which knows the owner) while it is live and for an hour after; from Postgres after that.
   */
  private async snapshot(jobId: string, userId: string): Promise<JobEvent | null> {
    if (!isUuid(jobId)) return null;
    const { redis, config } = this.services;
    const { state, text } = await readJobLive(redis, config.REDIS_PREFIX, jobId);
    if (state?.userId) {
      if (state.userId !== userId) return null;
      return { jobId, phase: state.phase, percent: state.percent, delta: text, offset: 0, message: state.message, creationId: state.creationId };
    }
    const job = await this.get(jobId, userId);
    return job && { jobId, phase: job.phase, percent: job.percent, delta: text, offset: 0, message: job.message, creationId: job.creationId };
  }

  /** The snapshot, ended if Postgres (where every end is written first) says the job has ended. */
  private async settledSnapshot(jobId: string, userId: string): Promise<JobEvent | null> {
    const live = await this.snapshot(jobId, userId);
    if (!live || isTerminal(live.phase)) return live;
    const row = await readJob(this.services.db, jobId);
    return row && isTerminal(row.phase) ? { ...live, phase: row.phase, percent: row.percent, message: row.message, creationId: row.creationId } : live;
  }

  /**
   * The snapshot, once the command connection answers again: after a failover it may come back
   * a little after the subscription connection. Null when the subscriber left meanwhile; when
   * Redis stayed away (RESYNC_ATTEMPTS), null too (the next reconnection tries again), or with
   * `orThrow` Redis's last error (and any other error at once).
   */
  private async snapshotOnceReachable(jobId: string, userId: string, ended: () => boolean, orThrow = false): Promise<JobEvent | null> {
    let failure: unknown = null;
    for (let attempt = 0; attempt < RESYNC_ATTEMPTS && !ended(); attempt++) {
      try {
        return await this.snapshot(jobId, userId);
      } catch (e) {
        // A first look waits only for Redis (a failover); Postgres away is said at once (SERVICE_UNAVAILABLE).
        if (orThrow && !isRedisUnavailable(e)) throw e;
        failure = e;
        await new Promise((r) => setTimeout(r, RESYNC_PAUSE_MS));
      }
    }
    if (orThrow && failure) throw failure;
    return null;
  }

  /** Waits for the job to end (REST mirror): its final event. */
  async settle(jobId: string, userId: string): Promise<JobEvent> {
    let last: JobEvent | undefined;
    for await (const e of this.progress(jobId, userId)) last = e;
    if (!last) throw notFound();
    return last;
  }
}

/** Waits `ms` (true) unless the subscription stops first (false). */
async function silence(stopped: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(ms, 0))));
  try {
    return await Promise.race([waited, stopped.then(() => false)]);
  } finally {
    clearTimeout(timer);
  }
}

const PHASE_RANK: Record<JobEvent['phase'], number> = {
  QUEUED: 0,
  ANALYZING: 1,
  PROCESSING: 2,
  FINALIZING: 3,
  COMPLETED: 4,
  FAILED: 4,
  CANCELLED: 4,
};

/**
 * What one subscriber has seen. Events that arrived around the snapshot may repeat
 * text it already has, or an older phase: those parts are dropped, so phases and
 * percent only move forward and the deltas add up to the job's text.
 */
export class SubscriberView {
  private text = '';
  private phase: JobEvent['phase'] = 'QUEUED';
  private percent = 0;
  private ended = false;

  apply(e: JobEvent): JobEvent | null {
    if (this.ended) return null;
    const next = this.text.slice(0, e.offset) + e.delta;
    let delta = '';
    let offset = this.text.length;
    if (this.text.startsWith(next)) {
      // Nothing new (text this subscriber already has), unless the worker says the text ends here.
      if (e.cut && next.length < this.text.length) {
        offset = next.length;
        this.text = next;
      }
    } else if (next.startsWith(this.text)) {
      delta = next.slice(this.text.length);
      this.text = next;
    } else {
      // The worker rewrote its output (a retry that wrote something else): replace from where they differ.
      offset = commonPrefixLength(next, this.text);
      delta = next.slice(offset);
      this.text = next;
    }
    if (PHASE_RANK[e.phase] >= PHASE_RANK[this.phase]) this.phase = e.phase;
    this.percent = Math.max(this.percent, e.percent);
    if (isTerminal(this.phase)) this.ended = true;
    const message = e.phase === this.phase ? e.message : null;
    // A preview belongs to its moment: passed on as it came, never kept.
    const preview = e.preview && !this.ended ? { preview: e.preview } : {};
    return { jobId: e.jobId, phase: this.phase, percent: this.percent, delta, offset, message, creationId: e.creationId ?? null, ...preview };
  }
}
