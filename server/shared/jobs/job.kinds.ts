// What the queues carry and what a job's quota charge is. The tools themselves (their
// kinds, one BullMQ queue each: docs/architecture.md) are listed in server/shared/tools/catalogue.ts.

/**
 * What the BullMQ job carries: the job as enqueue() stored it, so the worker needs no read of
 * the row. Jobs queued by an older version carry only `jobId`: the worker reads the row then.
 */
export interface QueuePayload {
  jobId: string;
  userId?: string;
  kind?: string;
  /** The Job row's input (the tool's fields, the prompt, upload keys, the quota charge). */
  input?: Record<string, unknown>;
  /** The row's createdAt, in ms. */
  createdAt?: number;
}

/** Kept on the Job row's input so a failed or cancelled job gives its quota back. */
export interface QuotaCharge {
  kind: 'text';
  month: string;
}

export const currentMonth = (d = new Date()) => d.toISOString().slice(0, 7);
