// docs/api-v1.md, "Rate-limit headers": every limited route says where its limit stands
// (RateLimit-Limit, -Remaining, -Reset, -Policy) and a refusal says when to come back
// (Retry-After): on the REST mirror, on /api/v1, and on GraphQL's HTTP answers, whose limit is
// counted inside a resolver (the request's AsyncLocalStorage store reaches it through Apollo's
// middleware). Concurrent requests keep their own. A start refused for the monthly quota or the
// running-jobs cap names that limit and leaves the per-minute window as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../helpers/api-keys.js';
import { signUp, startStack } from '../helpers/server.js';
import { currentMonth } from '../../server/shared/jobs/job.kinds.js';

const LIMIT = 4;
/** Each API key's own limit (docs/api-keys.md), met by every request made with it. */
const KEY_LIMIT = 50;
let stack: Awaited<ReturnType<typeof startStack>>;

beforeAll(async () => {
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '0', TOOL_RATE_PER_MINUTE: String(LIMIT), API_KEY_RATE_PER_MINUTE: String(KEY_LIMIT), MAX_CONCURRENT_JOBS: '50' });
});
afterAll(() => stack?.close());

const limits = (res: Response) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  reset: Number(res.headers.get('ratelimit-reset')),
  policy: res.headers.get('ratelimit-policy'),
  retryAfter: res.headers.get('retry-after'),
});

