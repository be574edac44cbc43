// The "about N s left" of a silent step (a model run) and how far its bar has gone
// (docs/architecture.md, "Embedded image models", "Progress"). A step's work is given in CPU
// milliseconds of this process (ORT's threads included), which moves far less with the
// machine's load than wall time (segmenter-work.ts). So what is done is read from the
// process's CPU time, and what is left is turned into seconds at the rate the process has been
// getting the CPU over the last seconds, not at the rate of earlier runs (which may have had
// the machine to themselves).

/** Wall time and the process's CPU time, in ms: injected by tests to simulate a machine. */
export interface Meter {
  wallMs(): number;
  cpuMs(): number;
}

export const processMeter: Meter = {
  wallMs: () => performance.now(),
  cpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
};

/** The CPU rate is measured over about this much wall time (a load that changes shows within it). */
const WINDOW_MS = 3000;
/** No number before the rate has been watched this long: a number must be backed by a measurement. */
const MIN_WATCHED_MS = 900;
/** Below this rate (CPU ms per wall ms) the process is starved or blocked: no rate to count with. */
const MIN_RATE = 0.02;
/** A number is given only for a wait worth announcing; below it the step is "almost done". */
const ANNOUNCE_ABOVE_MS = 2000;
/**
 * Past this share of the expected work the step is "almost done", whatever the rate: from one
 * step to the next the work moves by a tenth or more (1024² steps took 7.5–9.3 CPU-seconds in
 * one quarter of an hour, a tenth more with spinning processes added; see segmenter-work.ts),
 * so its last fifth cannot be told in seconds. Replaying CPU traces of 16 runs, 94 % of the
 * numbers said were within 2× of the truth with the last tenth left out, 95–96 % with the last
 * fifth (the misses: "about 5 s" with 11 s left, "about 6 s" with 3 s left).
 */
const ALMOST_DONE_SHARE = 0.8;

export interface CountdownReading {
  /** Share of the expected work done: 0 … 1, or more when the step takes more than expected. */
  done: number;
  /** Wall ms left at the current rate; undefined when it cannot be backed (not watched long enough, starved, or the expected work is used up). */
  leftMs: number | undefined;
  /**
   * What follows the step's message: " (about N s left)"; " (almost done)" (under 2 s left, or
   * past 80 % of the expected work); " (taking longer than expected)" (all of it done and the
   * step goes on); or nothing (the rate not measured yet).
   */
  suffix: string;
}

export class Countdown {
  private readonly samples: { wall: number; cpu: number }[] = [];

  /** `workCpuMs`: the step's expected work, in CPU ms of this process. */
  constructor(
    private readonly workCpuMs: number,
    private readonly meter: Meter = processMeter,
  ) {
    this.samples.push(this.sample());
  }

  /** Takes a sample now and reads the countdown. */
  read(): CountdownReading {
    const now = this.sample();
    const first = this.samples[0]!;
    // The oldest sample still within the window (the first one until the window has passed).
    let from = first;
    for (const s of this.samples) if (now.wall - s.wall >= WINDOW_MS) from = s;
    this.samples.push(now);
    // A sample is no longer needed once a later one is also older than the window.
    while (this.samples.length > 3 && now.wall - this.samples[2]!.wall >= WINDOW_MS) this.samples.splice(1, 1);

    const spent = now.cpu - first.cpu;
    const done = spent / Math.max(1, this.workCpuMs);
    const left = this.workCpuMs - spent;
    if (left <= 0) return { done, leftMs: undefined, suffix: ' (taking longer than expected)' };
    const watched = now.wall - from.wall;
    const rate = watched > 0 ? (now.cpu - from.cpu) / watched : 0;
    const leftMs = now.wall - first.wall >= MIN_WATCHED_MS && rate >= MIN_RATE ? left / rate : undefined;
    if (done >= ALMOST_DONE_SHARE) return { done, leftMs, suffix: ALMOST_DONE };
    return { done, leftMs, suffix: leftMs === undefined ? '' : aboutLeft(leftMs) };
  }

  private sample(): { wall: number; cpu: number } {
    return { wall: this.meter.wallMs(), cpu: this.meter.cpuMs() };
  }
}

const ALMOST_DONE = ' (almost done)';

/** " (about 6 s left)" for a wait worth announcing (over 2 s), else " (almost done)": never "about 0 s". */
export const aboutLeft = (ms: number): string => (ms > ANNOUNCE_ABOVE_MS ? ` (about ${Math.round(ms / 1000)} s left)` : ALMOST_DONE);
