// A job's live state, shared by the worker that writes it and every API process that
// delivers it. Postgres holds a job's start and end (job.store.ts); everything in between
// lives in Redis: a hash with the owner and the latest phase, percent and message, and the
// text streamed so far. Each event updates them and goes out on the jobs' pub/sub channel in
// one script, so the stored state and the published stream never disagree, and a worker's
// event after the job ended (cancelled) is refused instead of sent.
import type { Redis } from 'ioredis';
import { JOB_TEXT_TTL_SECONDS } from '../platform/constants.js';
import type { JobPhase } from '../db/generated/enums.js';
import { channelName, Topic, type JobEvent } from '../platform/pubsub.js';
import { redisScript } from '../platform/redis.js';

/** What Redis knows of a job between its start and its end (and for an hour after). */
export interface JobLiveState {
  /** Absent when the state was made by a worker after Redis lost it: only Postgres knows the owner then. */
  userId: string | null;
  phase: JobPhase;
  percent: number;
  message: string | null;
  creationId: string | null;
  updatedAt: Date;
  startedAt: Date | null;
}

export const TERMINAL_PHASES: readonly JobPhase[] = ['COMPLETED', 'FAILED', 'CANCELLED'];
export const isTerminal = (phase: JobPhase) => TERMINAL_PHASES.includes(phase);

export const jobTextKey = (prefix: string, jobId: string) => `${prefix}:job-text:${jobId}`;
export const jobStateKey = (prefix: string, jobId: string) => `${prefix}:job:${jobId}`;

const emitScript = redisScript<number>(new URL('./job-emit.lua', import.meta.url));

export interface EmitOptions {
  /** Given when the delta does not simply extend the stored text (a retry that wrote something else): the stored text becomes it. */
  fullText?: string;
  /** A worker's report: refused (false) when the job has already ended. Terminal events are never refused. */
  onlyWhileLive?: boolean;
}

/** Stores and publishes one event; false when `onlyWhileLive` and the job had already ended. */
export async function emitJobEvent(redis: Redis, prefix: string, event: JobEvent, options: EmitOptions = {}): Promise<boolean> {
  const { fullText, onlyWhileLive = false } = options;
  const textMode = fullText !== undefined ? 's' : event.delta ? 'a' : '';
  const done = await emitScript(
    redis,
    jobStateKey(prefix, event.jobId),
    jobTextKey(prefix, event.jobId),
    onlyWhileLive ? '1' : '0',
    event.phase,
    String(event.percent),
    event.message === null ? '' : `m${event.message}`,
    event.creationId ?? '',
    textMode,
    fullText ?? event.delta,
    String(JOB_TEXT_TTL_SECONDS),
    channelName(prefix, Topic.JOB_PROGRESS, event.jobId),
    JSON.stringify(event),
    String(Date.now()),
  );
  return done === 1;
}

const createScript = redisScript<number>(new URL('./job-create.lua', import.meta.url));

/** A new job's state, written before it is queued: its owner is what lets a subscriber follow it without Postgres. */
export async function createJobState(redis: Redis, prefix: string, jobId: string, userId: string, createdAt: Date): Promise<void> {
  await createScript(redis, jobStateKey(prefix, jobId), userId, String(createdAt.getTime()), String(JOB_TEXT_TTL_SECONDS));
}

const readScript = redisScript<[string[], string | null]>(new URL('./job-read.lua', import.meta.url));

const dateOf = (ms: string | undefined) => (ms ? new Date(Number(ms)) : null);

/** The job's live state (null when Redis has none: expired, or lost) and its text so far, in one round trip. */
export async function readJobLive(redis: Redis, prefix: string, jobId: string): Promise<{ state: JobLiveState | null; text: string }> {
  const [fields, text] = await readScript(redis, jobStateKey(prefix, jobId), jobTextKey(prefix, jobId));
  const hash: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) hash[fields[i]!] = fields[i + 1]!;
  const state: JobLiveState | null = hash.phase
    ? {
        userId: hash.userId ?? null,
        phase: hash.phase as JobPhase,
        percent: Number(hash.percent ?? 0),
        message: hash.message ?? null,
        creationId: hash.creationId ?? null,
        updatedAt: dateOf(hash.updatedAt) ?? new Date(),
        startedAt: dateOf(hash.startedAt),
      }
    : null;
  return { state, text: text ?? '' };
}

export async function readJobText(redis: Redis, prefix: string, jobId: string): Promise<string> {
  return (await redis.get(jobTextKey(prefix, jobId))) ?? '';
}

/** Where two texts part: the length of their common beginning (a retry that rewrote the streamed text is replaced from there). */
export function commonPrefixLength(a: string, b: string): number {
  let p = 0;
  while (p < a.length && a[p] === b[p]) p += 1;
  return p;
}
