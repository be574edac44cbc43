// `npm run bench eta`: does background removal's "about N s left" hold? Real photos
// (tests/fixtures/photos, and the jet re-encoded at 12 MP) go through the image engine as a
// worker runs it, on the machine as it is ("no hogs": its load is printed), then with CPU hogs
// spawned here (node processes spinning), with hogs that start in the middle of a run, with
// another process removing backgrounds at the same time, and from a cold engine (the model
// loads) under hogs.
// Every message of the silent step is kept (one a second): each "about N s left" is compared
// with the real time left in the step (ratio said / real; within 2× is 0.5–2) and in the job.
// Beside it, the same samples as the earlier countdown would have said them (the mean of the
// thread's runs so far, counted down). BENCH_ETA_SCENARIOS=0,2 runs only those (by their place
// in SCENARIOS).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { ImageEngine } from '../worker/models/engine.js';
import type { BenchSection } from './stats.js';
import { startHogs, startParallelJob, stopAll, watchRun, type BeforeState, type EtaRun, type EtaSample } from './eta-run.js';
import type { ChildProcess } from 'node:child_process';

const photos = resolve(import.meta.dirname, '../tests/fixtures/photos');
/** The jet over clouds as a phone's 12 MP photo. */
const BIG = 'goshawk.jpg at 12 MP';

interface Scenario {
  name: string;
  /** A new engine: its first run loads the model and has no history. */
  fresh?: boolean;
  hogs?: number;
  /** The hogs start this long after each run starts (the machine gets busy mid-run). */
  hogsAfterMs?: number;
  /** Another process removes backgrounds meanwhile. */
  parallel?: boolean;
  photos: string[];
}

const SCENARIOS: Scenario[] = [
  { name: 'no hogs (cold, then warm)', fresh: true, photos: ['chelsea.png', 'zebra.jpg', 'goshawk.jpg', BIG] },
  { name: '1 CPU hog', hogs: 1, photos: ['cafe.jpg', BIG] },
  { name: '3 CPU hogs', hogs: 3, photos: ['zebra.jpg', 'goshawk.jpg'] },
  { name: '2 CPU hogs from 3 s into each run', hogs: 2, hogsAfterMs: 3000, photos: ['chelsea.png', BIG] },
  { name: 'another image job in parallel', parallel: true, photos: ['cafe.jpg', 'goshawk.jpg'] },
  { name: '2 CPU hogs, cold (the model loads)', fresh: true, hogs: 2, photos: ['zebra.jpg'] },
];

interface ScenarioResult {
  name: string;
  load: { before: number; after: number };
  runs: EtaRun[];
}

async function photo(name: string): Promise<{ image: Buffer; megapixels: number }> {
  const image = name === BIG ? await sharp(resolve(photos, 'goshawk.jpg')).resize(4000, 3000).jpeg({ quality: 90 }).toBuffer() : readFileSync(resolve(photos, name));
  const { width, height } = await sharp(image).metadata();
  return { image, megapixels: Math.round((width! * height!) / 1e5) / 10 };
}

const load1 = (): number => Math.round(loadavg()[0]! * 10) / 10;

async function runScenario(s: Scenario, engine: ImageEngine, before: BeforeState): Promise<ScenarioResult> {
  const result: ScenarioResult = { name: s.name, load: { before: load1(), after: 0 }, runs: [] };
  const parallel: ChildProcess[] = s.parallel ? [await startParallelJob(resolve(photos, 'goshawk.jpg'))] : [];
  const steady = s.hogs && !s.hogsAfterMs ? startHogs(s.hogs) : [];
  try {
    for (const [k, name] of s.photos.entries()) {
      const { image, megapixels } = await photo(name);
      const late: ChildProcess[] = [];
      const timer = s.hogsAfterMs ? setTimeout(() => late.push(...startHogs(s.hogs!)), s.hogsAfterMs) : undefined;
      try {
        result.runs.push(await watchRun(engine, before, name, image, megapixels, !!s.fresh && k === 0));
      } finally {
        clearTimeout(timer);
        await stopAll(late);
      }
      console.error(`bench eta: ${s.name}, ${name}: step ${result.runs.at(-1)!.stepSeconds.toFixed(1)} s`);
    }
  } finally {
    await stopAll([...steady, ...parallel]);
  }
  result.load.after = load1();
  return result;
}

