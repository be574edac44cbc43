// API and worker reconnect by themselves after Redis restarts: a private Redis on its
// own port is killed and started again under them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followJob, gql, gqlOk, signUp, startStack, waitFor } from '../helpers/server.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let port: number;
let redis: ChildProcess | undefined;
let stack: Awaited<ReturnType<typeof startStack>>;

function startRedis() {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}
async function stopRedis() {
  const r = redis;
  if (!r || r.exitCode !== null) return;
  await new Promise((resolve) => {
    r.once('exit', resolve);
    r.kill('SIGKILL');
  });
}
const ready = async () => (await fetch(`${stack.url}/readyz`)).status;

beforeAll(async () => {
  port = await freePort();
  startRedis();
  await waitFor(
    async () => {
      const { Redis } = await import('ioredis');
      const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    },
    10_000,
    'private redis',
  );
  stack = await startStack({ REDIS_URL: `redis://127.0.0.1:${port}`, LOCAL_STREAM_DELAY_MS: '0' });
});
afterAll(async () => {
  await stack?.close();
  await stopRedis();
});

describe('a Redis restart', () => {
  it('is survived: 503 while it is down, then jobs and events flow again with no restart of ours', async () => {
    const { token } = await signUp(stack.url, 'Phoenix', 'phoenix');
    const TITLES = 'mutation { generateBlogTitles(input: {keyword: "resilience"}) { id } }';
    const before = await gqlOk(stack.url, TITLES, {}, token);
    expect((await followJob(stack.url, token, before.generateBlogTitles.id)).at(-1)!.phase).toBe('COMPLETED');

    await stopRedis();
    await waitFor(async () => (await ready()) === 503, 10_000, '/readyz to report Redis down');
    const down = await (await fetch(`${stack.url}/readyz`)).json();
    expect(down).toMatchObject({ status: 'unavailable', postgres: 'ok', code: 'SERVICE_UNAVAILABLE' });
    expect(down.redis).toMatch(/^down/);
    // Requests that need Redis answer at once with a code, over GraphQL and REST, instead of waiting for it.
    const started = Date.now();
    const refused = await gql(stack.url, TITLES, {}, token);
    expect(refused.status).toBe(503);
    expect(refused.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(refused.errors?.[0]?.message).toMatch(/unavailable right now/);
    const rest = await fetch(`${stack.url}/api/ai/generate-blog-title`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ prompt: 'resilience' }),
    });
    expect(rest.status).toBe(503);
    expect(await rest.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // Queued commands would wait for Redis to return (it does not, until below): any answer at all proves the point.
    expect(Date.now() - started).toBeLessThan(10_000);

    startRedis();
    await waitFor(async () => (await ready()) === 200, 20_000, '/readyz to recover');
    // Workers and the pub/sub connection reconnect on their own; a new job goes through end to end.
    await waitFor(
      async () => {
        try {
          const after = await gqlOk(stack.url, TITLES, {}, token);
          const events = await followJob(stack.url, token, after.generateBlogTitles.id, 5_000);
          return events.at(-1)!.phase === 'COMPLETED';
        } catch {
          return false;
        }
      },
      30_000,
      'a job to complete after the restart',
    );
  });
});
