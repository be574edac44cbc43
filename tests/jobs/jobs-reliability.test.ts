// Reliability of the pipeline: an OpenAI-compatible server that streams, fails and
// recovers; a worker killed mid-job; cancellation; and events delivered by an API
// process that did not create the job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followJob, gql, gqlOk, signUp, spawnApiProcess, spawnWorkerProcess, startStack, startTestServer, waitFor } from '../helpers/server.js';
import { startOpenAIMock, type OpenAIMock } from '../helpers/openai-mock.js';

const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';
const TITLES = 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }';

describe('OpenAI-compatible provider', () => {
  let mock: OpenAIMock;
  let stack: Awaited<ReturnType<typeof startStack>>;
  let token: string;
  beforeAll(async () => {
    mock = await startOpenAIMock();
    stack = await startStack({ OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: mock.baseURL, TEXT_MODEL: 'test-model' });
    token = (await signUp(stack.url, 'Oai', 'oai')).token;
  });
  afterAll(async () => {
    await stack.close();
    await mock.close();
  });

  it('streams the model answer as deltas and sends the spec prompt', async () => {
    mock.fallback = { stream: ['# Bees', '\n\nBees ', 'make ', 'honey.'] };
    const { generateArticle: job } = await gqlOk(stack.url, ARTICLE, { input: { topic: 'bees', length: 'LONG' } }, token);
    const events = await followJob(stack.url, token, job.id);
    const last = events.at(-1)!;
    expect(last.phase).toBe('COMPLETED');
    expect(last.creation).toMatchObject({ content: '# Bees\n\nBees make honey.', provider: 'openai' });
    expect(events.map((e) => e.delta).join('')).toBe('# Bees\n\nBees make honey.');
    expect(events.filter((e) => e.delta).length).toBeGreaterThanOrEqual(2);
    const req = mock.requests.at(-1)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.body).toMatchObject({ model: 'test-model', stream: true });
    // The spec's prompt, then the brief a model needs (product §9's word range and the form).
    expect(req.body.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringMatching(/^Write an article about bees in Long\.\nLength: between 1200 and 1600 words\./),
    });
    expect(req.headers.authorization).toBe('Bearer sk-test-not-real');
  });

  it('retries a 503 with backoff, then succeeds', async () => {
    mock.requests.length = 0;
    // Answered late, so the subscriber is listening when the retry is announced.
    mock.replies.push({ status: 503, error: 'overloaded', delayMs: 500 });
    mock.fallback = { stream: ['1. Tea ', 'titles'] };
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'tea' } }, token);
    const events = await followJob(stack.url, token, job.id);
    expect(mock.requests).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ phase: 'COMPLETED', creation: { content: '1. Tea titles' } });
    expect(events.some((e) => /retrying/i.test(e.message ?? ''))).toBe(true);
  });

  it('fails at once on a 400, without retrying, with a message the UI can show', async () => {
    mock.requests.length = 0;
    mock.replies.push({ status: 400, error: 'max_tokens is too large' });
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'tea' } }, token);
    const events = await followJob(stack.url, token, job.id);
    expect(mock.requests).toHaveLength(1);
    const last = events.at(-1)!;
    expect(last.phase).toBe('FAILED');
    expect(last.message).toMatch(/could not handle this request \(400\)/);
    const row = await gqlOk(stack.url, 'query($id: ID!) { job(id: $id) { phase error } }', { id: job.id }, token);
    expect(row.job).toEqual({ phase: 'FAILED', error: last.message });
    expect(await stack.server.app.services.db.creation.count({ where: { jobId: job.id } })).toBe(0);
  });
});

/** The job's phase as its owner sees it (a live job's phases are kept in Redis, not on its row). */
async function phaseOf(url: string, token: string, id: string): Promise<string> {
  return (await gqlOk(url, 'query($id: ID!) { job(id: $id) { phase } }', { id }, token)).job.phase;
}

