// `npm run bench batch`: a batch of 20 real photos through the chain "remove background on white
// (JPEG) → upscale ×2 (JPEG)" (docs/batches.md), over /api/v1 as a user would run it, with the
// API and the worker as separate processes (`npm run api`, `npm run worker`) so each one's
// memory is its own. Measured: the batch's wall time per picture against the same 20 pictures
// run alone one after another (each a batch of one with the same chain, once before and once
// after the batch, so a change of the machine's load shows), each
// picture's progress as the batch's event stream showed it (steps seen), the zip (20 JPEGs of
// twice each photo's size) and the peak RSS of both processes in each phase.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { startAppProcess, type AppProcess } from './app-processes.js';
import { freshDatabase, step as stepOf } from './feed.js';
import { gqlAt } from './job-clients.js';
import type { BenchSection } from './stats.js';

const step = (m: string) => stepOf('batch', m);
const PHOTOS = resolve(import.meta.dirname, '../tests/fixtures/photos');
/** Photos with no subject to cut out (a texture): background removal rightly fails on them. */
const NO_SUBJECT = new Set(['brick.png', 'grass.png']);
const CHAIN = [
  { tool: 'background-removal', options: { background: 'COLOR', color: '#ffffff', format: 'JPEG', quality: 85 } },
  { tool: 'upscale-image', options: { scale: 2, format: 'JPEG', quality: 85 } },
];

interface Photo {
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
}

interface Picture {
  phase: string;
  step: number | null;
  error: { message: string } | null;
}
interface BatchBody {
  id: string;
  status: string;
  counts: Record<string, number>;
  pictures: Picture[];
}

