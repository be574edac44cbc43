// What both processes know of a batch (docs/batches.md): its queue, its steps, its JSON, and its
// end. A batch is a Batch row and one ordinary Job per picture; BullMQ runs it as a flow, the
// pictures' jobs the children of one parent job in the `batches` queue, which runs once every
// child has ended and closes the batch here.
import type { Batch, Job } from '../db/generated/client.js';
import type { Db } from '../db/prisma.js';
import type { JobPhase } from '../db/generated/enums.js';
import { API_V1 } from '../jobs/job-json.js';
import { TERMINAL_PHASES } from '../jobs/job.events.js';

/** The BullMQ queue of batches' parent jobs (worker/batches/). */
export const BATCH_QUEUE = 'batches';

/** What a batch's parent job carries. */
export interface BatchPayload {
  batchId: string;
}

/** One image step: a tool's kind and that tool's own options, passed on as they are (docs/batches.md, "Chains"). */
export interface BatchStep {
  tool: string;
  options: Record<string, unknown>;
}

/** The field of a picture's Job input that lists its steps when there are more than one. */
export const STEPS_FIELD = 'steps';
/** The field of a picture's Job input naming its batch. */
export const BATCH_FIELD = 'batchId';

/** A job's steps, from its stored input: none (a plain job) or the chain's. */
export function stepsOf(input: unknown): BatchStep[] {
  const steps = (input as Record<string, unknown> | null)?.[STEPS_FIELD];
  if (!Array.isArray(steps)) return [];
  return steps.filter((s): s is BatchStep => typeof s === 'object' && s !== null && typeof (s as BatchStep).tool === 'string');
}

/** "Step 2 of 3 (upscale-image): …": the line a chain's picture says while it works; its step number is read back from it. */
export const stepLine = (index: number, total: number, tool: string, message: string) => `Step ${index + 1} of ${total} (${tool}): ${message}`;
export const stepOfLine = (message: string | null): number | null => {
  const m = /^Step (\d+) of \d+/.exec(message ?? '');
  return m ? Number(m[1]) : null;
};

export type BatchJobRow = Pick<Job, 'id' | 'phase' | 'percent' | 'message' | 'error' | 'errorCode' | 'creationId'>;

export interface BatchCounts {
  total: number;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  cancelled: number;
}

export function countsOf(phases: readonly JobPhase[]): BatchCounts {
  const c = { total: phases.length, queued: 0, running: 0, completed: 0, failed: 0, cancelled: 0 };
  for (const p of phases) {
    if (p === 'QUEUED') c.queued++;
    else if (p === 'COMPLETED') c.completed++;
    else if (p === 'FAILED') c.failed++;
    else if (p === 'CANCELLED') c.cancelled++;
    else c.running++;
  }
  return c;
}

export const batchLinks = (id: string, base = '') => ({
  self: `${base}${API_V1}/batches/${id}`,
  events: `${base}${API_V1}/batches/${id}/events`,
  cancel: `${base}${API_V1}/batches/${id}/cancel`,
  zip: `${base}${API_V1}/batches/${id}/zip`,
});

/** A batch as the jobs API and its webhook write it (snake_case; `base` goes before the links). */
export function batchJson(batch: Batch, jobs: readonly BatchJobRow[], base = ''): Record<string, unknown> {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const rows = batch.jobIds.map((id) => byId.get(id));
  const counts = countsOf(rows.map((r) => r?.phase ?? 'FAILED'));
  return {
    id: batch.id,
    object: 'batch',
    tool: batch.kind,
    steps: batch.steps,
    status: batch.status.toLowerCase(),
    counts,
    pictures: batch.jobIds.map((id, index) => {
      const j = byId.get(id);
      return {
        index,
        job_id: id,
        filename: batch.filenames[index] ?? null,
        phase: j?.phase ?? 'FAILED',
        percent: j?.percent ?? 0,
        step: stepOfLine(j?.message ?? null),
        message: j?.message ?? null,
        error: j?.phase === 'FAILED' ? { code: j.errorCode ?? 'INTERNAL_SERVER_ERROR', message: j.error ?? j.message ?? 'Failed' } : null,
        creation_id: j?.creationId ?? null,
      };
    }),
    created_at: batch.createdAt.toISOString(),
    finished_at: batch.finishedAt?.toISOString() ?? null,
    links: batchLinks(batch.id, base),
  };
}

/**
 * Closes a batch once every one of its pictures has ended, exactly once whoever asks (the parent
 * job, a re-run of it, a follower): the update is guarded by the batch still running. The one
 * that closes it queues `batch.completed`. True when this call closed it.
 */
export async function closeBatch(deps: { db: Db; webhooks: { batchCompleted(userId: string, batchId: string): Promise<void> } }, batchId: string): Promise<boolean> {
  const batch = await deps.db.batch.findUnique({ where: { id: batchId } });
  if (!batch || batch.status !== 'RUNNING') return false;
  const live = await deps.db.job.count({ where: { id: { in: batch.jobIds }, phase: { notIn: [...TERMINAL_PHASES] } } });
  if (live > 0 || !(await endBatch(deps.db, batchId, 'COMPLETED'))) return false;
  await deps.webhooks.batchCompleted(batch.userId, batchId);
  return true;
}

/**
 * Marks a running batch COMPLETED or CANCELLED, once: false when it had ended already. A cancel
 * marks it before it cancels the pictures, so the last picture's end cannot close it as
 * COMPLETED first.
 */
export async function endBatch(db: Db, batchId: string, status: 'COMPLETED' | 'CANCELLED'): Promise<boolean> {
  const { count } = await db.batch.updateMany({ where: { id: batchId, status: 'RUNNING' }, data: { status, finishedAt: new Date() } });
  return count === 1;
}
