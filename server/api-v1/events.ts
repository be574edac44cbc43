// GET /api/v1/jobs/{id}/events: a job's live events as Server-Sent Events (docs/api-v1.md), written
// straight to the Express response (the format is a few lines of text; no library needed). It
// follows JobService.progress, whose first event is the job's state with all its text so far:
//
//   event: progress   {job_id, status, phase, percent, message}      when any of them changes
//   event: delta      {job_id, offset, delta}    text = text.slice(0, offset) + delta
//   event: completed | failed | cancelled       the job (with its creation), then the stream ends
//
// Every event's id is "<text length>-<FNV-1a hash of the text, 8 hex digits>" after it ("-end"
// added on the last event). A client that reconnects with Last-Event-ID gets the current progress
// and only the text it lacks: the hash tells whether its text is still the job's (a retried
// worker may rewrite it; then the whole text comes again at offset 0). After "-end" the answer is
// 204, which tells EventSource to stop reconnecting. Comments keep idle connections open. A
// server shutting down ends its streams (after a short `retry:`), so their clients reconnect to
// another one and resume there (docs/deployment.md#rolling-deploys-and-drain). A stream whose
// session is signed out, or whose API key is revoked, ends with a comment saying so, as its
// WebSockets close (event-streams.ts); a reconnection is then refused with 401.
import type { Request, Response } from 'express';
import type { JobEvent } from '../shared/platform/pubsub.js';
import { isTerminal } from '../shared/jobs/job.events.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import type { JobJson } from './representations.js';
import { statusOf } from '../shared/jobs/job-json.js';

/** Every so often an idle stream gets a comment line, so proxies and balancers keep it open. */
export const SSE_HEARTBEAT_MS = 15_000;
/** How long EventSource waits before reconnecting after a dropped connection. */
export const SSE_RETRY_MS = 2_000;
/** The wait a stream ended by a server shutting down asks for: soon, spread so its clients do not all come at once. */
export const sseRestartRetryMs = (random = Math.random) => 250 + Math.floor(random() * 750);

/** FNV-1a (32 bits) over UTF-16 code units, continued from `from`. */
export function fnv1a(text: string, from = 0x811c9dc5): number {
  let h = from;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A 32-bit hash as the 8 hex digits an event id carries. */
export const hex = (h: number) => h.toString(16).padStart(8, '0');

export interface ResumePoint {
  length: number;
  hash: string;
  ended: boolean;
}

/** A Last-Event-ID this stream wrote; null when absent; BAD_USER_INPUT when it is not one of ours. */
export function parseLastEventId(header: string | undefined): ResumePoint | null {
  if (header === undefined || header === '') return null;
  const m = /^(\d{1,9})-([0-9a-f]{8})(-end)?$/.exec(header.trim());
  if (!m) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Last-Event-ID is not an id this event stream sent', { field: 'Last-Event-ID' });
  return { length: Number(m[1]), hash: m[2]!, ended: m[3] !== undefined };
}

/** The text a client holds, as the stream has told it (its length and hash are each event's id). */
class ClientText {
  text = '';
  private hash = fnv1a('');
  apply(offset: number, delta: string): void {
    if (offset === this.text.length) {
      this.text += delta;
      this.hash = fnv1a(delta, this.hash);
    } else {
      this.text = this.text.slice(0, offset) + delta;
      this.hash = fnv1a(this.text);
    }
  }
  id(ended = false): string {
    return `${this.text.length}-${hex(this.hash)}${ended ? '-end' : ''}`;
  }
}

/** One event; the JSON escapes the characters some line readers split on (U+0085, U+2028, U+2029). */
export function frame(event: string, id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `id: ${id}\nevent: ${event}\ndata: ${json}\n\n`;
}

/** What ends a stream besides its own last event, for every event stream of the jobs API. */
export interface StreamControls {
  heartbeatMs?: number;
  /** Aborted when this server shuts down: the stream ends, and its client reconnects (with Last-Event-ID) elsewhere. */
  closing?: AbortSignal;
  /** Aborted when the credentials the stream was opened with no longer hold, its reason the line why (`UNAUTHENTICATED: Signed out`): the stream ends. */
  revoked?: AbortSignal;
}

/**
 * Starts an event stream on `res` (headers, the `retry:` line and a comment naming `what`) that
 * follows `iterator`: heartbeats keep it open, and the client going, this server shutting down
 * (a short `retry:` first) or the credentials no longer holding (a comment saying why) end the
 * iterator. Returns what closes the stream once its writer is done.
 */
export function openEventStream(req: Request, res: Response, what: string, iterator: AsyncIterator<unknown>, deps: StreamControls): () => Promise<void> {
  res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
  res.flushHeaders();
  res.write(`retry: ${SSE_RETRY_MS}\n: events of ${what}\n\n`);
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), deps.heartbeatMs ?? SSE_HEARTBEAT_MS);
  const gone = () => void iterator.return?.();
  req.on('close', gone);
  res.on('close', gone);
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
  return async () => {
    clearInterval(heartbeat);
    req.off('close', gone);
    res.off('close', gone);
    deps.closing?.removeEventListener('abort', restart);
    deps.revoked?.removeEventListener('abort', revoke);
    await iterator.return?.();
    res.end();
  };
}

export interface StreamDeps extends StreamControls {
  /** The job's events (JobService.progress for its owner). */
  events: AsyncIterable<JobEvent>;
  /** The job as the API answers it, once it has ended (with its creation). */
  finalJob: () => Promise<JobJson>;
}

/** Writes the stream until the job ends or the client goes; `resume` is the client's Last-Event-ID. */
export async function streamJobEvents(req: Request, res: Response, jobId: string, resume: ResumePoint | null, deps: StreamDeps): Promise<void> {
  const iterator = deps.events[Symbol.asyncIterator]();
  const close = openEventStream(req, res, `job ${jobId}`, iterator, deps);
  const client = new ClientText();
  let shown: string | null = null;
  try {
    for (let first = true; ; first = false) {
      const next = await iterator.next();
      if (next.done || res.destroyed) break;
      const e = next.value;
      if (first) startText(res, client, jobId, e.delta, resume);
      else if (e.delta !== '' || e.offset < client.text.length) {
        client.apply(e.offset, e.delta);
        res.write(frame('delta', client.id(), { job_id: jobId, offset: e.offset, delta: e.delta }));
      }
      if (isTerminal(e.phase)) {
        const job = await deps.finalJob();
        res.write(frame(job.status, client.id(true), job));
        break;
      }
      const progress = { job_id: jobId, status: statusOf(e.phase), phase: e.phase, percent: e.percent, message: e.message };
      const key = JSON.stringify(progress);
      if (key !== shown) res.write(frame('progress', client.id(), progress));
      shown = key;
    }
  } finally {
    await close();
  }
}

/** The first event's text (all of it so far): only what a resuming client lacks, if its text is still the job's. */
function startText(res: Response, client: ClientText, jobId: string, text: string, resume: ResumePoint | null): void {
  if (resume && text.length >= resume.length && hex(fnv1a(text.slice(0, resume.length))) === resume.hash) {
    client.apply(0, text.slice(0, resume.length));
    if (text.length > resume.length) {
      client.apply(resume.length, text.slice(resume.length));
      res.write(frame('delta', client.id(), { job_id: jobId, offset: resume.length, delta: text.slice(resume.length) }));
    }
    return;
  }
  client.apply(0, text);
  // From the start: the whole text, also when it is empty but the client held some (it is replaced).
  if (text !== '' || (resume && resume.length > 0)) res.write(frame('delta', client.id(), { job_id: jobId, offset: 0, delta: text }));
}
