export interface LatencyStats {
  count: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function summarize(latenciesMs: number[], seconds: number): LatencyStats {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: sorted.length,
    seconds: round(seconds),
    perSecond: round(sorted.length / seconds),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/** Runs `total` tasks with at most `inFlight` at once; returns each task's latency in ms. */
export async function runClosedLoop(total: number, inFlight: number, task: (i: number, slot: number) => Promise<void>): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async (_, slot) => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i, slot);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/**
 * A V8 CPU profile of this process from now until `stop()`, written to `file` (for Chrome
 * DevTools or speedscope); undefined when no file is asked for. `samplingIntervalUs` is V8's
 * sampling interval (its default when left out).
 */
export async function startCpuProfile(file: string | undefined, samplingIntervalUs?: number): Promise<{ stop(): Promise<void> } | undefined> {
  if (!file) return undefined;
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  if (samplingIntervalUs) await session.post('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** One benchmark of `npm run bench`: its figures (for results.json) and its markdown lines. */
export interface BenchSection {
  result: unknown;
  markdown: string[];
}
