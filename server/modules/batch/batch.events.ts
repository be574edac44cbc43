// GET /api/v1/batches/{id}/events: a batch's states as Server-Sent Events (docs/batches.md,
// "Following a batch"), following BatchService.progress as the job stream (server/api-v1/events.ts)
// follows JobService.progress:
//
//   event: progress    the batch, whenever a picture moves
//   event: completed | cancelled    the closed batch (status and finished_at set), then the stream ends
//
// Every event's id is "<n>-<FNV-1a hash of the batch's id, 8 hex digits>", n counting the events
// this batch's streams have written to the client ("-end" added on the last event). Each event is
// a whole state, so a client that reconnects with Last-Event-ID gets the current state again, then
// the new ones, numbered on from its id; an id this stream did not write (another batch's, a job's)
// is 400, and after "-end" the answer is 204, which tells EventSource to stop reconnecting.
import type { Request, Response } from 'express';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { fnv1a, frame, hex, openEventStream, parseLastEventId, type StreamControls } from '../../api-v1/events.js';
import type { BatchView } from './batch.service.js';

/** Where a reconnecting client of a batch's stream left off. */
export interface BatchResume {
  /** The number of the last event it had. */
  seen: number;
  ended: boolean;
}

/** The tag every event id of this batch's stream carries. */
const tagOf = (batchId: string) => hex(fnv1a(batchId));

/** A Last-Event-ID this batch's stream wrote; null when absent; BAD_USER_INPUT when it is not one of its own. */
export function parseBatchEventId(header: string | undefined, batchId: string): BatchResume | null {
  const point = parseLastEventId(header);
  if (!point) return null;
  if (point.hash !== tagOf(batchId)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Last-Event-ID is not an id this event stream sent', { field: 'Last-Event-ID' });
  return { seen: point.length, ended: point.ended };
}

export interface BatchStreamDeps extends StreamControls {
  /** The batch's states (BatchService.progress for its owner): the last one is the closed batch. */
  states: AsyncIterable<BatchView>;
  /** The batch as the jobs API writes it. */
  json: (view: BatchView) => unknown;
}

/** The last state: the batch closed (or, should its close not come in time, every picture ended). */
const endedOf = (v: BatchView) => v.status !== 'RUNNING' || v.counts.queued + v.counts.running === 0;

/** Writes the stream until the batch is closed or the client goes; `resume` is the client's Last-Event-ID. */
export async function streamBatchEvents(req: Request, res: Response, batchId: string, resume: BatchResume | null, deps: BatchStreamDeps): Promise<void> {
  const iterator = deps.states[Symbol.asyncIterator]();
  const close = openEventStream(req, res, `batch ${batchId}`, iterator, deps);
  const tag = tagOf(batchId);
  let n = resume?.seen ?? 0;
  try {
    for (let next = await iterator.next(); !next.done && !res.destroyed; next = await iterator.next()) {
      const view = next.value;
      const ended = endedOf(view);
      n += 1;
      res.write(frame(ended ? (view.status === 'CANCELLED' ? 'cancelled' : 'completed') : 'progress', `${n}-${tag}${ended ? '-end' : ''}`, deps.json(view)));
      if (ended) break;
    }
  } finally {
    await close();
  }
}
