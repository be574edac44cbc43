// Image tools under load: 8 background removals and 8 object removals (by name) of 12 MP
// photos, submitted at once by 4 users, while 4 other users keep writing blog titles. Beside
// it, in the same run, the same text jobs with no image load. The API runs in this process;
// the worker runs in a process of its own (as `npm run worker`), so its RSS is its own.
// Reported: image jobs completed and their times, the worker's RSS (idle, peak), and the text
// jobs' first-delta latency (mutation sent → first streamed text), with and without the load.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { Client } from 'graphql-ws';
import type { BenchSection, LatencyStats } from './stats.js';
import { summarize } from './stats.js';
import { loadConfig } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
import { startServer } from '../server/app.js';
import { composite } from '../tests/fixtures/ground-truth.js';
import { gqlUpload } from '../tests/helpers/server.js';
import { freshDatabase, step as stepOf } from './feed.js';
import { gqlAt, jobSocket } from './job-clients.js';

const step = (m: string) => stepOf('image-load', m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const root = resolve(import.meta.dirname, '..');

interface User {
  token: string;
  ws: Client;
}

export interface ImageLoadResult {
  imageJobs: { tool: string; ok: boolean; ms: number; message?: string }[];
  wallSeconds: number;
  workerRssMB: { idle: number; peak: number };
  text: { baseline: LatencyStats; underLoad: LatencyStats; jobsUnderLoad: number };
  photo: { width: number; height: number; bytes: number };
}

async function newUser(url: string, tag: string): Promise<User> {
  const { signUp } = await gqlAt(
    url,
    `mutation { signUp(input: {email: "${tag}-${Date.now()}@example.test", password: "Bench-Password-1", firstName: "Bench", lastName: "Load"}) { token } }`,
  );
  const token: string = signUp.token;
  await gqlAt(url, 'mutation { startTrial { plan } }', token); // Premium: background and object removal
  return { token, ws: jobSocket(url, token) };
}

/** A socket's ErrorEvent / CloseEvent or a GraphQL error list, readable. */
const describe = (e: unknown) =>
  Array.isArray(e)
    ? JSON.stringify(e)
    : e && typeof e === 'object'
      ? `${(e as { type?: string }).type ?? ''} ${(e as { message?: string }).message ?? ''} ${(e as { code?: number }).code ?? ''} ${(e as { reason?: string }).reason ?? ''}`
      : String(e);

/** Follows a job to its end; `onFirstText` is called at its first streamed text. */
function follow(user: User, jobId: string, onFirstText?: () => void): Promise<{ phase: string; message: string | null }> {
  return new Promise((res, rej) => {
    let first = true;
    const stop = user.ws.subscribe<{ jobProgress: { phase: string; delta: string; message: string | null } }>(
      { query: `subscription { jobProgress(jobId: "${jobId}") { phase delta message } }` },
      {
        next: (v) => {
          const e = v.data?.jobProgress;
          if (!e) return;
          if (first && e.delta) {
            first = false;
            onFirstText?.();
          }
          if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(e.phase)) {
            stop();
            res({ phase: e.phase, message: e.message });
          }
        },
        error: (e: unknown) => rej(e instanceof Error ? e : new Error(`job ${jobId}: the subscription failed (${describe(e)})`)),
        complete: () => rej(new Error(`job ${jobId}: the subscription ended before the job did`)),
      },
    );
  });
}

/** Blog titles, one after another per user, until `until()` says stop: first-delta latencies. */
async function textLoop(url: string, users: User[], until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    users.map(async (u, k) => {
      for (let i = 0; !until(); i++) {
        const t0 = performance.now();
        let firstAt = NaN;
        const { generateBlogTitles } = await gqlAt(url, 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }', u.token, {
          input: { keyword: `bench load ${k} ${i}`, category: 'TECHNOLOGY' },
        });
        const end = await follow(u, generateBlogTitles.id, () => (firstAt = performance.now()));
        if (end.phase !== 'COMPLETED') throw new Error(`a text job ended ${end.phase}: ${end.message}`);
        latencies.push(firstAt - t0);
      }
    }),
  );
  return latencies;
}

function rssMB(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) };
}

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'worker/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((res, rej) => {
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('worker ready')) res(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => rej(new Error(`worker exited (${code}): ${out.slice(-2000)}`)));
  });
}

/** One image job of the burst: uploaded, then followed to its end. */
async function imageJob(url: string, u: Awaited<ReturnType<typeof newUser>>, tool: 'background' | 'object', jpeg: Buffer) {
  const started = performance.now();
  const upload =
    tool === 'background'
      ? await gqlUpload(
          url,
          'mutation($image: Upload!) { removeBackground(image: $image) { id } }',
          {},
          { image: { data: jpeg, filename: 'cat.jpg', type: 'image/jpeg' } },
          u.token,
        )
      : await gqlUpload(
          url,
          'mutation($image: Upload!, $object: String!) { removeObject(image: $image, object: $object) { id } }',
          { object: 'cat' },
          { image: { data: jpeg, filename: 'cat.jpg', type: 'image/jpeg' } },
          u.token,
        );
  if (upload.errors) return { tool, ok: false, ms: performance.now() - started, message: JSON.stringify(upload.errors) };
  const id = (Object.values(upload.data!)[0] as { id: string }).id;
  step(`${tool} ${id.slice(0, 8)}: queued, upload answered after ${Math.round(performance.now() - started)} ms`);
  const end = await follow(u, id);
  step(`${tool} ${id.slice(0, 8)}: ${end.phase} after ${Math.round(performance.now() - started)} ms${end.phase === 'COMPLETED' ? '' : ` (${end.message})`}`);
  return {
    tool,
    ok: end.phase === 'COMPLETED',
    ms: Math.round(performance.now() - started),
    ...(end.phase === 'COMPLETED' ? {} : { message: `${end.phase}: ${end.message}` }),
  };
}

