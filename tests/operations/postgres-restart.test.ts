// Postgres crashes (SIGKILL of the whole server) while jobs and likes are in flight, and
// comes back on the same port and data directory. A private cluster: the shared one is
// never touched. The API must answer 503 SERVICE_UNAVAILABLE while it is down, recover
// with no restart of ours, and lose or duplicate nothing it acknowledged.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../server/shared/db/migrations.js';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { seedCreations } from '../helpers/seed.js';
import { randomUUID } from 'node:crypto';
import { collect, followJob, gql, gqlOk, JOB_PROGRESS, signUp, startStack, waitFor, wsClient } from '../helpers/server.js';

let pgc: PrivatePostgres;
let stack: Awaited<ReturnType<typeof startStack>>;

beforeAll(async () => {
  pgc = await startPrivatePostgres();
  await applyMigrations(pgc.url('atelier'));
  stack = await startStack({
    DATABASE_URL: pgc.url('atelier'),
    LOCAL_STREAM_DELAY_MS: '15',
    FREE_TEXT_QUOTA: '10000',
    MAX_CONCURRENT_JOBS: '100',
    TOOL_RATE_PER_MINUTE: '10000',
    LIKE_RATE_PER_MINUTE: '100000',
  });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await pgc?.destroy();
});

const TITLES = 'mutation($k: String!) { generateBlogTitles(input: {keyword: $k}) { id } }';
const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { id likeCount likedByMe } }';
const TERMINAL = ['COMPLETED', 'FAILED', 'CANCELLED'];

type Attempt = { ok: true; value: string | boolean } | { ok: false; status: number; code: string | undefined };

/** Runs `step` back to back until `stop()`; records every outcome in order. */
async function loop(stop: () => boolean, step: () => Promise<Attempt>, out: Attempt[]) {
  while (!stop()) {
    out.push(await step().catch((e: Error): Attempt => ({ ok: false, status: 0, code: `THROWN ${e.message}` })));
    await new Promise((r) => setTimeout(r, 40));
  }
}

function wsOutcome(token: string): Promise<{ code: number; reason: string } | 'acked'> {
  const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (m) => JSON.parse(String(m)).type === 'connection_ack' && (resolve('acked'), socket.close()));
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
}