describe('a worker killed mid-job', () => {
  it('is picked up again and the job finishes exactly once', async () => {
    const prefix = `atelier-test-kill-${process.pid}-${Date.now()}`;
    const env = { REDIS_PREFIX: prefix, LOCAL_STREAM_DELAY_MS: '25', JOB_LOCK_MS: '1500' };
    const server = await startTestServer(env);
    const startWorker = () => spawnWorkerProcess(env);
    try {
      const { token } = await signUp(server.url, 'Crash', 'crash');
      const first = startWorker();
      await waitFor(() => first.out().includes('worker ready'), 30_000, 'first worker');
      const { generateArticle: job } = await gqlOk(server.url, ARTICLE, { input: { topic: 'crash recovery', length: 'SHORT' } }, token);
      const following = followJob(server.url, token, job.id, 60_000);
      const db = server.app.services.db;
      await waitFor(async () => (await phaseOf(server.url, token, job.id)) === 'PROCESSING', 20_000, 'processing');
      await new Promise((r) => setTimeout(r, 400)); // some text streamed
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      expect(await phaseOf(server.url, token, job.id)).toBe('PROCESSING');
      // The row holds only the job's start and end: still live.
      expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).phase).toBe('QUEUED');

      const second = startWorker();
      const events = await following;
      second.child.kill('SIGTERM');
      const last = events.at(-1)!;
      expect(last.phase).toBe('COMPLETED');
      expect(await db.creation.count({ where: { jobId: job.id } })).toBe(1);
      // The subscriber's deltas still add up to the one saved article.
      expect(events.map((e) => e.delta).join('')).toBe(last.creation!.content);
      await new Promise((r) => second.child.once('exit', r));
    } finally {
      await server.close();
    }
  });
});

describe('cancel', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    stack = await startStack({ LOCAL_STREAM_DELAY_MS: '40', FREE_TEXT_QUOTA: '5' });
  });
  afterAll(() => stack.close());

  it('stops a running job: no creation, quota given back', async () => {
    const { token, user } = await signUp(stack.url, 'Stop', 'stop');
    const db = stack.server.app.services.db;
    const { generateArticle: job } = await gqlOk(stack.url, ARTICLE, { input: { topic: 'slow cooking', length: 'LONG' } }, token);
    const following = followJob(stack.url, token, job.id);
    await waitFor(async () => (await phaseOf(stack.url, token, job.id)) === 'PROCESSING', 20_000, 'processing');
    expect((await db.usageCounter.findFirstOrThrow({ where: { userId: user.id } })).count).toBe(1);
    const cancelled = await gqlOk(stack.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase message } }', { id: job.id }, token);
    expect(cancelled.cancelJob).toEqual({ phase: 'CANCELLED', message: 'Cancelled' });
    const events = await following;
    expect(events.at(-1)).toMatchObject({ phase: 'CANCELLED', creation: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(await db.creation.count({ where: { jobId: job.id } })).toBe(0);
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).phase).toBe('CANCELLED');
    expect((await db.usageCounter.findFirstOrThrow({ where: { userId: user.id } })).count).toBe(0);
    // Cancelling again changes nothing.
    expect((await gqlOk(stack.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: job.id }, token)).cancelJob.phase).toBe('CANCELLED');
  });
});

describe('the per-job timeout', () => {
  it('fails a job that runs too long, with a message and no creation', async () => {
    const stack = await startStack({ JOB_TIMEOUT_MS: '1000', LOCAL_STREAM_DELAY_MS: '60' });
    try {
      const { token, user } = await signUp(stack.url, 'Slow', 'slow');
      const { generateArticle: job } = await gqlOk(stack.url, ARTICLE, { input: { topic: 'patience', length: 'LONG' } }, token);
      const last = (await followJob(stack.url, token, job.id)).at(-1)!;
      expect(last.phase).toBe('FAILED');
      expect(last.message).toBe('This took longer than 1 s and was stopped. Please try again.');
      const db = stack.server.app.services.db;
      expect(await db.creation.count({ where: { jobId: job.id } })).toBe(0);
      expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).errorCode).toBe('TIMEOUT');
      // The failed job gave its quota back.
      expect((await db.usageCounter.findFirstOrThrow({ where: { userId: user.id } })).count).toBe(0);
    } finally {
      await stack.close();
    }
  });
});

