// Worker pools (docs/deployment.md, "Worker pools"): a worker process limited to some tools
// (WORKER_TOOLS: kinds, or groups of the catalogue such as output:image) runs only their queues
// and makes only their engines, so a burst of image jobs held by an image pool does not hold up
// text jobs held by a text pool. The timing test starts an API, the two pools as processes of
// their own, queues image jobs in bulk, then follows text jobs from before they start
// (jobProgress starting: true, as the app does) and times each one's first streamed delta.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Client } from 'graphql-ws';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/shared/platform/config.js';
import { PROCESS_ENV } from '../../server/shared/platform/constants.js';
import { PLACEHOLDER_IMAGE_ENGINE, PLACEHOLDER_TEXT_ENGINE } from '../../server/shared/platform/engines.js';
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import { noopTool } from '../../server/shared/tools/noop.js';
import { TOOL_GROUPS } from '../../server/shared/tools/pools.js';
import { runnableTools } from '../../worker/tools/catalogue.js';
import { isolatedDatabase } from '../helpers/database.js';
import { gql, gqlOk, gqlUpload, signUp, spawnApiProcess, startStack, waitFor, wsClient } from '../helpers/server.js';

// The two pools as the deployment files name them: a group of the catalogue each (docs/deployment.md, "Worker pools").
const IMAGE_POOL = 'output:image';
const TEXT_POOL = 'output:text';

const deployed = toolsFor({ ENABLE_NOOP_TOOL: false });
const ALL = deployed.map((t) => t.kind);
const ofOutput = (output: string) => deployed.filter((t) => t.output === output).map((t) => t.kind);
const TEXT = ofOutput('text');
const IMAGE = ofOutput('image');

