// What a segmentation step is expected to cost, in CPU milliseconds of this process (ORT's
// threads included), learned from this thread's steps: the engine turns it into seconds at the
// rate the process is getting the CPU (countdown.ts; docs/architecture.md, "Progress"). CPU
// time, unlike wall time, hardly moves with the machine's load: on the 2-core machine a whole
// photo's step (1024²) took 11.2–13.0 CPU-seconds with 8 to 17 processes wanting the CPU,
// while its wall time went from 27 to 96 s.

/** The side IS-Net sees a whole photo at. */
const FULL_SIDE = 1024;
/**
 * A step at 1024² before any has been measured in this thread (11.2–13.0 s here); other sides
 * are scaled by their pixels (a 512² step cost 2.7–3.1 s, a 640² one 4.4–4.6 s).
 */
const FIRST_STEP_CPU_MS = 11_500;
/** Loading the model: reading it, rewriting it, creating the session (1.1–1.5 s). */
export const LOAD_CPU_MS = 1_400;
/** Per megapixel of the photo (or crop): squeezing it to the model's side, scaling the mask back (12 MP: 0.7 s). */
const CPU_MS_PER_MEGAPIXEL = 60;

/** The steps remembered per side: the recent ones, so a machine that changes (another host, a slower CPU) is followed. */
const REMEMBERED = 5;
/** This thread's last steps by the side the model saw: CPU ms, less the per-megapixel share and loading. */
const steps = new Map<number, number[]>();

/** Records a step's CPU time (loading left out) on an image of `pixels` seen at `side`². */
export function recordStep(side: number, pixels: number, cpuMs: number): void {
  const last = steps.get(side) ?? [];
  last.push(Math.max(0, cpuMs - (CPU_MS_PER_MEGAPIXEL * pixels) / 1e6));
  if (last.length > REMEMBERED) last.shift();
  steps.set(side, last);
}

/** The model's part of a step at `side`²: the mean of the last steps at that side, else of the nearest side seen, scaled by the pixels. */
function modelPart(side: number): number {
  let nearest: number | undefined;
  for (const seen of steps.keys()) if (nearest === undefined || Math.abs(seen - side) < Math.abs(nearest - side)) nearest = seen;
  if (nearest === undefined) return FIRST_STEP_CPU_MS * (side / FULL_SIDE) ** 2;
  const last = steps.get(nearest)!;
  return (last.reduce((a, b) => a + b, 0) / last.length) * (side / nearest) ** 2;
}

/** A step's expected work (CPU ms): one run at `side`² on an image of `pixels`, loading the model first when `loaded` is false. */
export const expectedStepMs = (side: number, pixels: number, loaded: boolean): number =>
  Math.round((loaded ? 0 : LOAD_CPU_MS) + modelPart(side) + (CPU_MS_PER_MEGAPIXEL * pixels) / 1e6);
