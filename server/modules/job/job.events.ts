// A job's live state, shared by the worker that writes it and every API process that
// delivers it: each event goes into Redis (the text so far and the latest phase, for
// late subscribers) and out on the job's pub/sub channel in one MULTI, so the stored
// state and the published stream never disagree.
import type { Redis } from 'ioredis';
import { JOB_TEXT_TTL_SECONDS } from '../../constants.js';
import type { JobPhase } from '../../db/generated/enums.js';
import { channelName, Topic } from '../../pubsub.js';

export interface JobEvent {
  jobId: string;
  phase: JobPhase;
  percent: number;
  /** Text that belongs at `offset` of the job's streamed output (empty when none). */
  delta: string;
  offset: number;
  message: string | null;
  creationId: string | null;
  /** The text ends at offset + delta: set when a retry's final answer is shorter than what was sent. */
  cut?: boolean;
}

export const TERMINAL_PHASES: readonly JobPhase[] = ['COMPLETED', 'FAILED', 'CANCELLED'];
export const isTerminal = (phase: JobPhase) => TERMINAL_PHASES.includes(phase);

export const jobTextKey = (prefix: string, jobId: string) => `${prefix}:job-text:${jobId}`;

/**
 * Stores and publishes one event. `fullText` is given when the delta does not simply
 * extend the stored text (a retry that wrote something else): the stored text becomes it.
 */
export async function emitJobEvent(redis: Redis, prefix: string, event: JobEvent, fullText?: string): Promise<void> {
  const key = jobTextKey(prefix, event.jobId);
  const m = redis.multi();
  if (fullText !== undefined) m.set(key, fullText, 'EX', JOB_TEXT_TTL_SECONDS);
  else if (event.delta) m.append(key, event.delta).expire(key, JOB_TEXT_TTL_SECONDS);
  m.publish(channelName(prefix, Topic.JOB_PROGRESS, event.jobId), JSON.stringify(event));
  await m.exec();
}

export async function readJobText(redis: Redis, prefix: string, jobId: string): Promise<string> {
  return (await redis.get(jobTextKey(prefix, jobId))) ?? '';
}
