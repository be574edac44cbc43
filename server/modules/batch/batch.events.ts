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
import { fnv1a, frame, parseLastEventId, SSE_HEARTBEAT_MS, SSE_RETRY_MS, sseRestartRetryMs } from '../../api-v1/events.js';
import type { BatchView } from './batch.service.js';

/** Where a reconnecting client of a batch's stream left off. */
export interface BatchResume {
  /** The number of the last event it had. */
  seen: number;
  ended: boolean;
}

/** The tag every event id of this batch's stream carries. */
const tagOf = (batchId: string) => fnv1a(batchId).toString(16).padStart(8, '0');

/** A Last-Event-ID this batch's stream wrote; null when absent; BAD_USER_INPUT when it is not one of its own. */
export function parseBatchEventId(header: string | undefined, batchId: string): BatchResume | null {
  const point = parseLastEventId(header);
  if (!point) return null;
  if (point.hash !== tagOf(batchId)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Last-Event-ID is not an id this event stream sent', { field: 'Last-Event-ID' });
  return { seen: point.length, ended: point.ended };
}

export interface BatchStreamDeps {
  /** The batch's states (BatchService.progress for its owner): the last one is the closed batch. */
  states: AsyncIterable<BatchView>;
  /** The batch as the jobs API writes it. */
  json: (view: BatchView) => unknown;
  heartbeatMs?: number;
  /** Aborted when this server shuts down: the stream ends, and its client reconnects (with Last-Event-ID) elsewhere. */
  closing?: AbortSignal;
  /** Aborted, its reason the line why, when the credentials the stream was opened with no longer hold. */
  revoked?: AbortSignal;
}

/** The last state: the batch closed (or, should its close not come in time, every picture ended). */
const endedOf = (v: BatchView) => v.status !== 'RUNNING' || v.counts.queued + v.counts.running === 0;

/** Writes the stream until the batch is closed or the client goes; `resume` is the client's Last-Event-ID. */
export async function streamBatchEvents(req: Request, res: Response, batchId: string, resume: BatchResume | null, deps: BatchStreamDeps): Promise<void> {
  res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  res.write(`retry: ${SSE_RETRY_MS}\n: events of batch ${batchId}\n\n`);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), deps.heartbeatMs ?? SSE_HEARTBEAT_MS);
  const iterator = deps.states[Symbol.asyncIterator]();
  const gone = () => void iterator.return?.();
  req.on('close', gone);
  const restart = () => {
    if (!res.writableEnded) res.write(`retry: ${sseRestartRetryMs()}\n: this server is shutting down; reconnect\n\n`);
    gone();
  };
  if (deps.closing?.aborted) restart();
  else deps.closing?.addEventListener('abort', restart, { once: true });
  const revoke = () => {
    if (!res.writableEnded) res.write(`: ${String(deps.revoked?.reason).replace(/[\r\n]+/g, ' ')}\n\n`);
    gone();
  };
  if (deps.revoked?.aborted) revoke();
  else deps.revoked?.addEventListener('abort', revoke, { once: true });
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
    clearInterval(heartbeat);
    req.off('close', gone);
    deps.closing?.removeEventListener('abort', restart);
    deps.revoked?.removeEventListener('abort', revoke);
    await iterator.return?.();
    res.end();
  }
}
