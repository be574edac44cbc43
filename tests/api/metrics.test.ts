// Prometheus metrics: API request latency by operation, queue depth, live subscriptions;
// worker job and phase durations by tool.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
