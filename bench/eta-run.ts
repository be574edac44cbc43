// One background removal watched by `npm run bench eta` (eta.ts): every message it sends, and
// for each "about N s left" the real time left, of the step and of the job. Also the CPU hogs
// and the parallel image job that load the machine meanwhile.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processMeter } from '../worker/models/countdown.js';
import { ImageEngine } from '../worker/models/engine.js';

export const STEP = 'Separating the subject from the background';
const never = new AbortController().signal;

export interface EtaSample {
  /** Seconds since the step started. */
  at: number;
  /** The N of "about N s left"; null for a message without a number. */
  said: number | null;
  /** What followed the step's message ("almost done", "taking longer than expected", or ""). */
  note: string;
  /** Real seconds left: of the step (until its next message), and of the whole job. */
  stepLeft: number;
  jobLeft: number;
  /** What the earlier countdown would have said here (the mean of the thread's runs so far, counted down); null: no number. */
  before: number | null;
}

export interface EtaRun {
  photo: string;
  megapixels: number;
  cold: boolean;
  stepSeconds: number;
  /** CPU seconds of this process (the engine's thread and ORT's) during the step. */
  stepCpuSeconds: number;
  jobSeconds: number;
  samples: EtaSample[];
}

/** The earlier mechanism's state, per engine: the wall time of the thread's runs so far (each at 1024²). */
export interface BeforeState {
  runMs: number;
  runs: number;
}

/** The earlier countdown: expected = the mean of the thread's runs (4 s before any), counted down; a number only over 2 s. */
function beforeSaid(state: BeforeState, elapsedMs: number): number | null {
  const left = (state.runs ? state.runMs / state.runs : 4000) - elapsedMs;
  return left > 2000 ? Math.round(left / 1000) : null;
}

/** Removes the background of `image`, recording every message and what the step said against the real time left. */
export async function watchRun(engine: ImageEngine, before: BeforeState, photo: string, image: Buffer, megapixels: number, cold: boolean): Promise<EtaRun> {
  const messages: { at: number; cpu: number; message: string }[] = [];
  const started = performance.now();
  const out = await engine.run({ op: 'background', image, maxPixels: 100e6 }, never, (_percent, message) =>
    messages.push({ at: performance.now() - started, cpu: processMeter.cpuMs(), message }),
  );
  const endCpu = processMeter.cpuMs();
  const end = performance.now() - started;
  const first = messages.findIndex((m) => m.message.startsWith(STEP));
  const stepStart = messages[first]!.at;
  const next = messages.slice(first).find((m) => !m.message.startsWith(STEP));
  const stepEnd = next?.at ?? end;
  const stepCpu = (next?.cpu ?? endCpu) - messages[first]!.cpu;
  const samples = messages
    .slice(first)
    .filter((m) => m.message.startsWith(STEP))
    .map((m): EtaSample => {
      const suffix = m.message.slice(STEP.length).trim();
      const said = /^\(about (\d+) s left\)$/.exec(suffix);
      return {
        at: (m.at - stepStart) / 1000,
        said: said ? Number(said[1]) : null,
        note: said ? '' : suffix.replace(/^\(|\)$/g, ''),
        stepLeft: (stepEnd - m.at) / 1000,
        jobLeft: (end - m.at) / 1000,
        before: beforeSaid(before, m.at - stepStart),
      };
    });
  before.runMs += out.model!.runMs;
  before.runs += out.model!.runs;
  return { photo, megapixels, cold, stepSeconds: (stepEnd - stepStart) / 1000, stepCpuSeconds: stepCpu / 1000, jobSeconds: end / 1000, samples };
}

/** `n` processes spinning a core each; stop them with stopAll. */
export const startHogs = (n: number): ChildProcess[] => Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));

export async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((res) => {
          if (c.exitCode !== null || c.signalCode !== null) return res();
          c.once('exit', () => res());
          c.kill('SIGKILL');
        }),
    ),
  );
}

/** Another process removing backgrounds of `photo` one after another (as a second worker would); resolves once its first removal is done. */
export async function startParallelJob(photo: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', fileURLToPath(import.meta.url), photo], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((res, rej) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('done') && res());
    child.once('exit', (code) => rej(new Error(`the parallel image job exited with ${code}`)));
  });
  return child;
}

/** In the child: remove the photo's background again and again until killed. */
async function parallelJob(photo: string): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const image = readFileSync(photo);
  const engine = new ImageEngine();
  for (;;) {
    await engine.run({ op: 'background', image, maxPixels: 100e6 }, never);
    process.stdout.write('done\n');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await parallelJob(process.argv[2]!);
