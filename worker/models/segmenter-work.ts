// What a segmentation step is expected to cost, in CPU milliseconds of this process (ORT's
// threads included), learned from this thread's steps: the engine turns it into seconds at the
// rate the process is getting the CPU (countdown.ts; docs/architecture.md, "Progress"). CPU
// time moves far less with the machine's load than wall time: on the 2-core machine a whole
// photo's step (1024²) took 7.5–9.3 CPU-seconds in 7 to 35 s within a quarter of an hour (load
// 5–8, with 0 to 3 spinning processes or another image job added: a tenth more with the
// spinning processes), and 11.2–14.0 in 27 to 96 s two hours earlier (load 8–17): the other
// work on the machine moved it by half. So the last steps count, and the first one is a guess.
//
// What is expected is the least of the last steps, not their mean: a step that ends before
// its expected work is done leaves "about N s left" said of a finished step, while one that
// needs more than expected says so ("taking longer than expected").

/** The side IS-Net sees a whole photo at. */
const FULL_SIDE = 1024;
/**
 * A step at 1024² before any has been measured in this thread: with loading, first steps took
 * 7.8–9.3 CPU-seconds in most runs here and 11.2–14.0 in the busiest hour, so the first step
 * may be a quarter off or more. Other sides are scaled by their pixels (a 512² step cost
 * 2.7–3.1 s, a 640² one 4.4–4.6 s, against 11.7–12.9 at 1024² then).
 */
const FIRST_STEP_CPU_MS = 8_000;
/** Loading the model: reading it, rewriting it, creating the session (1.0–1.5 s). */
export const LOAD_CPU_MS = 1_100;
/** Per megapixel of the photo (or crop): squeezing it to the model's side, scaling the mask back (12 MP: 0.7 s). */
const CPU_MS_PER_MEGAPIXEL = 60;

/** The steps remembered per side: the recent ones, so a machine that changes (another host, a slower CPU) is followed. */
const REMEMBERED = 3;
/** This thread's last steps by the side the model saw: CPU ms, less the per-megapixel share and loading. */
const steps = new Map<number, number[]>();

/** Records a step's CPU time (loading left out) on an image of `pixels` seen at `side`². */
export function recordStep(side: number, pixels: number, cpuMs: number): void {
  const last = steps.get(side) ?? [];
  last.push(Math.max(0, cpuMs - (CPU_MS_PER_MEGAPIXEL * pixels) / 1e6));
  if (last.length > REMEMBERED) last.shift();
  steps.set(side, last);
}

/** The model's part of a step at `side`²: the least of the last steps at that side, else at the nearest side seen, scaled by the pixels. */
function modelPart(side: number): number {
  let nearest: number | undefined;
  for (const seen of steps.keys()) if (nearest === undefined || Math.abs(seen - side) < Math.abs(nearest - side)) nearest = seen;
  if (nearest === undefined) return FIRST_STEP_CPU_MS * (side / FULL_SIDE) ** 2;
  return Math.min(...steps.get(nearest)!) * (side / nearest) ** 2;
}

/** A step's expected work (CPU ms): one run at `side`² on an image of `pixels`, loading the model first when `loaded` is false. */
export const expectedStepMs = (side: number, pixels: number, loaded: boolean): number =>
  Math.round((loaded ? 0 : LOAD_CPU_MS) + modelPart(side) + (CPU_MS_PER_MEGAPIXEL * pixels) / 1e6);