describe('WORKER_TOOLS', () => {
  it('is a list of tool kinds or groups; unset or empty means every tool; a name that is neither stops the worker, naming the tools and groups', () => {
    expect(loadConfig({}).WORKER_TOOLS).toBeUndefined();
    expect(loadConfig({ WORKER_TOOLS: ' ' }).WORKER_TOOLS).toBeUndefined();
    expect(loadConfig({ WORKER_TOOLS: `${TEXT[0]}, ${TEXT[1]},${TEXT[0]}` }).WORKER_TOOLS).toEqual([TEXT[0], TEXT[1]]);
    expect(loadConfig({ WORKER_TOOLS: `output:image, ${TEXT[0]}` }).WORKER_TOOLS).toEqual(['output:image', TEXT[0]]);
    expect(() => loadConfig({ WORKER_TOOLS: 'article;upscale' })).toThrow(/WORKER_TOOLS: a comma-separated list of tool kinds or groups/);
    expect(() => loadConfig({ WORKER_TOOLS: 'output:image:text' })).toThrow(/WORKER_TOOLS: a comma-separated list of tool kinds or groups/);

    const kinds = (env: Record<string, string>) => runnableTools(loadConfig(env)).map((t) => t.kind);
    expect(kinds({})).toEqual(ALL);
    // A group is every tool of that output, a new one included; the groups split the catalogue.
    expect(TOOL_GROUPS).toEqual([...new Set(deployed.map((t) => `output:${t.output}`))]);
    expect(kinds({ WORKER_TOOLS: TEXT_POOL })).toEqual(TEXT);
    expect(kinds({ WORKER_TOOLS: IMAGE_POOL })).toEqual(IMAGE);
    expect(TOOL_GROUPS.flatMap((g) => kinds({ WORKER_TOOLS: g })).sort()).toEqual([...ALL].sort());
    // Kinds and groups together, each tool once, in the catalogue's order.
    expect(kinds({ WORKER_TOOLS: `${IMAGE[0]},${TEXT[0]},output:image` })).toEqual(ALL.filter((k) => k === TEXT[0] || IMAGE.includes(k)));
    expect(() => kinds({ WORKER_TOOLS: `${TEXT[0]},upscale,output:audio` })).toThrow(
      `WORKER_TOOLS: no tool or group "upscale", "output:audio"; the tools are ${ALL.join(', ')}; the groups are ${TOOL_GROUPS.join(', ')}`,
    );
    // The benchmark's tool is a tool only where it is on, and then in its output's group.
    expect(() => kinds({ WORKER_TOOLS: 'noop' })).toThrow(/no tool or group "noop"/);
    expect(kinds({ WORKER_TOOLS: 'noop', ENABLE_NOOP_TOOL: 'true' })).toEqual(['noop']);
    expect(kinds({ WORKER_TOOLS: `output:${noopTool.output}`, ENABLE_NOOP_TOOL: 'true' })).toContain('noop');
    expect(kinds({ WORKER_TOOLS: `output:${noopTool.output}` })).not.toContain('noop');
  });

  it('a pool runs only its queues (webhooks too unless WORKER_WEBHOOKS=false) and makes only the engines its tools use', async () => {
    // One text tool of the catalogue; another is in no pool of this process.
    const [other, only] = TEXT as [string, string];
    const stack = await startStack({ WORKER_TOOLS: only, WORKER_WEBHOOKS: 'false' });
    try {
      const { redis } = stack.server.app.services;
      const { config } = stack;
      // No image engine was looked for, so none was published; the text engine was.
      expect(await redis.get(`${config.REDIS_PREFIX}:engines:image`)).toBeNull();
      expect(JSON.parse((await redis.get(`${config.REDIS_PREFIX}:engines:text`))!)).toMatchObject({ engine: { name: 'local' } });
      // The pages see the text engine it found and, of images, what another worker said: here
      // a worker from before pools, which wrote both engines under one key.
      const ENGINES = '{ engines { image { name label } text { name } } }';
      expect((await gqlOk(stack.url, ENGINES)).engines).toEqual({ image: { name: 'local', label: PLACEHOLDER_IMAGE_ENGINE.label }, text: { name: 'local' } });
      const comfy = { ...PLACEHOLDER_IMAGE_ENGINE, name: 'comfyui', label: 'ComfyUI · sdxl', placeholder: false };
      await redis.set(`${config.REDIS_PREFIX}:engines`, JSON.stringify({ image: comfy, text: { ...PLACEHOLDER_TEXT_ENGINE, name: 'ollama' }, at: 1 }));
      expect((await gqlOk(stack.url, ENGINES)).engines).toEqual({ image: { name: 'comfyui', label: 'ComfyUI · sdxl' }, text: { name: 'local' } });
      // BullMQ lists a queue's workers: only the pool's tool has one, and no one delivers webhooks from this prefix.
      const queues = stack.server.app.services.queues;
      expect(await queues.get(only).getWorkersCount()).toBe(1);
      expect(await queues.get(other).getWorkersCount()).toBe(0);
      expect(await queues.webhooks().getWorkersCount()).toBe(0);
    } finally {
      await stack.close();
    }
  });
});

const ARTICLE = 'mutation($input: GenerateArticleInput!, $jobId: ID) { generateArticle(input: $input, jobId: $jobId) { id } }';
const FOLLOW = 'subscription($id: ID!) { jobProgress(jobId: $id, starting: true) { phase delta } }';
const REMOVE_BG = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';
const UPSCALE = 'mutation($image: Upload!, $scale: Int!) { upscaleImage(image: $image, scale: $scale) { id } }';
const PHOTO = readFileSync('tests/fixtures/photos/zebra.jpg'); // 960 × 640