/** Peak VmRSS (MB) of each process, sampled every 100 ms until stopped. */
function rssSampler(procs: AppProcess[]): { stop: () => Record<string, number> } {
  const peak: Record<string, number> = {};
  const sample = () => {
    for (const p of procs) {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.child.pid}/status`, 'utf8'))?.[1] ?? 0);
      peak[p.kind] = Math.max(peak[p.kind] ?? 0, Math.round(kb / 1024));
    }
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function photos(n: number): Promise<Photo[]> {
  const names = readdirSync(PHOTOS)
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f) && !NO_SUBJECT.has(f))
    .sort()
    .slice(0, n);
  return Promise.all(
    names.map(async (name) => {
      const bytes = readFileSync(join(PHOTOS, name));
      const meta = await sharp(bytes).metadata();
      // The tools read a photo upright (its EXIF orientation applied).
      const turned = (meta.orientation ?? 1) >= 5;
      return { name, bytes, width: turned ? meta.height! : meta.width!, height: turned ? meta.width! : meta.height! };
    }),
  );
}

/** Starts a batch of `list` with the chain; resolves with its id. */
async function start(api: string, token: string, list: Photo[]): Promise<string> {
  const form = new FormData();
  for (const p of list) form.append('images', new Blob([new Uint8Array(p.bytes)]), p.name);
  form.append('steps', JSON.stringify(CHAIN));
  const res = await fetch(`${api}/api/v1/batches`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { id?: string; detail?: string };
  if (res.status !== 202 || !body.id) throw new Error(`batch refused: ${res.status} ${body.detail ?? ''}`);
  return body.id;
}

/** Follows the batch's event stream to its end: each picture's steps seen, and the last state. */
async function follow(api: string, token: string, id: string): Promise<{ last: BatchBody; stepsSeen: Set<number>[]; events: number }> {
  const res = await fetch(`${api}/api/v1/batches/${id}/events`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let last: BatchBody | undefined;
  let events = 0;
  const stepsSeen: Set<number>[] = [];
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (!data) continue;
      events++;
      last = JSON.parse(data) as BatchBody;
      last.pictures.forEach((p, i) => {
        stepsSeen[i] ??= new Set();
        if (p.step) stepsSeen[i].add(p.step);
      });
    }
  }
  if (!last) throw new Error('the event stream ended with no event');
  return { last, stepsSeen, events };
}

/** The zip's entries: name and bytes. */
async function readZip(bytes: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? rej(e) : res(z))));
  const entries: { name: string; bytes: Buffer }[] = [];
  await new Promise<void>((res, rej) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (e, stream) => {
        if (e) return rej(e);
        const parts: Buffer[] = [];
        for await (const part of stream) parts.push(part as Buffer);
        entries.push({ name: entry.fileName, bytes: Buffer.concat(parts) });
        zip.readEntry();
      }),
    );
    zip.on('end', () => res());
    zip.on('error', rej);
    zip.readEntry();
  });
  return entries;
}

/** Each picture alone, one after another (a batch of one with the same chain): its time from start to end. */
async function runAlone(api: string, token: string, list: Photo[], when: string): Promise<number[]> {
  step(`${list.length} pictures alone, one after another (${when} the batch)`);
  const times: number[] = [];
  for (const photo of list) {
    const t0 = performance.now();
    const { last } = await follow(api, token, await start(api, token, [photo]));
    if (last.counts.completed !== 1) throw new Error(`${photo.name} alone: ${JSON.stringify(last.pictures[0]?.error)}`);
    times.push(performance.now() - t0);
  }
  return times;
}

const maxRss = (a: Record<string, number>, b: Record<string, number>) => Object.fromEntries(Object.keys(a).map((k) => [k, Math.max(a[k]!, b[k] ?? 0)]));

export async function batchSection(n = 20): Promise<BenchSection> {
  const list = await photos(n);
  if (list.length < n) throw new Error(`only ${list.length} photos with a subject in ${PHOTOS}`);
  const env = {
    DATABASE_URL: await freshDatabase('atelier_bench_batch'),
    REDIS_PREFIX: `atelier-bench-batch-${Date.now()}`,
    LOG_LEVEL: 'error',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    TOOL_RATE_PER_MINUTE: '1000',
    MAX_CONCURRENT_JOBS: '100',
  };
  step('starting the API and the worker');
  const [api, worker] = await Promise.all([startAppProcess('api', env), startAppProcess('worker', env)]);
  try {
    const { signUp } = await gqlAt(
      api.url,
      `mutation { signUp(input: {email: "batch-${Date.now()}@example.test", password: "Bench-Password-1", firstName: "Bench", lastName: "Batch"}) { token } }`,
    );
    const token: string = signUp.token;
    await gqlAt(api.url, 'mutation { startTrial { plan } }', token);
    step('warm-up: one picture');
    await follow(api.url, token, await start(api.url, token, list.slice(0, 1)));
    const idle = rssSampler([api, worker]).stop();
    const load = [loadavg()[0]!];

    const aloneRss = rssSampler([api, worker]);
    const aloneBefore = await runAlone(api.url, token, list, 'before');
    step(`${n} pictures as one batch`);
    const batchRss = rssSampler([api, worker]);
    const t0 = performance.now();
    const id = await start(api.url, token, list);
    const { last, stepsSeen, events } = await follow(api.url, token, id);
    const batchMs = performance.now() - t0;
    const batchHwm = batchRss.stop();
    load.push(loadavg()[0]!);
    const aloneRssAfter = rssSampler([api, worker]);
    const aloneAfter = await runAlone(api.url, token, list, 'after');
    const aloneHwm = maxRss(aloneRss.stop(), aloneRssAfter.stop());
    load.push(loadavg()[0]!);
    const alone = aloneBefore.map((ms, i) => (ms + aloneAfter[i]!) / 2);

    step('downloading the zip');
    const zipRss = rssSampler([api, worker]);
    const zipRes = await fetch(`${api.url}/api/v1/batches/${id}/zip`, { headers: { authorization: `Bearer ${token}` } });
    const zipBytes = Buffer.from(await zipRes.arrayBuffer());
    const zipHwm = zipRss.stop();
    const entries = (await readZip(zipBytes)).filter((e) => e.name !== 'failures.txt');
    const sized = await Promise.all(
      entries.map(async (e, i) => {
        const meta = await sharp(e.bytes).metadata();
        const photo = list[i]!;
        return { name: e.name, jpeg: meta.format === 'jpeg', twice: meta.width === photo.width * 2 && meta.height === photo.height * 2 };
      }),
    );
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const result = {
      load,
      pictures: n,
      chain: CHAIN,
      batchSeconds: Math.round(batchMs / 100) / 10,
      batchPerPictureMs: Math.round(batchMs / n),
      aloneMeanMs: Math.round(sum(alone) / n),
      aloneMs: { before: aloneBefore.map(Math.round), after: aloneAfter.map(Math.round) },
      ratio: Math.round((batchMs / sum(alone)) * 100) / 100,
      completed: last.counts.completed ?? 0,
      events,
      picturesSeenInEveryStep: stepsSeen.filter((s) => s.has(1) && s.has(2)).length,
      zip: { bytes: zipBytes.length, jpegs: sized.filter((s) => s.jpeg).length, twiceTheSize: sized.filter((s) => s.twice).length },
      rssMB: { idle, alone: aloneHwm, batch: batchHwm, zip: zipHwm },
    };
    const mp = (sum(list.map((p) => p.width * p.height)) / n / 1e6).toFixed(2);
    return {
      result,
      markdown: [
        '### A batch of 20 photos through a chain',
        '',
        `${n} photos of tests/fixtures/photos (mean ${mp} MP), chain "remove background on white, JPEG → upscale ×2, JPEG"; API and worker as processes; load ${load.map((l) => l.toFixed(1)).join('–')}.`,
        '',
        '| measure | batch of 20 | the same 20 alone, one after another (mean of a run before and one after the batch) |',
        '|---|---:|---:|',
        `| wall time | ${result.batchSeconds} s | ${(sum(alone) / 1000).toFixed(1)} s (before ${(sum(aloneBefore) / 1000).toFixed(1)} s, after ${(sum(aloneAfter) / 1000).toFixed(1)} s) |`,
        `| per picture | ${result.batchPerPictureMs} ms | ${result.aloneMeanMs} ms (mean) |`,
        `| API peak RSS | ${batchHwm.api} MB (zip download: ${zipHwm.api} MB) | ${aloneHwm.api} MB |`,
        `| worker peak RSS | ${batchHwm.worker} MB | ${aloneHwm.worker} MB |`,
        '',
        `Batch ÷ alone: ×${result.ratio}. Idle RSS: API ${idle.api} MB, worker ${idle.worker} MB. Completed ${result.completed} of ${n}; ${events} events on the stream; pictures seen in step 1 and step 2 on it: ${result.picturesSeenInEveryStep} of ${n}. Zip: ${(zipBytes.length / 1e6).toFixed(1)} MB, ${result.zip.jpegs} JPEGs, ${result.zip.twiceTheSize} of twice their photo's width and height.`,
        '',
      ],
    };
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
  }
}
