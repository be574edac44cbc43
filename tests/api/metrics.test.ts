// Prometheus metrics: API request latency by operation, queue depth and the oldest waiting
// job's age, live subscriptions; worker job and phase durations by tool.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The value of the sample with exactly these labels (in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.keys(got).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

let stack: Awaited<ReturnType<typeof startStack>>;
let workerPort: number;

beforeAll(async () => {
  workerPort = await freePort();
  stack = await startStack({ WORKER_METRICS_PORT: String(workerPort), METRICS_TOKEN: 'scrape-me', LOCAL_STREAM_DELAY_MS: '0' });
});
afterAll(() => stack.close());

describe('/metrics', () => {
  it('reports request latency, queue depth and subscriptions (API) and job and phase durations (worker)', async () => {
    const { token } = await signUp(stack.url, 'Metric', 'metric');
    const { generateBlogTitles: job } = await gqlOk(stack.url, 'mutation Titles { generateBlogTitles(input: {keyword: "gauges"}) { id } }', {}, token);
    await followJob(stack.url, token, job.id);

    expect((await fetch(`${stack.url}/metrics`)).status).toBe(401);
    const api = await (await fetch(`${stack.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })).text();
    expect(sample(api, 'atelier_graphql_request_duration_seconds_count', { process: 'api', operation: 'Titles', type: 'mutation', outcome: 'ok' })).toBe(1);
    expect(sample(api, 'atelier_queue_jobs', { process: 'api', queue: 'blog-titles', state: 'waiting' })).toBe(0);
    expect(sample(api, 'atelier_active_subscriptions', { process: 'api' })).toBeGreaterThanOrEqual(0);

    const worker = await (await fetch(`http://127.0.0.1:${workerPort}/metrics`)).text();
    expect(sample(worker, 'atelier_job_duration_seconds_count', { process: 'worker', tool: 'blog-titles', outcome: 'completed' })).toBe(1);
    for (const phase of ['ANALYZING', 'PROCESSING', 'FINALIZING']) {
      expect(sample(worker, 'atelier_job_phase_duration_seconds_count', { process: 'worker', tool: 'blog-titles', phase }), phase).toBe(1);
    }
  });
});

describe('queue gauges', () => {
  it("count each tool queue's jobs by state and age its oldest waiting job, in one Redis round trip per queue, and move as a worker takes them", async () => {
    const own = await startStack({ LOCAL_STREAM_DELAY_MS: '0' }, { workersLater: true });
    try {
      const { token } = await signUp(own.url, 'Gauge', 'gauge');
      const { redis } = own.server.app.services;
      const evals = { count: 0 };
      const evalOf = redis.eval.bind(redis);
      redis.eval = ((...args: Parameters<typeof redis.eval>) => (evals.count++, evalOf(...args))) as typeof redis.eval;
      const scrape = async () => {
        evals.count = 0;
        const text = await (await fetch(`${own.url}/metrics`)).text();
        return { text, evals: evals.count };
      };
      const queued = (text: string, queue: string, state: string) => sample(text, 'atelier_queue_jobs', { process: 'api', queue, state });
      const age = (text: string, queue: string) => sample(text, 'atelier_queue_oldest_waiting_seconds', { process: 'api', queue });

      const empty = await scrape();
      expect(empty.evals).toBe(toolsFor(own.config).length);
      expect([queued(empty.text, 'article', 'waiting'), age(empty.text, 'article')]).toEqual([0, 0]);

      // No worker yet: two articles wait, the first queued 400 ms before the second.
      const ARTICLE = 'mutation { generateArticle(input: {topic: "gauges", length: SHORT}) { id } }';
      const since = performance.now();
      const first = (await gqlOk(own.url, ARTICLE, {}, token)).generateArticle.id as string;
      await new Promise((r) => setTimeout(r, 400));
      const second = (await gqlOk(own.url, ARTICLE, {}, token)).generateArticle.id as string;
      const waiting = await scrape();
      const waited = (performance.now() - since) / 1000;
      expect(queued(waiting.text, 'article', 'waiting')).toBe(2);
      expect(queued(waiting.text, 'article', 'active')).toBe(0);
      expect(age(waiting.text, 'article')).toBeGreaterThanOrEqual(0.4);
      expect(age(waiting.text, 'article')).toBeLessThanOrEqual(waited + 0.05);
      expect([queued(waiting.text, 'blog-titles', 'waiting'), age(waiting.text, 'blog-titles')]).toEqual([0, 0]);
      // The age grows while they wait.
      await new Promise((r) => setTimeout(r, 300));
      expect(age((await scrape()).text, 'article')).toBeGreaterThanOrEqual(age(waiting.text, 'article')! + 0.3);

      await own.startWorkers();
      await Promise.all([followJob(own.url, token, first), followJob(own.url, token, second)]);
      const done = await scrape();
      expect([queued(done.text, 'article', 'waiting'), queued(done.text, 'article', 'active'), age(done.text, 'article')]).toEqual([0, 0, 0]);
    } finally {
      await own.close();
    }
  });
});
