// The jobs API's Server-Sent Events writer (server/api-v1/events.ts) on its own, fed made-up job
// events over a real HTTP connection and read by eventsource-parser: heartbeats while idle, a
// worker's rewrite of the text passed on (offset before the end), a resume whose text is no longer
// the job's given the whole text again, a dropped client ending the job's following, and a server
// shutting down ending its streams so their clients resume elsewhere.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fnv1a, parseLastEventId, streamJobEvents } from '../../server/api-v1/events.js';
import type { JobJson } from '../../server/api-v1/representations.js';
import type { JobEvent } from '../../server/shared/platform/pubsub.js';
import { applyDeltas, readEvents } from '../helpers/sse.js';

const JOB = '00000000-0000-4000-8000-000000000001';
const event = (phase: JobEvent['phase'], offset: number, delta: string, percent = 50): JobEvent => ({ jobId: JOB, phase, percent, delta, offset, message: null, creationId: null });

/** What the next request's stream is fed: its events, each after a pause. */
let script: { events: JobEvent[]; pauseMs: number; closing?: AbortSignal } = { events: [], pauseMs: 0 };
let stopped = false;
let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.get('/events', async (req, res) => {
    const { events, pauseMs, closing } = script;
    async function* feed() {
      try {
        for (const e of events) {
          await new Promise((r) => setTimeout(r, pauseMs));
          yield e;
        }
      } finally {
        stopped = true;
      }
    }
    const finalJob = async () => ({ id: JOB, object: 'job', status: 'completed' }) as JobJson;
    await streamJobEvents(req, res, JOB, parseLastEventId(req.get('last-event-id')), { events: feed(), finalJob, heartbeatMs: 20, closing });
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // fetch keeps its connections alive
    }),
);

const open = async (lastEventId?: string) => (await fetch(url, { headers: lastEventId ? { 'last-event-id': lastEventId } : {} })).body!;

describe('the event stream', () => {
  it('sends heartbeats while idle, passes a rewrite on, and ends with the job', async () => {
    script = { pauseMs: 60, events: [event('PROCESSING', 0, 'Hello wor'), event('PROCESSING', 9, 'ld'), event('PROCESSING', 6, 'there', 80), event('COMPLETED', 11, '', 100)] };
    const read = await readEvents(await open());
    expect(read.ended).toBe(true);
    expect(read.comments.filter((c) => c.includes('keep-alive')).length).toBeGreaterThan(2);
    expect(read.events.map((e) => e.event)).toEqual(['delta', 'progress', 'delta', 'delta', 'progress', 'completed']);
    expect(applyDeltas(read.events)).toBe('Hello there');
    const ids = read.events.map((e) => e.id);
    expect(ids.at(-1)).toBe(`11-${fnv1a('Hello there').toString(16).padStart(8, '0')}-end`);
  });

  it('gives a resuming client only what it lacks, or the whole text when its text is no longer the job’s', async () => {
    const hash = (s: string) => fnv1a(s).toString(16).padStart(8, '0');
    script = { pauseMs: 0, events: [event('PROCESSING', 0, 'Hello world'), event('COMPLETED', 11, '', 100)] };
    const resumed = await readEvents(await open(`5-${hash('Hello')}`));
    expect(resumed.events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data))).toEqual([{ job_id: JOB, offset: 5, delta: ' world' }]);
    const stale = await readEvents(await open(`5-${hash('Howdy')}`));
    expect(stale.events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data))).toEqual([{ job_id: JOB, offset: 0, delta: 'Hello world' }]);
    expect(() => parseLastEventId('5-zz')).toThrow(/Last-Event-ID/);
  });

  it('stops following the job when the client goes', async () => {
    stopped = false;
    script = { pauseMs: 30, events: Array.from({ length: 200 }, (_, i) => event('PROCESSING', i, 'x')) };
    const read = await readEvents(await open(), (_e, all) => all.length >= 3);
    expect(read.ended).toBe(false);
    await expect.poll(() => stopped, { timeout: 2_000 }).toBe(true);
  });

  it('ends when its server shuts down, asking the client to come back soon, and the client resumes where it was', async () => {
    stopped = false;
    const shutdown = new AbortController();
    script = { pauseMs: 30, closing: shutdown.signal, events: Array.from({ length: 200 }, (_, i) => event('PROCESSING', i, 'x')) };
    const reading = readEvents(await open());
    setTimeout(() => shutdown.abort(), 200);
    const read = await reading;
    // Ended by the server, not the client, with a retry sooner than the usual 2 s.
    expect(read.ended).toBe(true);
    expect(read.events.at(-1)?.event).not.toBe('completed');
    expect(read.retry).toBeGreaterThanOrEqual(250);
    expect(read.retry).toBeLessThan(1000);
    expect(read.comments.map((c) => c.trim())).toContain('this server is shutting down; reconnect');
    expect(stopped).toBe(true);
    // Another server takes the Last-Event-ID and sends only what is missing.
    const had = applyDeltas(read.events);
    script = { pauseMs: 0, events: [event('PROCESSING', 0, `${had}xyz`), event('COMPLETED', had.length + 3, '', 100)] };
    const resumed = await readEvents(await open(read.events.at(-1)!.id));
    expect(resumed.events.filter((e) => e.event === 'delta').map((e) => JSON.parse(e.data))).toEqual([{ job_id: JOB, offset: had.length, delta: 'xyz' }]);
  });
});