/** A worker process (as `npm run worker` starts it) with its own variables: how long it took to be ready, and its resident memory then and at its peak. */
async function startWorker(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'worker/main.ts'], {
    env: { ...PROCESS_ENV, ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const started = performance.now();
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`worker exited: ${out}`);
      return out.includes('worker ready');
    },
    60_000,
    'a worker',
  );
  const startMs = performance.now() - started;
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  const memory = { readyRssMb: kb('VmRSS'), peakRssMb: NaN };
  return {
    startMs,
    memory,
    /** Its peak resident memory so far (read before it stops). */
    sample: () => (memory.peakRssMb = kb('VmHWM')),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

type Worker = Awaited<ReturnType<typeof startWorker>>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Starts a text job the way the app does and resolves with the ms from the mutation's answer to its first streamed text. */
async function timeFirstDelta(url: string, token: string, client: Client, topic: string, cancelOnFirstDelta: boolean) {
  const id = randomUUID();
  let listening!: () => void;
  const isListening = new Promise<void>((r) => (listening = r));
  let answered = 0;
  let firstDelta = 0;
  let done!: (phase: string) => void;
  const ended = new Promise<string>((r) => (done = r));
  const dispose = client.subscribe<{ jobProgress: { phase: string; delta: string } }>(
    { query: FOLLOW, variables: { id } },
    {
      next: ({ data }) => {
        const e = data!.jobProgress;
        if (e.delta && !firstDelta) {
          firstDelta = performance.now();
          if (cancelOnFirstDelta) void gql(url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id }, token);
        }
        if (e.phase === 'QUEUED' && !e.delta) listening();
        if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(e.phase)) done(e.phase);
      },
      error: (e) => done(`error ${JSON.stringify(e)}`),
      complete: () => {},
    },
  );
  await isListening;
  const r = await gql(url, ARTICLE, { input: { topic, length: 'SHORT' }, jobId: id }, token);
  answered = performance.now();
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  const phase = await ended;
  dispose();
  return { phase, ms: firstDelta - answered, totalMs: performance.now() - answered };
}

interface Run {
  firstDeltaMs: number[];
  /** From the mutation's answer to the job's end. */
  articleMs: number[];
  imagesWaiting: number;
  imagesStarted: number;
  imagesDone: number;
  imagesFailed: number;
  workers: Record<string, Worker>;
}

/** A sample of the API's /metrics (queue gauges). */
async function gauge(url: string, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return Number(line?.split(' ').at(-1) ?? NaN);
}

/**
 * One layout under the same load: IMAGES image jobs queued at once (half background removals,
 * half 2× upscales, on a 960 × 640 photo), then, once they are being worked on, TEXTS articles
 * started one every TEXT_GAP_MS while most images still wait. Text jobs mostly wait on a model,
 * so the text pool runs many at once (WORKER_CONCURRENCY=32); image jobs are CPU work, so the
 * image pool runs 2 at once (the embedded background removal 1). One worker for everything has
 * one WORKER_CONCURRENCY: the text pool's, or text jobs would wait for each other.
 */
const IMAGES = 20;
const TEXTS = 20;
const TEXT_GAP_MS = 150;

