// What the queues carry and what a job's quota charge is. The tools themselves (their
// kinds, one BullMQ queue each: DESIGN.md §1) are listed in server/tools/catalogue.ts.

/** What the BullMQ job carries: only the id; the input lives on the Job row. */
export interface QueuePayload {
  jobId: string;
}

/** Kept on the Job row's input so a failed or cancelled job gives its quota back. */
export interface QuotaCharge {
  kind: 'text';
  month: string;
}

export const currentMonth = (d = new Date()) => d.toISOString().slice(0, 7);