const post = (path: string, token: string, body: unknown) =>
  fetch(`${stack.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

const ARTICLE = 'mutation($topic: String!) { generateArticle(input: { topic: $topic }) { id } }';

describe('RateLimit headers', () => {
  it('on the REST mirror, counting down to a 429 with Retry-After', async () => {
    const { token } = await signUp(stack.url, 'Rest', 'ratelimit');
    const seen = [];
    for (let i = 0; i <= LIMIT; i++)
      seen.push(await post('/api/ai/generate-blog-title', token, { prompt: `Generate a blog title for the keyword kites ${i} in the category General` }));
    expect(seen.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
    expect(limits(seen[0]!)).toMatchObject({ limit: String(LIMIT), remaining: String(LIMIT - 1), policy: `${LIMIT};w=60`, retryAfter: null });
    expect(limits(seen[0]!).reset).toBeGreaterThan(0);
    expect(limits(seen[0]!).reset).toBeLessThanOrEqual(60);
    expect(seen.slice(0, LIMIT).map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['3', '2', '1', '0']);
    const refused = limits(seen.at(-1)!);
    expect(refused.remaining).toBe('0');
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await seen.at(-1)!.json()) as object).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });

  it('on /api/v1: the most restrictive limit met, the API key’s own on every route, none for a session on a route without one', async () => {
    const account = await signUp(stack.url, 'Vone', 'ratelimit');
    const { key } = await createTestApiKey(stack.server.app.services.db, account.user.id, ['read', 'generate']);
    // Starting a job meets the tool limit (4, 3 left) and the key's (50, 49 left): the first shows.
    const started = await post('/api/v1/articles', key, { topic: 'kites' });
    expect(started.status).toBe(202);
    expect(limits(started)).toMatchObject({ limit: String(LIMIT), remaining: String(LIMIT - 1), policy: `${LIMIT};w=60` });
    const usage = await fetch(`${stack.url}/api/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
    expect(usage.status).toBe(200);
    expect(limits(usage)).toMatchObject({ limit: String(KEY_LIMIT), remaining: String(KEY_LIMIT - 2), policy: `${KEY_LIMIT};w=60`, retryAfter: null });
    const bySession = await fetch(`${stack.url}/api/v1/usage`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(bySession.status).toBe(200);
    expect(limits(bySession)).toMatchObject({ limit: null, remaining: null, retryAfter: null });
  });

  it('on GraphQL HTTP answers, counted in the resolver; a RATE_LIMITED answer keeps its status and carries Retry-After', async () => {
    const { token } = await signUp(stack.url, 'Graph', 'ratelimit');
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push(await post('/graphql', token, { query: ARTICLE, variables: { topic: `kites ${i}` } }));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { errors?: { extensions: { code: string } }[] }[];
    expect(bodies.map((b) => b.errors?.[0]?.extensions.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok', 'RATE_LIMITED']);
    expect(answers.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['3', '2', '1', '0', '0']);
    expect(answers.at(-1)!.status).toBe(200);
    expect(Number(limits(answers.at(-1)!).retryAfter)).toBeGreaterThanOrEqual(1);
    expect(limits(answers[0]!).retryAfter).toBeNull();
    // A query that meets no limit says nothing of one.
    const me = await post('/graphql', token, { query: '{ me { id } }' });
    expect(limits(me)).toMatchObject({ limit: null, retryAfter: null });
  });

  it('a start refused for the monthly quota or the running-jobs cap: the headers say that limit, and the per-minute window is not used up', async () => {
    const { db, config } = stack.server.app.services;
    const account = await signUp(stack.url, 'Spent', 'ratelimit');
    const userId = account.user.id;
    const blogTitles = (i: number) => post('/api/ai/generate-blog-title', account.token, { prompt: `Generate a blog title for the keyword quota ${i} in the category General` });
    const window = () => stack.server.app.services.redis.zcard(`${config.REDIS_PREFIX}:rate:tools:${userId}`);
    const month = currentMonth();

    // The free text quota spent: three starts refused, each saying the quota is the limit, none left until next month.
    await db.usageCounter.create({ data: { userId, kind: 'text', month, count: config.FREE_TEXT_QUOTA } });
    const spent = [];
    for (let i = 0; i < 3; i++) spent.push(await blogTitles(i));
    expect(spent.map((r) => r.status)).toEqual([429, 429, 429]);
    expect((await spent[0]!.json()) as object).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    const now = new Date();
    const toNextMonth = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
    const quota = limits(spent[2]!);
    expect(quota).toMatchObject({ limit: String(config.FREE_TEXT_QUOTA), remaining: '0' });
    expect(quota.policy).toMatch(new RegExp(`^${config.FREE_TEXT_QUOTA};w=(2419200|2505600|2592000|2678400)$`));
    expect(Math.abs(quota.reset - toNextMonth)).toBeLessThan(60);
    expect(Math.abs(Number(quota.retryAfter) - toNextMonth)).toBeLessThan(60);
    expect(await window()).toBe(0);

    // As many jobs running as allowed: refused, saying the cap is the limit; the window still untouched.
    await db.usageCounter.update({ where: { userId_kind_month: { userId, kind: 'text', month } }, data: { count: 0 } });
    const running = Array.from({ length: config.MAX_CONCURRENT_JOBS }, () => ({ userId, kind: 'blog-titles', input: {}, phase: 'PROCESSING' as const }));
    await db.job.createMany({ data: running });
    const busy = [];
    for (let i = 0; i < 3; i++) busy.push(await blogTitles(i));
    expect(busy.map((r) => r.status)).toEqual([429, 429, 429]);
    expect((await busy[0]!.json()) as { message: string }).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining(`${config.MAX_CONCURRENT_JOBS} jobs running`) });
    expect(limits(busy[2]!)).toMatchObject({ limit: String(config.MAX_CONCURRENT_JOBS), remaining: '0', policy: `${config.MAX_CONCURRENT_JOBS};w=5`, retryAfter: '5' });
    expect(await window()).toBe(0);

    // The six refusals took nothing of the window: the whole window is still there.
    await db.job.deleteMany({ where: { userId, phase: 'PROCESSING' } });
    const after = [];
    for (let i = 0; i < LIMIT; i++) after.push(await blogTitles(i));
    expect(after.map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    expect(after.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['3', '2', '1', '0']);
  });

  it('keeps concurrent requests apart: each answer carries its own user’s window', async () => {
    const users = await Promise.all([1, 2, 3].map((i) => signUp(stack.url, `Par${i}`, 'ratelimit')));
    // User i has used i requests before the concurrent round.
    for (const [i, u] of users.entries()) for (let n = 0; n < i; n++) await post('/graphql', u.token, { query: ARTICLE, variables: { topic: 'warm-up' } });
    const round = await Promise.all(users.map((u) => post('/graphql', u.token, { query: ARTICLE, variables: { topic: 'together' } })));
    expect(round.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['3', '2', '1']);
  });
});