describe('a second API process', () => {
  it('delivers the events of a job it did not create', async () => {
    const stack = await startStack({ LOCAL_STREAM_DELAY_MS: '3' });
    const other = await spawnApiProcess({ REDIS_PREFIX: stack.config.REDIS_PREFIX });
    try {
      const { token } = await signUp(stack.url, 'Two', 'two');
      const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'scale' } }, token);
      const events = await followJob(other.url, token, job.id);
      expect(events.at(-1)!.phase).toBe('COMPLETED');
      expect(events.map((e) => e.delta).join('')).toBe(events.at(-1)!.creation!.content);
    } finally {
      await other.stop();
      await stack.close();
    }
  });
});

describe('plans and limits', () => {
  it('counts the FREE quota atomically under concurrency and refuses past it', async () => {
    const stack = await startStack({ FREE_TEXT_QUOTA: '3', MAX_CONCURRENT_JOBS: '50', TOOL_RATE_PER_MINUTE: '100', LOCAL_STREAM_DELAY_MS: '0' });
    try {
      const { token, user } = await signUp(stack.url, 'Quota', 'quota');
      const results = await Promise.all(Array.from({ length: 8 }, () => gql(stack.url, TITLES, { input: { keyword: 'race' } }, token)));
      const ok = results.filter((r) => r.data?.generateBlogTitles);
      const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === 'QUOTA_EXCEEDED');
      expect(ok).toHaveLength(3);
      expect(refused).toHaveLength(5);
      expect(refused[0]!.errors![0]!.message).toMatch(/used all 3 free text generations this month/);
      const counter = await stack.server.app.services.db.usageCounter.findFirstOrThrow({ where: { userId: user.id } });
      expect(counter.count).toBe(3);
      // Premium is unlimited.
      await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
      expect((await gql(stack.url, TITLES, { input: { keyword: 'more' } }, token)).data?.generateBlogTitles.id).toBeTruthy();
    } finally {
      await stack.close();
    }
  });

  it('caps concurrent jobs and request rate per user with RATE_LIMITED', async () => {
    const server = await startTestServer({ REDIS_PREFIX: `atelier-test-noworker-${process.pid}-${Date.now()}`, MAX_CONCURRENT_JOBS: '2', TOOL_RATE_PER_MINUTE: '4' });
    try {
      const { token } = await signUp(server.url, 'Busy', 'busy');
      // No worker runs here: jobs stay queued.
      await gqlOk(server.url, TITLES, { input: { keyword: 'a' } }, token);
      const { generateBlogTitles: second } = await gqlOk(server.url, TITLES, { input: { keyword: 'b' } }, token);
      const third = await gql(server.url, TITLES, { input: { keyword: 'c' } }, token);
      expect(third.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
      expect(third.errors?.[0]?.message).toMatch(/already have 2 jobs running/);
      // A queued job can be cancelled, which frees a slot.
      expect((await gqlOk(server.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: second.id }, token)).cancelJob.phase).toBe('CANCELLED');
      expect(await server.app.services.queues.get('blog-titles').getJob(second.id)).toBeUndefined();
      const { generateBlogTitles: fourth } = await gqlOk(server.url, TITLES, { input: { keyword: 'd' } }, token);
      await gqlOk(server.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: fourth.id }, token);
      // The refused third used none of the rate (docs/api-v1.md, "Rate-limit headers"): the fifth
      // request is the fourth counted, and the sixth is over the rate.
      await gqlOk(server.url, TITLES, { input: { keyword: 'e' } }, token);
      const sixth = await gql(server.url, TITLES, { input: { keyword: 'f' } }, token);
      expect(sixth.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(sixth.errors?.[0]?.message).toMatch(/Too many requests/);
    } finally {
      await server.close();
    }
  });
});