export async function imageLoadBench(): Promise<ImageLoadResult> {
  const databaseUrl = await freshDatabase('atelier_bench_image_load');
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `atelier-bench-image-load-${Date.now()}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    // The scenario: each image user has 4 jobs in at once (the default cap is 3).
    MAX_CONCURRENT_JOBS: '4',
    TOOL_RATE_PER_MINUTE: '1000',
    AUTH_RATE_PER_MINUTE: '1000',
  };
  const config = loadConfig({ ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' });
  const server = await startServer(config, createLogger('error', 'bench-api'));
  const worker = await startWorker(env);
  const url = server.url;
  try {
    const photo = await composite({ cutout: 'cat', plate: 'grass', width: 4000, height: 3000, plateScale: 3 });
    const jpeg = await sharp(photo.png).jpeg({ quality: 90 }).toBuffer();
    const imageUsers = await Promise.all([0, 1, 2, 3].map((k) => newUser(url, `bench-img-${k}`)));
    const textUsers = await Promise.all([0, 1, 2, 3].map((k) => newUser(url, `bench-txt-${k}`)));

    step('warming up (models load once per worker process)');
    const warm = await gqlUpload(
      url,
      'mutation($image: Upload!) { removeBackground(image: $image) { id } }',
      {},
      { image: { data: jpeg, filename: 'cat.jpg', type: 'image/jpeg' } },
      imageUsers[0]!.token,
    );
    if (warm.errors) throw new Error(JSON.stringify(warm.errors));
    await follow(imageUsers[0]!, warm.data!.removeBackground.id);
    await textLoop(
      url,
      textUsers,
      (() => {
        const t = Date.now() + 2000;
        return () => Date.now() > t;
      })(),
    );
    const idle = rssMB(worker.pid!).rss;

    step('text jobs alone, 10 s');
    const baselineEnd = Date.now() + 10_000;
    const baseline = await textLoop(url, textUsers, () => Date.now() > baselineEnd);

    step('16 image jobs at once, text jobs alongside');
    let imagesDone = false;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMB(worker.pid!).rss)), 200);
    const t0 = performance.now();
    const text = textLoop(url, textUsers, () => imagesDone);
    text.catch(() => undefined); // awaited below, after the image jobs
    const jobs = imageUsers.flatMap((u) => (['background', 'background', 'object', 'object'] as const).map((tool) => imageJob(url, u, tool, jpeg)));
    const imageJobs = await Promise.all(jobs);
    const wallSeconds = Math.round((performance.now() - t0) / 100) / 10;
    imagesDone = true;
    const underLoad = await text;
    clearInterval(sampler);
    peak = Math.max(peak, rssMB(worker.pid!).hwm);
    await Promise.all([...imageUsers, ...textUsers].map((u) => u.ws.dispose()));
    return {
      imageJobs,
      wallSeconds,
      workerRssMB: { idle, peak },
      text: { baseline: summarize(baseline, 10), underLoad: summarize(underLoad, wallSeconds), jobsUnderLoad: underLoad.length },
      photo: { width: 4000, height: 3000, bytes: jpeg.length },
    };
  } finally {
    worker.kill('SIGTERM');
    await Promise.race([new Promise((r) => worker.once('exit', r)), sleep(10_000)]);
    await server.close();
  }
}

export async function imageLoadSection(): Promise<BenchSection> {
  const r = await imageLoadBench();
  const byTool = (tool: string) => r.imageJobs.filter((j) => j.tool === tool);
  const row = (tool: string, name: string) => {
    const jobs = byTool(tool);
    const ms = jobs.map((j) => j.ms).sort((a, b) => a - b);
    return `| ${name} | ${jobs.filter((j) => j.ok).length}/${jobs.length} | ${ms[Math.floor(ms.length / 2)]} | ${ms.at(-1)} |`;
  };
  const failed = r.imageJobs.filter((j) => !j.ok);
  return {
    result: r,
    markdown: [
      `### Image tools under load: 16 jobs on ${r.photo.width}×${r.photo.height} photos (JPEG, ${(r.photo.bytes / 2 ** 20).toFixed(1)} MB) from 4 users at once, 4 other users writing blog titles`,
      '',
      '| tool | completed | median ms (upload → done) | max ms |',
      '|---|---:|---:|---:|',
      row('background', 'background removal'),
      row('object', 'object removal ("cat", no brush)'),
      '',
      `All 16 done in ${r.wallSeconds} s. Worker RSS: ${r.workerRssMB.idle} MB idle with the models loaded, peak ${r.workerRssMB.peak} MB.`,
      '',
      '| text jobs (blog titles) | jobs | first delta p50 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|---:|',
      `| alone (baseline) | ${r.text.baseline.count} | ${r.text.baseline.p50} | ${r.text.baseline.p99} | ${r.text.baseline.max} |`,
      `| during the image load | ${r.text.jobsUnderLoad} | ${r.text.underLoad.p50} | ${r.text.underLoad.p99} | ${r.text.underLoad.max} |`,
      '',
      `Targets: all 16 complete (${failed.length ? `**missed**: ${failed.map((f) => f.message).join('; ')}` : 'met'}), text p99 first delta < 1000 ms under load (${r.text.underLoad.p99 < 1000 ? 'met' : '**missed**'}).`,
      '',
    ],
  };
}