const within2x = (said: number, real: number): boolean => said <= 2 * real && said >= real / 2;
const share = (xs: boolean[]): string => (xs.length ? `${Math.round((100 * xs.filter(Boolean).length) / xs.length)} % of ${xs.length}` : '–');
const numbered = (r: EtaRun): (EtaSample & { said: number })[] => r.samples.filter((s): s is EtaSample & { said: number } => s.said !== null);

/** "said/real = ratio" at five moments of the step (the first and last number, and three between). */
function moments(r: EtaRun): string {
  const xs = numbered(r);
  if (!xs.length) return 'no number said';
  const picks = [...new Set([0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * (xs.length - 1))))].map((i) => xs[i]!);
  return picks.map((s) => `${s.at.toFixed(0)} s: ${s.said}/${s.stepLeft.toFixed(1)} = ${(s.said / s.stepLeft).toFixed(2)}`).join('; ');
}

function summary(s: ScenarioResult): string {
  const all = s.runs.flatMap(numbered);
  const before = s.runs.flatMap((r) => r.samples.filter((x) => x.before !== null).map((x) => within2x(x.before!, x.stepLeft)));
  const notes = s.runs.flatMap((r) => r.samples.filter((x) => x.note));
  const almost = notes.filter((x) => x.note === 'almost done');
  const longer = notes.filter((x) => x.note === 'taking longer than expected');
  const maxAlmost = almost.length ? ` (real ≤ ${Math.max(...almost.map((x) => x.stepLeft)).toFixed(1)} s)` : '';
  return `| ${s.name} | ${s.load.before}–${s.load.after} | ${share(all.map((x) => within2x(x.said, x.stepLeft)))} | ${share(all.map((x) => within2x(x.said, x.jobLeft)))} | ${share(before)} | ${almost.length}${maxAlmost} | ${longer.length} |`;
}

export async function etaSection(): Promise<BenchSection> {
  const machine = loadavg().map((l) => l.toFixed(2));
  const results: ScenarioResult[] = [];
  let engine: ImageEngine | undefined;
  let before: BeforeState = { runMs: 0, runs: 0 };
  const only = process.env.BENCH_ETA_SCENARIOS?.split(',').map(Number);
  for (const s of SCENARIOS.filter((_, i) => !only || only.includes(i))) {
    if (s.fresh || !engine) {
      await engine?.close();
      engine = new ImageEngine();
      before = { runMs: 0, runs: 0 };
    }
    results.push(await runScenario(s, engine, before));
  }
  await engine?.close();
  const markdown = [
    '### Time left of background removal (`eta`)',
    '',
    `Load average when the section started: ${machine.join(', ')} (1, 5, 15 min); each scenario's 1-minute load at its start and end below. "said/real": the N of "about N s left" against the real seconds left in the step, at five moments (seconds into the step). Step CPU: this process's CPU time during the step (the engine's thread and ORT's).`,
    '',
    '| scenario | photo | MP | step s | step CPU s | job s | said/real, at five moments |',
    '|---|---|---:|---:|---:|---:|---|',
    ...results.flatMap((s) =>
      s.runs.map(
        (r) =>
          `| ${s.name} | ${r.photo}${r.cold ? ' (cold)' : ''} | ${r.megapixels} | ${r.stepSeconds.toFixed(1)} | ${r.stepCpuSeconds.toFixed(1)} | ${r.jobSeconds.toFixed(1)} | ${moments(r)} |`,
      ),
    ),
    '',
    'Every number said (one a second), within 2× of the real time left in the step and in the whole job; the earlier countdown at the same moments; messages without a number.',
    '',
    '| scenario | load (1 min) | within 2×, step | within 2×, job | earlier countdown within 2× | "almost done" | "taking longer than expected" |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...results.map(summary),
    `| **all** | | ${share(results.flatMap((s) => s.runs.flatMap(numbered)).map((x) => within2x(x.said, x.stepLeft)))} | ${share(results.flatMap((s) => s.runs.flatMap(numbered)).map((x) => within2x(x.said, x.jobLeft)))} | | | |`,
    '',
  ];
  return { result: { loadAverage: machine, scenarios: results }, markdown };
}
