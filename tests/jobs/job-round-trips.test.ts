// What one job costs Postgres, end to end (mutation → queue → worker → subscriber): every query
// this process sends through node-postgres is counted while a job runs. A job's start (with its
// checks) is one round trip and its end (with its creation) another; the worker takes the job
// from the queue and the subscriber's first event comes from Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gqlOk, signUp, startStack, waitFor, wsClient } from '../helpers/server.js';
import { spyOnSql, type SqlSpy } from '../helpers/sql-spy.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let sql: SqlSpy;

beforeAll(async () => {
  stack = await startStack({ ENABLE_NOOP_TOOL: 'true' });
  sql = spyOnSql();
});
afterAll(async () => {
  sql.restore();
  await stack.close();
});

const PROGRESS = 'subscription($id: ID!) { jobProgress(jobId: $id) { phase delta } }';

/** Runs one job (`mutation` selects its id) and follows it to its end; returns the SQL sent meanwhile. */
async function queriesOfOneJob(token: string, mutation: string, variables: Record<string, unknown> = {}): Promise<{ sql: string[]; phases: string[] }> {
  const client = wsClient(stack.url, token);
  try {
    // The socket's sign-in is per connection, not per job: done before counting.
    await gqlOk(stack.url, '{ me { id } }', {}, token);
    sql.clear();
    const data = await gqlOk(stack.url, mutation, variables, token);
    const id = (Object.values(data)[0] as { id: string }).id;
    const sub = collect<{ jobProgress: { phase: string } }>(client, PROGRESS, { id });
    await waitFor(() => ['COMPLETED', 'FAILED', 'CANCELLED'].includes(sub.items.at(-1)?.jobProgress.phase ?? '') || sub.errors.length > 0, 30_000, 'the job to end');
    expect(sub.errors).toEqual([]);
    const sent = [...sql.sent];
    sub.dispose();
    return { sql: sent, phases: sub.items.map((i) => i.jobProgress.phase) };
  } finally {
    await client.dispose();
  }
}

describe('Postgres round trips per job', () => {
  it('a no-op job: one to start it, one to complete it with its creation', async () => {
    const { token } = await signUp(stack.url, 'Trips', 'trips');
    await queriesOfOneJob(token, 'mutation { runNoopJob { id } }'); // the user's row is cached after this
    const { sql, phases } = await queriesOfOneJob(token, 'mutation { runNoopJob { id } }');
    expect(phases.at(-1)).toBe('COMPLETED');
    expect(sql, sql.join('\n---\n')).toHaveLength(2);
    expect(sql[0]).toContain('enqueue_job');
    expect(sql[1]).toContain('UPDATE "Job" SET "phase" = \'COMPLETED\'');
  });

  it('a FREE user’s article (quota charged in the same round trip), streamed through several phases', async () => {
    const { token, user } = await signUp(stack.url, 'Quota', 'trips-quota');
    const article = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';
    await queriesOfOneJob(token, 'mutation { runNoopJob { id } }');
    const { sql, phases } = await queriesOfOneJob(token, article, { input: { topic: 'round trips', length: 'SHORT' } });
    expect(phases).toContain('PROCESSING');
    expect(phases.at(-1)).toBe('COMPLETED');
    expect(sql, sql.join('\n---\n')).toHaveLength(2);
    const usage = await stack.server.app.services.db.usageCounter.findFirstOrThrow({ where: { userId: user.id } });
    expect(usage.count).toBe(1);
  });
});