describe('a Postgres crash and restart', () => {
  it('answers 503 with a code while it is down, recovers with no restart, and loses or duplicates no job, creation or like', async () => {
    const db = stack.server.app.services.db;
    const writers = await Promise.all(Array.from({ length: 3 }, (_, i) => signUp(stack.url, `Writer${i}`, 'pgcrash')));
    const likers = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(stack.url, `Liker${i}`, 'pgcrash')));
    const owner = await signUp(stack.url, 'Owner', 'pgcrash');
    const target = (await seedCreations(db, owner.user.id, 1, { published: true }))[0]!;

    let stopped = false;
    const jobs: Attempt[][] = writers.map(() => []);
    const likes: Attempt[][] = likers.map(() => []);
    const load = [
      ...writers.map((w, i) =>
        loop(
          () => stopped,
          async () => {
            const r = await gql<{ generateBlogTitles: { id: string } }>(stack.url, TITLES, { k: `crash ${i}` }, w.token);
            return r.data?.generateBlogTitles ? { ok: true, value: r.data.generateBlogTitles.id } : { ok: false, status: r.status, code: r.errors?.[0]?.extensions?.code };
          },
          jobs[i]!,
        ),
      ),
      ...likers.map((l, i) =>
        loop(
          () => stopped,
          async () => {
            const r = await gql<{ toggleLike: { likedByMe: boolean } }>(stack.url, TOGGLE, { id: target.id }, l.token);
            return r.data?.toggleLike ? { ok: true, value: r.data.toggleLike.likedByMe } : { ok: false, status: r.status, code: r.errors?.[0]?.extensions?.code };
          },
          likes[i]!,
        ),
      ),
    ];

    // A socket opened (and authenticated) before the crash.
    const early = wsClient(stack.url, owner.token);
    await new Promise((r) => setTimeout(r, 1500));
    await pgc.kill();
    const downAt = jobs.map((a) => a.length);

    // While it is down: readiness, GraphQL, REST and WebSocket all say so, with a code.
    const ready = await fetch(`${stack.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', redis: 'ok', code: 'SERVICE_UNAVAILABLE', postgres: expect.stringMatching(/^down/) });
    const mine = await gql(stack.url, '{ myCreations(first: 5) { edges { node { id } } } }', {}, owner.token);
    expect(mine.status).toBe(503);
    expect(mine.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(mine.errors?.[0]?.message).toMatch(/database is unavailable/);
    const feed = await gql(stack.url, '{ communityFeed(first: 5) { edges { node { id } } } }');
    expect(feed.status).toBe(503);
    expect(feed.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    const rest = await fetch(`${stack.url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(rest.status).toBe(503);
    expect(await rest.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // A new socket: acknowledged when the token's user is remembered, else 1013 "try again later" —
    // never 4403, which would tell the client its token is bad.
    const newSocket = await wsOutcome(owner.token);
    if (newSocket !== 'acked') expect(newSocket).toMatchObject({ code: 1013, reason: expect.stringMatching(/^SERVICE_UNAVAILABLE/) });
    // A subscription that needs the database, on a socket opened before: a coded error, no internals.
    const sub = collect(early, JOB_PROGRESS, { id: randomUUID() });
    await waitFor(() => sub.errors.length > 0, 10_000, 'the subscription to fail');
    expect(JSON.stringify(sub.errors)).toMatch(/SERVICE_UNAVAILABLE/);
    expect(JSON.stringify(sub.errors)).not.toMatch(/prisma|invocation|\/work\//i);
    await early.dispose();
    // Needs no database: still answers.
    expect((await gqlOk(stack.url, '{ authConfig { provider } }')).authConfig.provider).toBe('builtin');

    await new Promise((r) => setTimeout(r, 1500));
    await pgc.start();
    await waitFor(async () => (await fetch(`${stack.url}/readyz`)).status === 200, 20_000, '/readyz to recover');
    await new Promise((r) => setTimeout(r, 1500));
    stopped = true;
    await Promise.all(load);

    // Every refusal had a code: SERVICE_UNAVAILABLE (503), nothing else, never a 500.
    const refusals = [...jobs, ...likes].flat().filter((a): a is Extract<Attempt, { ok: false }> => !a.ok);
    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) expect(r).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    // The load really spanned the outage: jobs were accepted before and after it.
    for (const [i, seq] of jobs.entries()) {
      expect(seq.slice(0, downAt[i]).some((a) => a.ok)).toBe(true);
      expect(seq.slice(downAt[i]).some((a) => a.ok)).toBe(true);
    }

    // Every job (acknowledged or not) ends, visibly: COMPLETED with exactly one creation, or FAILED with a message.
    const writerIds = writers.map((w) => w.user.id);
    await waitFor(
      async () => (await db.job.count({ where: { userId: { in: writerIds }, phase: { notIn: ['COMPLETED', 'FAILED', 'CANCELLED'] } } })) === 0,
      40_000,
      'every job to end',
    );
    const rows = await db.job.findMany({ where: { userId: { in: writerIds } } });
    const accepted = jobs.flat().flatMap((a) => (a.ok ? [a.value as string] : []));
    const stored = new Set(rows.map((j) => j.id));
    expect(accepted.filter((id) => !stored.has(id))).toEqual([]); // none acknowledged and missing
    for (const [i, w] of writers.entries()) {
      for (const a of jobs[i]!) {
        if (!a.ok) continue;
        const seen = await gqlOk<{ job: { phase: string; message: string | null } }>(stack.url, 'query($id: ID!) { job(id: $id) { phase message } }', { id: a.value }, w.token);
        expect(TERMINAL).toContain(seen.job.phase);
        if (seen.job.phase === 'FAILED') expect(seen.job.message).toBeTruthy();
      }
    }
    const creations = await db.creation.findMany({ where: { userId: { in: writerIds } } });
    const completed = rows.filter((j) => j.phase === 'COMPLETED');
    expect(creations).toHaveLength(completed.length);
    expect(new Set(creations.map((c) => c.jobId))).toEqual(new Set(completed.map((j) => j.id)));
    for (const j of completed) expect(creations.find((c) => c.jobId === j.id)?.id).toBe(j.creationId);

    // Likes: acknowledged toggles alternate unless an unacknowledged one sits between them
    // (that one may or may not have committed); the counter equals the rows; one row per liker at most.
    for (const seq of likes) {
      let last: boolean | undefined;
      let uncertain = false;
      for (const a of seq) {
        if (!a.ok) {
          uncertain = true;
          continue;
        }
        if (last !== undefined && !uncertain) expect(a.value).toBe(!last);
        last = a.value as boolean;
        uncertain = false;
      }
    }
    const finalLikes = await db.like.findMany({ where: { creationId: target.id } });
    expect(new Set(finalLikes.map((l) => l.userId)).size).toBe(finalLikes.length);
    expect((await db.creation.findUniqueOrThrow({ where: { id: target.id } })).likeCount).toBe(finalLikes.length);
    for (const [i, l] of likers.entries()) {
      const last = likes[i]!.at(-1);
      // The loop ended with acknowledged toggles (the database was back): the row agrees with the last answer.
      expect(last?.ok).toBe(true);
      if (last?.ok) expect(finalLikes.some((f) => f.userId === l.user.id)).toBe(last.value);
    }

    // And a new job goes through end to end, events included, with no restart of the API or worker.
    const writer = writers[0]!;
    const fresh = await gqlOk<{ generateBlogTitles: { id: string } }>(stack.url, TITLES, { k: 'after the crash' }, writer.token);
    expect((await followJob(stack.url, writer.token, fresh.generateBlogTitles.id)).at(-1)!.phase).toBe('COMPLETED');
    if (process.env.FAULT_STATS) {
      console.log(
        JSON.stringify({
          accepted: accepted.length,
          refused: refusals.length,
          completed: completed.length,
          failed: rows.filter((j) => j.phase === 'FAILED').length,
          jobRows: rows.length,
          toggles: likes.flat().length,
          likeRows: finalLikes.length,
        }),
      );
    }
  });
});
