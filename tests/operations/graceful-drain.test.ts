// Graceful drain (docs/deployment.md#rolling-deploys-and-drain), with real
// processes: two API processes and two workers on one Postgres and Redis. A client follows a long
// job over a WebSocket to API #1 and knows both APIs (as a balancer would, its first connection
// goes to #1 and any later one to #2). SIGTERM to API #1 mid-job: /readyz turns 503 while
// /healthz stays 200, a request in flight is answered, the socket closes with 1012 and the
// client resumes on API #2. SIGTERM to the worker running the job: past its grace it hands the
// job back and the other worker finishes it. The client sees the whole text once and the job
// complete once; Postgres has one completed job and one creation; BullMQ completed it once.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createClient } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import { reconnectPolicy } from '../../client/src/lib/reconnect.js';
import { createDb } from '../../server/shared/db/prisma.js';
import { withDefaultUser } from '../../server/shared/platform/config.js';
import { HANDED_BACK_NOTE } from '../../worker/pipeline.js';
import { PROCESS_ENV } from '../../server/shared/platform/constants.js';
import { followJob, gqlOk, NodeWebSocket, signUp, spawnApiProcess, startStack, waitFor } from '../helpers/server.js';
import { freePort } from '../helpers/supervisor.js';

const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';
const PROGRESS = 'subscription($id: ID!) { jobProgress(jobId: $id) { phase percent delta offset message creation { id content } } }';

type Progress = { phase: string; percent: number; delta: string; offset: number; message: string | null; creation: { id: string; content: string } | null };
type LogLine = { msg?: string; [k: string]: unknown };

const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
const logged = (output: string, msg: string | RegExp) => logLines(output).find((l) => (typeof msg === 'string' ? l.msg === msg : msg.test(l.msg ?? '')));

