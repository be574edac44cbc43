// The jobs API's event streams held to their bounds and to their credentials (docs/api-v1.md,
// "Events (Server-Sent Events)"; docs/security-testing.md has the findings): one user opening 300
// streams at once gets SSE_MAX_STREAMS_PER_USER of them and 429 with Retry-After for the rest,
// while /readyz keeps answering 200; a key is held to SSE_MAX_STREAMS_PER_API_KEY and the process
// to SSE_MAX_STREAMS_PER_PROCESS; a stream waiting on its job sends no SQL; and an open stream
// ends within 2 s of its session's signOut or its key's revokeApiKey, as the sockets do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../helpers/api-keys.js';
import { gqlOk, signUp, startTestServer } from '../helpers/server.js';
import { readEvents, type SseRead } from '../helpers/sse.js';
import { spyOnSql } from '../helpers/sql-spy.js';
import { Topic } from '../../server/shared/platform/pubsub.js';

const PER_USER = 20;
const PER_KEY = 3;
const PER_PROCESS = 30;

let server: Awaited<ReturnType<typeof startTestServer>>;
const db = () => server.app.services.db;

beforeAll(async () => {
  // No worker: the jobs stay queued, so their streams stay open until they are closed.
  server = await startTestServer({ SSE_MAX_STREAMS_PER_API_KEY: String(PER_KEY), SSE_MAX_STREAMS_PER_PROCESS: String(PER_PROCESS) });
});
afterAll(async () => {
  // fetch opens a spare connection once a stream it dropped is closed, and never sends on it: the drain would wait its grace for it.
  server?.httpServer.closeAllConnections();
  await server?.close();
});