async function run(layout: 'pools' | 'one'): Promise<Run> {
  const env = {
    DATABASE_URL: await isolatedDatabase(`pools_${layout}`),
    REDIS_PREFIX: `atelier-test-pools-${layout}-${process.pid}-${Date.now()}`,
    MAX_CONCURRENT_JOBS: '100',
    TOOL_RATE_PER_MINUTE: '1000',
    UPLOAD_MAX_CONCURRENT: '64',
    // The workers' sweep every half second: nothing queued or running in either pool may be taken for abandoned.
    JOB_REAP_AFTER_MS: '1000',
  };
  const workers: Record<string, Worker> = {};
  const api = await spawnApiProcess(env);
  try {
    if (layout === 'pools') {
      [workers.image, workers.text] = await Promise.all([
        startWorker({ ...env, WORKER_TOOLS: IMAGE_POOL, WORKER_CONCURRENCY: '2' }),
        startWorker({ ...env, WORKER_TOOLS: TEXT_POOL, WORKER_CONCURRENCY: '32' }),
      ]);
    } else {
      workers.all = await startWorker({ ...env, WORKER_CONCURRENCY: '32' });
    }
    const { token } = await signUp(api.url, 'Pool', 'pools');
    await gqlOk(api.url, 'mutation { startTrial { plan } }', {}, token);

    const images = await Promise.all(
      Array.from({ length: IMAGES }, async (_, i) => {
        const file = { image: { data: PHOTO, filename: 'zebra.jpg', type: 'image/jpeg' } };
        const r = i % 2 ? await gqlUpload(api.url, UPSCALE, { scale: 2 }, file, token) : await gqlUpload(api.url, REMOVE_BG, {}, file, token);
        if (r.errors || !r.data) throw new Error(JSON.stringify(r.errors));
        return (Object.values(r.data)[0] as { id: string }).id;
      }),
    );
    await waitFor(async () => (await gauge(api.url, 'atelier_queue_jobs', 'queue="background-removal",state="active"')) > 0, 30_000, 'the image work to start');

    const client = wsClient(api.url, token);
    const texts = [];
    for (let i = 0; i < TEXTS; i++) {
      texts.push(timeFirstDelta(api.url, token, client, `pools and queues ${i}`, layout === 'one'));
      await new Promise((r) => setTimeout(r, TEXT_GAP_MS));
    }
    const timed = await Promise.all(texts);
    await client.dispose();
    // Every article ends (the contrast's are cancelled once timed: it would take long).
    expect(timed.map((t) => t.phase)).toEqual(timed.map(() => (layout === 'one' ? 'CANCELLED' : 'COMPLETED')));
    const imagesWaiting =
      (await gauge(api.url, 'atelier_queue_jobs', 'queue="background-removal",state="waiting"')) +
      (await gauge(api.url, 'atelier_queue_jobs', 'queue="upscale-image",state="waiting"'));

    const phases = await Promise.all(images.map(async (id) => (await gqlOk(api.url, 'query($id: ID!) { job(id: $id) { phase } }', { id }, token)).job.phase as string));
    // The rest of the images are not needed: cancelled, so the workers stop at once.
    await Promise.all(images.map((id) => gql(api.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id }, token)));
    return {
      firstDeltaMs: timed.map((t) => t.ms).sort((a, b) => a - b),
      articleMs: timed.map((t) => t.totalMs).sort((a, b) => a - b),
      imagesWaiting,
      imagesStarted: phases.filter((p) => p !== 'QUEUED').length,
      imagesDone: phases.filter((p) => p === 'COMPLETED').length,
      imagesFailed: phases.filter((p) => p === 'FAILED').length,
      workers,
    };
  } finally {
    for (const w of Object.values(workers)) w.sample();
    await Promise.all(Object.values(workers).map((w) => w.stop()));
    await api.stop();
  }
}

describe('two worker pools', () => {
  const runs: Partial<Record<'pools' | 'one', Run>> = {};
  afterAll(() => {
    for (const [layout, r] of Object.entries(runs)) {
      const ms = r.firstDeltaMs;
      console.log(
        `[${layout}] first delta after the mutation's answer over ${ms.length} articles: p50 ${percentile(ms, 50).toFixed(0)} ms, p90 ${percentile(ms, 90).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms; images started ${r.imagesStarted}/${IMAGES}, completed ${r.imagesDone}`,
      );
      if (layout === 'pools')
        console.log(`[${layout}] articles from the mutation's answer to their end: p50 ${percentile(r.articleMs, 50).toFixed(0)} ms, max ${r.articleMs.at(-1)!.toFixed(0)} ms`);
      console.log(`[${layout}] image jobs still waiting when the last article was timed: ${r.imagesWaiting}`);
      for (const [name, w] of Object.entries(r.workers)) {
        console.log(`[${layout}] ${name} worker: ready in ${w.startMs.toFixed(0)} ms at ${w.memory.readyRssMb.toFixed(0)} MB resident, peak ${w.memory.peakRssMb.toFixed(0)} MB`);
      }
    }
  });

  it('image jobs queued in bulk do not delay text jobs’ first delta beyond 1 s p99', async () => {
    const r = (runs.pools = await run('pools'));
    expect(percentile(r.firstDeltaMs, 99)).toBeLessThanOrEqual(1000);
    // The image pool worked meanwhile with more still queued when the last article ended, and
    // neither pool's sweep took the other's jobs for abandoned.
    expect(r.imagesStarted).toBeGreaterThan(0);
    expect(r.imagesWaiting).toBeGreaterThan(0);
    expect(r.imagesFailed).toBe(0);
    // The text pool never loaded the image models: it stays far below the image pool's peak.
    expect(r.workers.text!.memory.peakRssMb).toBeLessThan(r.workers.image!.memory.peakRssMb);
  }, 180_000);

  it('for contrast, one worker running every tool under the same load (reported, not asserted)', async () => {
    runs.one = await run('one');
    expect(runs.one.imagesFailed).toBe(0);
  }, 180_000);
});
