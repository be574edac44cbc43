// Follows tool jobs outside React, one slot per tool. A job keeps streaming when its
// page unmounts (the user wanders to the dashboard and back), and its completion
// refreshes the creation lists wherever the user is.
import { apolloClient, onSessionReset } from '../../lib/apollo';
import { toAppError, type AppErrorInfo } from '../../lib/graphqlError';
import type { UploadProgress } from '../../lib/uploadFetch';
import type { JobPhase, JobProgressSubscription } from '../../gql/graphql';
import { CancelJobMutation, JobProgressSubscription as JobProgressDocument, JobQuery } from './api/operations';

export type JobStatus = 'idle' | 'starting' | 'running' | 'completed' | 'failed' | 'cancelled';
export type JobCreation = NonNullable<JobProgressSubscription['jobProgress']['creation']>;

export interface JobSnapshot {
  status: JobStatus;
  jobId: string | null;
  phase: JobPhase | null;
  percent: number;
  /** What the worker says it is doing, or why the job ended. */
  message: string | null;
  /** Text streamed so far (text tools); the creation's content once completed. */
  text: string;
  creation: JobCreation | null;
  /** Why the job could not start (with its code, e.g. PREMIUM_REQUIRED) or why it failed. */
  error: AppErrorInfo | null;
  cancelling: boolean;
  /** What the user asked for (e.g. topic and length), so a page coming back can show it. */
  params: Readonly<Record<string, string>> | null;
  /** While starting: how much of the request (its files) has been sent, when the tool reports it. */
  upload: UploadProgress | null;
  /** The picture as it forms (a small JPEG data URL), while an image engine sends previews. */
  preview: string | null;
  /** How many previews this job has sent so far. */
  previews: number;
}

/**
 * Handed to a tool's start function: pass it as its mutation's `context`, so the upload
 * reports its progress and Cancel can stop it while it is still being sent.
 */
export interface StartContext {
  fetchOptions: { signal: AbortSignal; onUploadProgress: (progress: UploadProgress) => void };
}

/** What a tool mutation returns. */
export interface StartedJob {
  id: string;
  phase: JobPhase;
  percent: number;
  message?: string | null;
}

const TERMINAL: ReadonlySet<JobPhase> = new Set<JobPhase>(['COMPLETED', 'FAILED', 'CANCELLED']);
const STATUS_OF_TERMINAL = { COMPLETED: 'completed', FAILED: 'failed', CANCELLED: 'cancelled' } as const;

export const IDLE_JOB: JobSnapshot = {
  status: 'idle',
  jobId: null,
  phase: null,
  percent: 0,
  message: null,
  text: '',
  creation: null,
  error: null,
  cancelling: false,
  params: null,
  upload: null,
  preview: null,
  previews: 0,
};

export const isJobBusy = (s: JobSnapshot) => s.status === 'starting' || s.status === 'running';

/** Whether a starting job's request is still sending its files (the total may be unknown: 0). */
export const isUploading = (s: JobSnapshot) => s.status === 'starting' && s.upload !== null && (s.upload.total === 0 || s.upload.loaded < s.upload.total);

interface Progress {
  phase: JobPhase;
  percent: number;
  message?: string | null;
  delta?: string;
  offset?: number;
  creation?: JobCreation | null;
  error?: string | null;
  preview?: string | null;
}

export interface RunOptions {
  /**
   * Follow the job from before it starts: the store picks the job's id, subscribes
   * (jobProgress with starting: true) and calls `start` with that id once the server listens,
   * so no streamed text arrives before the page is following. For tools without uploads (an
   * upload can outlast the server's wait for the job).
   */
  followFirst?: boolean;
}

/** How long a run waits for its early subscription to listen before it starts the job anyway. */
export const LISTEN_TIMEOUT_MS = 3_000;

/** A random (version 4) UUID: the id a run gives its job. crypto.randomUUID needs a secure context; this does not. */
export function newJobId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface Slot {
  snapshot: JobSnapshot;
  /** Bumped on every run/reset so late answers from an older run are ignored. */
  run: number;
  stop: (() => void) | null;
  settle: ((s: JobSnapshot) => void) | null;
  /** While starting: stops the tool's request (its upload). */
  abortStart: (() => void) | null;
  /** The job id the live subscription follows, when there is one. */
  following: string | null;
}

/** Re-reads the user's creation lists: active queries refetch, inactive ones refetch when next shown. */
function refreshCreations(): void {
  void apolloClient.refetchQueries({
    updateCache(cache) {
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'myCreations' });
      // A text generation counts against the free quota the sidebar shows.
      cache.evict({ id: 'ROOT_QUERY', fieldName: 'billing' });
      cache.gc();
    },
  });
}