/** A user with a session token, an API key, and a live (queued) job. */
async function owner(tag: string) {
  const account = await signUp(server.url, 'Streamer', tag);
  const { key, id: keyId } = await createTestApiKey(db(), account.user.id, ['read', 'generate']);
  const res = await fetch(`${server.url}/api/v1/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ topic: 'Streams that end' }),
  });
  expect(res.status).toBe(202);
  const job = (await res.json()) as { id: string };
  return { ...account, key, keyId, jobId: job.id };
}

const openStream = (jobId: string, bearer: string, signal?: AbortSignal) =>
  fetch(`${server.url}/api/v1/jobs/${jobId}/events`, { headers: { authorization: `Bearer ${bearer}` }, signal });

/** Reads a stream until it ends; null once `signal` (the test's end) drops it. */
const follow = (res: Response) => readEvents(res.body!).catch(() => null);

async function openMany(jobId: string, bearer: string, n: number) {
  const answers = await Promise.all(Array.from({ length: n }, () => openStream(jobId, bearer)));
  const open = answers.filter((r) => r.status === 200);
  const refused = answers.filter((r) => r.status !== 200);
  const problems = await Promise.all(
    refused.map(async (r) => ({
      status: r.status,
      type: r.headers.get('content-type'),
      retryAfter: r.headers.get('retry-after'),
      body: (await r.json()) as Record<string, unknown>,
    })),
  );
  return { open, problems };
}

const closeAll = async (streams: Response[]) => void (await Promise.all(streams.map((r) => r.body?.cancel().catch(() => undefined))));

/** How long after `since` the stream ended, or null if it had not ended `withinMs` after it. */
async function endedAfter(reading: Promise<SseRead | null>, since: () => number, withinMs: number): Promise<{ ms: number; read: SseRead } | null> {
  const read = await Promise.race([reading, new Promise<null>((r) => setTimeout(() => r(null), withinMs + 1000))]);
  return read?.ended ? { ms: Date.now() - since(), read } : null;
}

describe('bounds on open event streams', () => {
  it('gives one user opening 300 streams at once SSE_MAX_STREAMS_PER_USER of them and 429 with Retry-After for the rest; /readyz stays 200', async () => {
    const user = await owner('sse-flood');
    const ready: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = Date.now();
        ready.push(await fetch(`${server.url}/readyz`).then((r) => (r.ok && Date.now() - started < 1500 ? 200 : r.status || 599)));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const { open, problems } = await openMany(user.jobId, user.token, 300);
    // And while they are held.
    await new Promise((r) => setTimeout(r, 1000));
    polling = false;
    await poller;
    await closeAll(open);

    expect(open.length).toBe(PER_USER);
    expect(problems.length).toBe(300 - PER_USER);
    for (const p of problems) {
      expect(p.status).toBe(429);
      expect(p.type).toBe('application/problem+json; charset=utf-8');
      expect(Number(p.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(p.body).toMatchObject({ code: 'RATE_LIMITED', status: 429, type: 'urn:atelier:problem:rate-limited', limit: PER_USER });
    }
    expect(ready.length).toBeGreaterThan(10);
    expect(ready.filter((s) => s !== 200)).toEqual([]);
  });

  it('holds an API key to SSE_MAX_STREAMS_PER_API_KEY and the process to SSE_MAX_STREAMS_PER_PROCESS; a closed stream frees its slot', async () => {
    const first = await owner('sse-process');
    const second = await owner('sse-key');
    const held = (await openMany(first.jobId, first.token, 20)).open;
    expect(held.length).toBe(20);

    const byKey = await openMany(second.jobId, second.key, PER_KEY + 2);
    expect(byKey.open.length).toBe(PER_KEY);
    expect(byKey.problems.map((p) => [p.status, p.body.code, p.body.limit])).toEqual([
      [429, 'RATE_LIMITED', PER_KEY],
      [429, 'RATE_LIMITED', PER_KEY],
    ]);
    expect(String(byKey.problems[0]!.body.detail)).toMatch(/API key/);

    // The same user's session is not the key: it gets what is left of the process (30 − 23).
    const bySession = await openMany(second.jobId, second.token, 10);
    expect(bySession.open.length).toBe(PER_PROCESS - 20 - PER_KEY);
    expect(bySession.problems.map((p) => [p.status, p.body.code, p.body.limit])).toEqual(Array.from({ length: 3 }, () => [429, 'RATE_LIMITED', PER_PROCESS]));
    expect(bySession.problems.every((p) => Number(p.retryAfter) >= 1)).toBe(true);

    await closeAll(held);
    const freed: Response[] = [];
    const openOne = async () => {
      freed.push(...(await openMany(second.jobId, second.token, 1)).open);
      return freed.length;
    };
    await expect.poll(openOne, { timeout: 5_000 }).toBe(1);
    await closeAll([...byKey.open, ...bySession.open, ...freed]);
  });

  it('sends no SQL while a stream waits on its job and passes its events on', async () => {
    const user = await owner('sse-sql');
    const stop = new AbortController();
    const res = await openStream(user.jobId, user.key, stop.signal);
    const reading = readEvents(res.body!, (_e, all) => all.length >= 4);
    await new Promise((r) => setTimeout(r, 200));
    const spy = spyOnSql();
    try {
      for (let i = 0; i < 3; i++) {
        await server.app.services.pubsub.publish(Topic.JOB_PROGRESS, {
          jobId: user.jobId,
          phase: 'PROCESSING',
          percent: 10 * (i + 1),
          delta: `part ${i} `,
          offset: 7 * i,
          message: null,
          creationId: null,
        });
        await new Promise((r) => setTimeout(r, 100));
      }
      const read = await reading;
      expect(read.events.slice(0, 4).map((e) => e.event)).toEqual(['progress', 'delta', 'progress', 'delta']);
      expect(spy.sent).toEqual([]);
    } finally {
      spy.restore();
      stop.abort();
    }
  });
});

describe('event streams follow their credentials', () => {
  it('ends a stream within 2 s of its session’s signOut; a stream of another session stays; the token then gets 401', async () => {
    const user = await owner('sse-signout');
    const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }';
    const other = (await gqlOk<{ signIn: { token: string } }>(server.url, SIGN_IN, { e: user.user.email, p: 'Correct-Horse-9' })).signIn.token;
    const stop = new AbortController();
    const mine = await openStream(user.jobId, user.token, stop.signal);
    const theirs = await openStream(user.jobId, other, stop.signal);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    const reading = follow(mine);
    const otherReading = follow(theirs);

    let signedOutAt = 0;
    expect(await gqlOk(server.url, 'mutation { signOut }', {}, user.token)).toEqual({ signOut: true });
    signedOutAt = Date.now();
    const ended = await endedAfter(reading, () => signedOutAt, 2000);
    expect(ended, 'the stream did not end after signOut').not.toBeNull();
    expect(ended!.ms).toBeLessThan(2000);
    expect(ended!.read.comments.map((c) => c.trim())).toContain('UNAUTHENTICATED: Signed out');
    expect(ended!.read.events.at(-1)?.event).not.toBe('completed');

    const again = await openStream(user.jobId, user.token);
    expect(again.status).toBe(401);
    await again.body?.cancel();
    const still = await Promise.race([otherReading.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 300))]);
    expect(still).toBe('open');
    stop.abort();
  });

  it('ends a stream opened with an API key within 2 s of revokeApiKey; the same user’s other streams stay', async () => {
    const user = await owner('sse-revoke');
    const spare = await createTestApiKey(db(), user.user.id, ['read']);
    const stop = new AbortController();
    const byKey = await openStream(user.jobId, user.key, stop.signal);
    const bySpare = await openStream(user.jobId, spare.key, stop.signal);
    const bySession = await openStream(user.jobId, user.token, stop.signal);
    expect([byKey.status, bySpare.status, bySession.status]).toEqual([200, 200, 200]);
    const reading = follow(byKey);
    const others = [follow(bySpare), follow(bySession)];

    let revokedAt = 0;
    const revoked = await gqlOk<{ revokeApiKey: { revokedAt: string | null } }>(
      server.url,
      'mutation($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }',
      { id: user.keyId },
      user.token,
    );
    revokedAt = Date.now();
    expect(revoked.revokeApiKey.revokedAt).not.toBeNull();
    const ended = await endedAfter(reading, () => revokedAt, 2000);
    expect(ended, 'the stream did not end after revokeApiKey').not.toBeNull();
    expect(ended!.ms).toBeLessThan(2000);
    expect(ended!.read.comments.map((c) => c.trim())).toContain('UNAUTHENTICATED: This API key was revoked');

    const still = await Promise.race([Promise.race(others).then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 300))]);
    expect(still).toBe('open');
    const again = await openStream(user.jobId, user.key);
    expect(again.status).toBe(401);
    await again.body?.cancel();
    stop.abort();
  });
});
