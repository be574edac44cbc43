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
}

interface Slot {
  snapshot: JobSnapshot;
  /** Bumped on every run/reset so late answers from an older run are ignored. */
  run: number;
  stop: (() => void) | null;
  settle: ((s: JobSnapshot) => void) | null;
  /** While starting: stops the tool's request (its upload). */
  abortStart: (() => void) | null;
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
   * Starts a job with `start` (the tool's mutation, given the context to send it with) and
   * follows it to its end. Resolves with the final snapshot: completed, failed (error says
   * why) or cancelled.
   */
  run(name: string, start: (context: StartContext) => Promise<StartedJob>, params: Record<string, string> | null = null): Promise<JobSnapshot> {
    const slot = this.reset(name);
    const run = slot.run;
    const starting = () => slot.run === run && slot.snapshot.status === 'starting';
    const controller = new AbortController();
    slot.abortStart = () => controller.abort();
    this.set(name, { ...IDLE_JOB, status: 'starting', params });
    const onUploadProgress = (upload: UploadProgress) => {
      if (starting()) this.set(name, { ...slot.snapshot, upload });
    };
    return new Promise<JobSnapshot>((resolve) => {
      slot.settle = resolve;
      start({ fetchOptions: { signal: controller.signal, onUploadProgress } }).then(
        (job) => {
          if (slot.run !== run) return;
          slot.abortStart = null;
          if (!starting()) {
            // Cancelled once its upload was sent: the job started anyway, so stop it too.
            if (slot.snapshot.status === 'cancelled' && !TERMINAL.has(job.phase)) {
              apolloClient.mutate({ mutation: CancelJobMutation, variables: { id: job.id } }).catch(() => undefined);
            }
            return;
          }
          this.set(name, { ...this.get(name), status: 'running', jobId: job.id, upload: null });
          this.apply(name, run, { phase: job.phase, percent: job.percent, message: job.message ?? null });
          if (!TERMINAL.has(job.phase)) this.follow(name, run, job.id);
        },
        (err: unknown) => {
          if (slot.run === run) slot.abortStart = null;
          if (!starting()) return;
          this.finish(name, { ...this.get(name), status: 'failed', upload: null, error: toAppError(err) });
        },
      );
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
    const slot: Slot = { snapshot: IDLE_JOB, run: (old?.run ?? 0) + 1, stop: null, settle: null, abortStart: null };
    this.slots.set(name, slot);
    this.emit();
    return slot;
  }

  private clearAll(): void {
    for (const name of [...this.slots.keys()]) this.reset(name);
  }

  private follow(name: string, run: number, jobId: string): void {
    const slot = this.slots.get(name);
    if (!slot) return;
    const subscription = apolloClient.subscribe({ query: JobProgressDocument, variables: { jobId } }).subscribe({
      next: ({ data, error }) => {
        if (error) this.lostTrack(name, run, jobId, error);
        else if (data) this.apply(name, run, data.jobProgress);
      },
      error: (err: unknown) => this.lostTrack(name, run, jobId, err),
      // The server ends the stream after a terminal phase; ending earlier means we missed it.
      complete: () => this.lostTrack(name, run, jobId, null),
    });
    slot.stop = () => subscription.unsubscribe();
  }

  /** The stream broke before the job ended: ask for the job's state once instead. */
  private lostTrack(name: string, run: number, jobId: string, err: unknown): void {
    const slot = this.slots.get(name);
    if (!slot || slot.run !== run || !isJobBusy(slot.snapshot)) return;
    slot.stop = null;
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
    };
    if (!TERMINAL.has(p.phase)) return this.set(name, next);

    const status = STATUS_OF_TERMINAL[p.phase as keyof typeof STATUS_OF_TERMINAL];
    const final: JobSnapshot = {
      ...next,
      status,
      cancelling: false,
      // The saved creation is the source of truth for the final text.
      text: next.creation?.content ?? next.text,
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