class JobStore {
  private slots = new Map<string, Slot>();
  private listeners = new Set<() => void>();

  constructor() {
    onSessionReset(() => this.clearAll());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(name: string): JobSnapshot {
    return this.slots.get(name)?.snapshot ?? IDLE_JOB;
  }

  /**
   * Starts a job with `start` (the tool's mutation, given the context to send it with and,
   * with `followFirst`, the id to give the job) and follows it to its end. Resolves with the
   * final snapshot: completed, failed (error says why) or cancelled.
   */
  run(
    name: string,
    start: (context: StartContext, jobId: string | null) => Promise<StartedJob>,
    params: Record<string, string> | null = null,
    options: RunOptions = {},
  ): Promise<JobSnapshot> {
    const slot = this.reset(name);
    const run = slot.run;
    const starting = () => slot.run === run && slot.snapshot.status === 'starting';
    const controller = new AbortController();
    slot.abortStart = () => controller.abort();
    this.set(name, { ...IDLE_JOB, status: 'starting', params });
    const onUploadProgress = (upload: UploadProgress) => {
      if (starting()) this.set(name, { ...slot.snapshot, upload });
    };
    const jobId = options.followFirst ? newJobId() : null;
    return new Promise<JobSnapshot>((resolve) => {
      slot.settle = resolve;
      const begin = () => {
        if (!starting()) return; // cancelled while the subscription was getting ready
        start({ fetchOptions: { signal: controller.signal, onUploadProgress } }, jobId).then(started, refused);
      };
      const started = (job: StartedJob) => {
        if (slot.run !== run) return;
        slot.abortStart = null;
        if (!starting()) {
          // Cancelled once its upload was sent: the job started anyway, so stop it too.
          if (slot.snapshot.status === 'cancelled' && !TERMINAL.has(job.phase)) {
            apolloClient.mutate({ mutation: CancelJobMutation, variables: { id: job.id } }).catch(() => undefined);
          }
          return;
        }
        // Events that came first (a worker already on it) are newer than the mutation's answer.
        const heard = slot.following === job.id && slot.snapshot.phase !== null && slot.snapshot.phase !== 'QUEUED';
        this.set(name, { ...this.get(name), status: 'running', jobId: job.id, upload: null });
        if (!heard) this.apply(name, run, { phase: job.phase, percent: job.percent, message: job.message ?? null });
        if (TERMINAL.has(job.phase) || slot.following === job.id) return;
        slot.stop?.();
        this.follow(name, run, job.id);
      };
      const refused = (err: unknown) => {
        if (slot.run === run) slot.abortStart = null;
        if (!starting()) return;
        this.finish(name, { ...this.get(name), status: 'failed', upload: null, error: toAppError(err) });
      };
      if (jobId) void this.follow(name, run, jobId, true).then(begin);
      else begin();
    });
  }

  /**
   * Stops the slot's job. Before the server has answered with the job, a request still
   * sending its files is aborted (nothing reaches a worker); one already sent is left to
   * answer, and the job it started is cancelled then.
   */
  async cancel(name: string): Promise<void> {
    const slot = this.slots.get(name);
    if (slot?.snapshot.status === 'starting') {
      if (isUploading(slot.snapshot)) slot.abortStart?.();
      this.finish(name, { ...slot.snapshot, status: 'cancelled', cancelling: false, upload: null, message: 'Cancelled' });
      return;
    }
    const { jobId } = this.get(name);
    if (!slot || !jobId || !isJobBusy(slot.snapshot)) return;
    const run = slot.run;
    this.set(name, { ...slot.snapshot, cancelling: true });
    try {
      const { data } = await apolloClient.mutate({ mutation: CancelJobMutation, variables: { id: jobId } });
      if (data && slot.run === run) this.apply(name, run, data.cancelJob);
    } catch (err) {
      if (slot.run === run) this.set(name, { ...this.get(name), cancelling: false });
      throw err;
    }
  }

  /** Forgets the slot's job (it keeps running on the server) and returns the fresh slot. */
  reset(name: string): Slot {
    const old = this.slots.get(name);
    old?.stop?.();
    old?.settle?.(old.snapshot);
    const slot: Slot = { snapshot: IDLE_JOB, run: (old?.run ?? 0) + 1, stop: null, settle: null, abortStart: null, following: null };
    this.slots.set(name, slot);
    this.emit();
    return slot;
  }

  private clearAll(): void {
    for (const name of [...this.slots.keys()]) this.reset(name);
  }

  /**
   * Follows the job's events into the slot. `starting`: the job is not started yet (the
   * server waits for it); resolves once the server listens (its first event), or once the
   * subscription could not be had (the run then follows the job the usual way after starting
   * it), or after LISTEN_TIMEOUT_MS, whichever comes first.
   */
  private follow(name: string, run: number, jobId: string, starting = false): Promise<void> {
    const slot = this.slots.get(name);
    if (!slot) return Promise.resolve();
    let listening = () => {};
    const ready = new Promise<void>((resolve) => {
      listening = resolve;
      if (starting) setTimeout(resolve, LISTEN_TIMEOUT_MS);
      else resolve();
    });
    const ended = (err: unknown) => {
      listening();
      if (slot.run !== run || slot.following !== jobId) return;
      slot.following = null;
      slot.stop = null;
      // Before the job has started there is nothing to have missed: it is followed once started.
      if (slot.snapshot.status !== 'starting') this.lostTrack(name, run, jobId, err);
    };
    const subscription = apolloClient.subscribe({ query: JobProgressDocument, variables: { jobId, starting } }).subscribe({
      next: ({ data, error }) => {
        if (error) return ended(error);
        listening();
        if (data) this.apply(name, run, data.jobProgress);
      },
      error: (err: unknown) => ended(err),
      // The server ends the stream after a terminal phase; ending earlier means we missed it.
      complete: () => ended(null),
    });
    slot.following = jobId;
    slot.stop = () => {
      slot.following = null;
      subscription.unsubscribe();
    };
    return ready;
  }

  /** The stream broke before the job ended: ask for the job's state once instead. */
  private lostTrack(name: string, run: number, jobId: string, err: unknown): void {
    const slot = this.slots.get(name);
    if (!slot || slot.run !== run || !isJobBusy(slot.snapshot)) return;
    slot.stop = null;
    slot.following = null;
    apolloClient.query({ query: JobQuery, variables: { id: jobId }, fetchPolicy: 'network-only' }).then(
      ({ data }) => {
        const job = data?.job;
        if (job && TERMINAL.has(job.phase)) {
          this.apply(name, run, { phase: job.phase, percent: job.percent, message: job.error ?? job.message, creation: job.creation });
        } else {
          const why = err ? toAppError(err).message : 'The live connection ended early.';
          this.fail(name, run, `${why} The job may still finish: check your dashboard in a moment.`);
        }
      },
      (queryErr: unknown) => this.fail(name, run, toAppError(err ?? queryErr).message),
    );
  }

  private fail(name: string, run: number, message: string): void {
    const slot = this.slots.get(name);
    if (!slot || slot.run !== run) return;
    this.finish(name, { ...slot.snapshot, status: 'failed', cancelling: false, error: { code: null, message, field: null } });
  }

  private apply(name: string, run: number, p: Progress): void {
    const slot = this.slots.get(name);
    if (!slot || slot.run !== run || !isJobBusy(slot.snapshot)) return;
    const prev = slot.snapshot;
    // The first event carries all text so far at offset 0; a retry may rewrite from an earlier offset.
    const text = p.delta !== undefined && p.offset !== undefined ? prev.text.slice(0, p.offset) + p.delta : prev.text;
    const next: JobSnapshot = {
      ...prev,
      phase: p.phase,
      percent: p.percent,
      message: p.message ?? prev.message,
      text,
      creation: p.creation ?? prev.creation,
      preview: p.preview ?? prev.preview,
      previews: prev.previews + (p.preview ? 1 : 0),
    };
    if (!TERMINAL.has(p.phase)) return this.set(name, next);

    const status = STATUS_OF_TERMINAL[p.phase as keyof typeof STATUS_OF_TERMINAL];
    const final: JobSnapshot = {
      ...next,
      status,
      cancelling: false,
      // The saved creation is the source of truth for the final text.
      text: next.creation?.content ?? next.text,
      preview: null,
      error: status === 'failed' ? { code: null, message: p.message ?? 'The job failed. Please try again.', field: null } : null,
    };
    if (status === 'completed') refreshCreations();
    this.finish(name, final);
  }

  private finish(name: string, snapshot: JobSnapshot): void {
    const slot = this.slots.get(name);
    if (!slot) return;
    slot.stop?.();
    slot.stop = null;
    this.set(name, snapshot);
    const settle = slot.settle;
    slot.settle = null;
    settle?.(snapshot);
  }

  private set(name: string, snapshot: JobSnapshot): void {
    const slot = this.slots.get(name);
    if (!slot) return;
    slot.snapshot = snapshot;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export const jobStore = new JobStore();