/** A worker process (`npm run worker`) with its probes on a port of its own. */
async function spawnWorker(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'worker/main.ts'], {
    env: { ...PROCESS_ENV, ...process.env, WORKER_METRICS_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const probe = (path: string) =>
    fetch(`http://127.0.0.1:${port}${path}`).then(
      (r) => r.status,
      () => 0,
    );
  return { child, exited, probe, output: () => output, ready: () => waitFor(() => output.includes('"worker ready"'), 60_000, 'a worker to be ready') };
}

/** A request whose body arrives in two parts, `pauseMs` apart: in flight all that time. */
function slowRequest(url: string) {
  const body = JSON.stringify({ query: '{ __typename }' });
  let finish!: () => void;
  const answered = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { answered, finish: () => finish() };
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('graceful drain', () => {
  it('SIGTERM to an API mid-subscription and to the worker mid-job: the client resumes on the other API, the job completes once', async () => {
    const prefix = `atelier-test-drain-${process.pid}-${Date.now()}`;
    const common = { REDIS_PREFIX: prefix, LOG_LEVEL: 'info' };
    // API #1 as deployed (NODE_ENV=production: Apollo's own signal handler would kill it by SIGTERM mid-drain, exit 143).
    const [api1, api2] = await Promise.all([spawnApiProcess({ ...common, NODE_ENV: 'production', SHUTDOWN_DELAY_MS: '1500' }), spawnApiProcess(common)]);
    children.push(api1.child, api2.child);
    // Worker A writes slowly (the job outlasts what follows, even while a busy machine takes 30 s
    // to start worker B); B, started later, quickly.
    const workerA = await spawnWorker({ ...common, LOCAL_STREAM_DELAY_MS: '400', WORKER_DRAIN_GRACE_MS: '1500' });
    children.push(workerA.child);
    const db = createDb(withDefaultUser(process.env.DATABASE_URL!));
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
    const queue = new Queue('article', { connection: redis, prefix });
    try {
      await workerA.ready();
      const { token } = await signUp(api2.url, 'Drain', 'drain');

      // The client: its first connection goes to API #1, every later one to API #2.
      const urls = [api1.url, api2.url].map((u) => `${u.replace(/^http/, 'ws')}/graphql`);
      const connectedTo: string[] = [];
      const closes: { code: number; reason: string }[] = [];
      const policy = reconnectPolicy();
      let attempts = 0;
      const client = createClient({
        url: () => urls[Math.min(attempts++, 1)]!,
        webSocketImpl: NodeWebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: policy.retryAttempts,
        retryWait: policy.retryWait,
        shouldRetry: policy.shouldRetry,
        on: {
          connected: (socket) => void connectedTo.push((socket as NodeWebSocket).url),
          closed: (event) => {
            const { code, reason } = event as { code: number; reason: string | Buffer };
            closes.push({ code, reason: String(reason) });
            policy.closed(event);
          },
        },
      });

      const { generateArticle: job } = await gqlOk<{ generateArticle: { id: string } }>(api2.url, ARTICLE, { input: { topic: 'rolling deploys', length: 'SHORT' } }, token);
      const events: Progress[] = [];
      const errors: unknown[] = [];
      let text = '';
      const dispose = client.subscribe<{ jobProgress: Progress }>(
        { query: PROGRESS, variables: { id: job.id } },
        {
          next: (r) => {
            if (!r.data) return void errors.push(r.errors);
            const e = r.data.jobProgress;
            events.push(e);
            // As the app's job store assembles it (client/src/features/jobs/jobStore.ts).
            text = text.slice(0, e.offset) + e.delta;
          },
          error: (e) => errors.push(e),
          complete: () => {},
        },
      );
      await waitFor(() => text.length > 0, 20_000, 'the job to stream text (on worker A: the only one)');
      expect(connectedTo).toEqual([urls[0]]);
      // Worker B starts now, so the job is A's.
      const workerB = await spawnWorker({ ...common, LOCAL_STREAM_DELAY_MS: '5' });
      children.push(workerB.child);

      // ── SIGTERM to API #1 ──
      const inFlight = slowRequest(api1.url);
      await new Promise((r) => setTimeout(r, 100)); // the request's head is in
      const apiExited = new Promise<number | null>((resolve) => api1.child.once('exit', (code) => resolve(code)));
      const apiStopped = Date.now();
      api1.child.kill('SIGTERM');
      // Readiness fails at once; liveness holds while the process drains.
      await waitFor(async () => (await fetch(`${api1.url}/readyz`)).status === 503, 1_000, 'API #1 /readyz to answer 503');
      const readyzAt = Date.now() - apiStopped;
      expect((await fetch(`${api1.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${api1.url}/healthz`)).status).toBe(200);
      // The subscription is still served by API #1 during SHUTDOWN_DELAY_MS.
      const before = text.length;
      await waitFor(() => text.length > before, 5_000, 'text during the delay');
      expect(connectedTo).toHaveLength(1);
      // Then the socket closes with 1012 and the client comes back on API #2.
      await waitFor(() => closes.length > 0, 5_000, 'API #1 to close the socket');
      const closedAt = Date.now() - apiStopped;
      expect(closes[0]).toEqual({ code: 1012, reason: 'Service Restart: this server is shutting down; connect again' });
      await waitFor(() => connectedTo.length === 2, 5_000, 'the client to reconnect');
      const reconnectedAt = Date.now() - apiStopped;
      expect(connectedTo[1]).toBe(urls[1]);
      // The request in flight since before the SIGTERM is answered, and its connection not kept.
      inFlight.finish();
      const answer = await inFlight.answered;
      expect(answer).toMatchObject({ status: 200, connection: 'close' });
      expect(JSON.parse(answer.body)).toEqual({ data: { __typename: 'Query' } });
      // No new connection reaches it now.
      await expect(fetch(`${api1.url}/healthz`)).rejects.toThrow();
      expect(await apiExited).toBe(0);
      const apiExitedAt = Date.now() - apiStopped;
      const apiLog = api1.output();
      for (const step of ['shutting down', 'draining: /readyz answers 503', /^draining: no new connections/, 'drained', 'closed'])
        expect(logged(apiLog, step), String(step)).toBeDefined();
      expect(logged(apiLog, 'drained')).toMatchObject({ websockets: 1, busyWebsockets: 0, requestsCut: 0 });
      // The job streams on, through API #2.
      const resumedAt = text.length;
      await waitFor(() => text.length > resumedAt, 5_000, 'text through API #2');

      // ── SIGTERM to worker A, mid-job ──
      await workerB.ready();
      expect(events.at(-1)!.phase).toBe('PROCESSING');
      const workerStopped = Date.now();
      const percentAtWorkerSigterm = events.at(-1)!.percent;
      const textAtWorkerSigterm = text.length;
      workerA.child.kill('SIGTERM');
      await waitFor(async () => (await workerA.probe('/readyz')) === 503, 1_000, 'worker A /readyz to answer 503');
      expect(await workerA.probe('/healthz')).toBe(200);
      expect(await workerA.exited).toBe(0);
      const workerExitedAt = Date.now() - workerStopped;
      const aLog = workerA.output();
      expect(logged(aLog, 'draining: taking no new jobs; waiting for the running ones')).toMatchObject({ running: [job.id] });
      expect(logged(aLog, /grace over; handing the running jobs back/)).toMatchObject({ jobs: [job.id] });
      expect(logged(aLog, 'job handed back to its queue')).toMatchObject({ jobId: job.id });
      expect(logged(aLog, 'drained')).toMatchObject({ finished: 0, handedBack: 1 });
      // Its followers were told.
      await waitFor(() => events.some((e) => e.message === HANDED_BACK_NOTE), 5_000, 'the hand-back note');

      // Worker B resumes it and completes it.
      await waitFor(() => errors.length > 0 || events.at(-1)?.phase === 'COMPLETED', 60_000, 'the job to complete');
      const completedAt = Date.now() - workerStopped;
      expect(errors).toEqual([]);
      const completed = events.filter((e) => e.phase === 'COMPLETED');
      expect(completed).toHaveLength(1);
      // The whole text once: what the client assembled across both APIs and both workers is the saved article.
      const content = completed[0]!.creation!.content;
      expect(content.length).toBeGreaterThan(1000);
      expect(text).toBe(content);
      // Phases and percent never went back.
      const percents = events.map((e) => e.percent);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      // Postgres: one completed job, one creation.
      expect(await db.job.findUniqueOrThrow({ where: { id: job.id }, select: { phase: true, creationId: true } })).toEqual({
        phase: 'COMPLETED',
        creationId: completed[0]!.creation!.id,
      });
      expect(await db.creation.count({ where: { jobId: job.id } })).toBe(1);
      // BullMQ: started twice (A, then B), completed once, never failed.
      const queued = (await queue.getJob(job.id))!;
      expect(await queued.getState()).toBe('completed');
      expect(queued).toMatchObject({ attemptsStarted: 2, attemptsMade: 1, stalledCounter: 0, returnvalue: 'completed' });
      expect(queued.failedReason).toBeFalsy();
      expect(logged(workerB.output(), 'job handed back to its queue')).toBeUndefined();

      dispose();
      await client.dispose();
      console.log(
        JSON.stringify({
          percentAtWorkerSigterm,
          textAtWorkerSigterm,
          textLength: text.length,
          apiReadyz503Ms: readyzAt,
          apiSocketClosedMs: closedAt,
          clientReconnectedMs: reconnectedAt,
          apiExitedMs: apiExitedAt,
          workerExitedMs: workerExitedAt,
          jobCompletedAfterWorkerSigtermMs: completedAt,
        }),
      );
      workerB.child.kill('SIGTERM');
      expect(await workerB.exited).toBe(0);
    } finally {
      await queue.close();
      redis.disconnect();
      await db.$disconnect();
      await api2.stop();
    }
  }, 120_000);

  it('a worker told to stop lets a job that ends within its grace finish, and takes no new one', async () => {
    const stack = await startStack({ LOCAL_STREAM_DELAY_MS: '10', WORKER_DRAIN_GRACE_MS: '30000' }, { workersLater: true });
    const workers = await stack.startWorkers();
    try {
      const { token } = await signUp(stack.url, 'Grace', 'grace');
      const started = await gqlOk<{ generateArticle: { id: string } }>(stack.url, ARTICLE, { input: { topic: 'patience', length: 'SHORT' } }, token);
      const following = followJob(stack.url, token, started.generateArticle.id);
      const db = stack.server.app.services.db;
      await waitFor(
        async () => (await gqlOk(stack.url, 'query($id: ID!) { job(id: $id) { percent } }', { id: started.generateArticle.id }, token)).job.percent > 20,
        20_000,
        'the job to be under way',
      );
      const stopping = Date.now();
      const closed = workers.close();
      // Queued while the worker drains: not taken.
      const later = await gqlOk<{ generateArticle: { id: string } }>(stack.url, ARTICLE, { input: { topic: 'later', length: 'SHORT' } }, token);
      await closed;
      const drainMs = Date.now() - stopping;
      const events = await following;
      expect(events.at(-1)).toMatchObject({ phase: 'COMPLETED' });
      expect(events.some((e) => e.message === HANDED_BACK_NOTE)).toBe(false);
      expect(await db.creation.count({ where: { jobId: started.generateArticle.id } })).toBe(1);
      expect(drainMs).toBeLessThan(30_000);
      // The job queued during the drain waits for a worker, still live.
      expect((await gqlOk(stack.url, 'query($id: ID!) { job(id: $id) { phase } }', { id: later.generateArticle.id }, token)).job.phase).toBe('QUEUED');
      console.log(JSON.stringify({ drainWithinGraceMs: drainMs }));
    } finally {
      await stack.close();
    }
  });
});
