// Scale-out benchmark: the pipeline bench's jobs against 1 API + 1 worker process, then
// 2 APIs + 2 workers, as separate OS processes on one Postgres, one Redis and one prefix.
// With two APIs every client enqueues on one and follows its job on the other, so each
// event crosses processes through Redis (worker → Redis → the other API → socket).
// Two kinds of jobs: no-op (the pipeline's own cost) and CPU-bound (cpuWork units of SHA-256
// in the worker, about 1 ms of CPU each).
import { cpus } from 'node:os';
import { withDefaultUser } from '../server/shared/platform/config.js';
import { startAppProcess, type AppProcess } from './app-processes.js';
import { closeJobClients, runOneJob, signUpJobClients } from './job-clients.js';
import { jobBenchEnv } from './pipeline.js';
import { runClosedLoop, summarize, type BenchSection, type LatencyStats } from './stats.js';

const databaseUrl = () => process.env.BENCH_SCALEOUT_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_bench_scaleout';
const step = (m: string) => process.stderr.write(`[bench:scaleout] ${m}\n`);

interface Run extends LatencyStats {
  /** CPU seconds used per 1,000 jobs by the API and by the worker processes. */
  apiCpuPer1000: number;
  workerCpuPer1000: number;
}

export interface LayoutResult {
  apis: number;
  workers: number;
  noop: Run;
  cpuBound: Run;
}

export interface ScaleoutResult {
  cores: number;
  inFlight: number;
  noopJobs: number;
  cpuJobs: number;
  cpuWork: number;
  layouts: LayoutResult[];
  /** Throughput of 2+2 over 1+1 (target ≥ 1.6 for CPU-bound jobs). */
  noopRatio: number;
  cpuBoundRatio: number;
}

async function measure(procs: AppProcess[], jobs: number, inFlight: number, job: (i: number, slot: number) => Promise<void>): Promise<Run> {
  const cpu = (kind: AppProcess['kind']) => procs.filter((p) => p.kind === kind).reduce((s, p) => s + p.cpuSeconds(), 0);
  const [api0, worker0] = [cpu('api'), cpu('worker')];
  const run = await runClosedLoop(jobs, inFlight, job);
  const per1000 = (s: number) => Math.round((s / jobs) * 1000 * 10) / 10;
  return { ...summarize(run.latencies, run.seconds), apiCpuPer1000: per1000(cpu('api') - api0), workerCpuPer1000: per1000(cpu('worker') - worker0) };
}

async function layout(apis: number, workers: number, o: { noopJobs: number; cpuJobs: number; cpuWork: number; inFlight: number }): Promise<LayoutResult> {
  const env = jobBenchEnv(databaseUrl(), `atelier-bench-scaleout-${Date.now()}`, o.noopJobs + o.cpuJobs, o.inFlight);
  step(`${apis} API + ${workers} worker processes: starting`);
  const procs = await Promise.all([...Array.from({ length: apis }, () => startAppProcess('api', env)), ...Array.from({ length: workers }, () => startAppProcess('worker', env))]);
  try {
    const apiUrls = procs.filter((p) => p.kind === 'api').map((p) => p.url);
    // Client k enqueues on API k mod n and subscribes on the next one (the same one when n = 1).
    const clients = await signUpJobClients(o.inFlight, (k) => ({ enqueueUrl: apiUrls[k % apis]!, subscribeUrl: apiUrls[(k + 1) % apis]! }));
    const noop = (_i: number, slot: number) => runOneJob(clients[slot]!, 'mutation { runNoopJob { id } }');
    const cpuBound = (_i: number, slot: number) => runOneJob(clients[slot]!, 'mutation($w: Int!) { runNoopJob(cpuWork: $w) { id } }', { w: o.cpuWork });
    await runClosedLoop(Math.min(200, o.noopJobs), o.inFlight, noop); // warm-up
    step(`${apis}+${workers}: ${o.noopJobs} no-op jobs`);
    const noopRun = await measure(procs, o.noopJobs, o.inFlight, noop);
    await runClosedLoop(Math.min(20, o.cpuJobs), o.inFlight, cpuBound);
    step(`${apis}+${workers}: ${o.cpuJobs} CPU-bound jobs (${o.cpuWork} units)`);
    const cpuRun = await measure(procs, o.cpuJobs, o.inFlight, cpuBound);
    await closeJobClients(clients);
    return { apis, workers, noop: noopRun, cpuBound: cpuRun };
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
  }
}

export async function scaleoutBench(o = { noopJobs: 2000, cpuJobs: 400, cpuWork: 20, inFlight: 32 }): Promise<ScaleoutResult> {
  const { applyMigrations } = await import('../server/shared/db/migrations.js');
  await applyMigrations(withDefaultUser(databaseUrl()));
  const one = await layout(1, 1, o);
  const two = await layout(2, 2, o);
  const ratio = (a: number, b: number) => Math.round((b / a) * 100) / 100;
  return {
    cores: cpus().length,
    ...o,
    layouts: [one, two],
    noopRatio: ratio(one.noop.perSecond, two.noop.perSecond),
    cpuBoundRatio: ratio(one.cpuBound.perSecond, two.cpuBound.perSecond),
  };
}

export async function scaleoutSection(): Promise<BenchSection> {
  const r = await scaleoutBench({
    noopJobs: Number(process.env.BENCH_SCALEOUT_NOOP_JOBS ?? 2000),
    cpuJobs: Number(process.env.BENCH_SCALEOUT_CPU_JOBS ?? 400),
    cpuWork: Number(process.env.BENCH_SCALEOUT_CPU_WORK ?? 20),
    inFlight: Number(process.env.BENCH_IN_FLIGHT ?? 32),
  });
  const rows = r.layouts.flatMap((l) =>
    (['noop', 'cpuBound'] as const).map((kind) => {
      const s = l[kind];
      const name = kind === 'noop' ? 'no-op' : `CPU-bound (${r.cpuWork} units)`;
      return `| ${l.apis} API + ${l.workers} worker | ${name} | ${s.perSecond} | ${s.p50} | ${s.p99} | ${s.apiCpuPer1000} | ${s.workerCpuPer1000} |`;
    }),
  );
  return {
    result: r,
    markdown: [
      `### Scale-out: separate API and worker processes on ${r.cores} cores, ${r.inFlight} jobs in flight; with 2 APIs every job is followed on the other API`,
      '',
      '| layout | jobs | jobs/s | p50 ms | p99 ms | API CPU s per 1000 jobs | worker CPU s per 1000 jobs |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Second pair: no-op ×${r.noopRatio}, CPU-bound ×${r.cpuBoundRatio} (target ≥ 1.6 for CPU-bound): **${r.cpuBoundRatio >= 1.6 ? 'met' : 'missed'}**.`,
      '',
    ],
  };
}
