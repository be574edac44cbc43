// Pipeline benchmark: no-op jobs end to end (GraphQL mutation over HTTP → BullMQ →
// worker → Redis pub/sub → graphql-ws subscriber), the API and a worker in this process and
// the users that send and follow the jobs in a child process (bench/pipeline-clients.ts);
// beside raw BullMQ (Queue.add → Worker → QueueEvents 'completed') on the same Redis, all
// in this process.
import type { BenchSection } from './stats.js';
import { resolve } from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { loadConfig } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
import { startServer } from '../server/app.js';
import { createRedis, type RedisSettings } from '../server/shared/platform/redis.js';
import { startWorkers } from '../worker/workers.js';
import { runClosedLoop, startCpuProfile, summarize, type LatencyStats } from './stats.js';
import { fork } from 'node:child_process';
import type { PipelineClientsCommand, PipelineClientsReply } from './pipeline-clients.js';
import { cpuSecondsOf, cpuSecondsOfCommand, cpuSecondsSince } from './app-processes.js';

/** CPU milliseconds per job, by process: what a job costs the machine, wherever it is spent. */
export interface CpuPerJob {
  /** This process: the API and the worker (ours), or producer, worker and events (raw). */
  bench: number;
  /** The load generator's process (ours only: raw BullMQ's producer is part of `bench`). */
  load: number;
  redis: number;
  postgres: number;
  total: number;
}

/** Counts CPU from now on in this process, `loadPid` (if any), Redis and Postgres. */
function cpuMeter(loadPid?: number) {
  const own = process.cpuUsage();
  const load = loadPid ? cpuSecondsOf(loadPid) : 0;
  const redis = cpuSecondsOfCommand('redis-server');
  const postgres = cpuSecondsOfCommand('postgres');
  return {
    perJob(jobs: number): CpuPerJob {
      const ms = (seconds: number) => Math.round((seconds * 1000 * 100) / jobs) / 100;
      const used = process.cpuUsage(own);
      const parts = {
        bench: ms((used.user + used.system) / 1e6),
        load: loadPid ? ms(cpuSecondsOf(loadPid) - load) : 0,
        redis: ms(cpuSecondsSince('redis-server', redis)),
        postgres: ms(cpuSecondsSince('postgres', postgres)),
      };
      return { ...parts, total: Math.round((parts.bench + parts.load + parts.redis + parts.postgres) * 100) / 100 };
    },
  };
}

export interface PipelineResult {
  jobs: number;
  inFlight: number;
  ours: LatencyStats;
  rawBullmq: LatencyStats;
  cpuMsPerJob: { ours: CpuPerJob; rawBullmq: CpuPerJob };
  /** ours p50 latency / raw p50 latency (lower is better; target ≤ 4). */
  latencyRatio: number;
  /** raw throughput / ours (lower is better; the target is ≥ 1,000 jobs/s of ours). */
  throughputRatio: number;
}

async function rawBullmq(redis: RedisSettings, prefix: string, total: number, inFlight: number): Promise<{ stats: LatencyStats; cpu: CpuPerJob }> {
  const connection = createRedis(redis, 'bench-raw');
  const queue = new Queue('raw-noop', { connection, prefix });
  const worker = new Worker('raw-noop', async () => 'ok', { connection: createRedis(redis, 'bench-raw-w'), prefix, concurrency: inFlight });
  const events = new QueueEvents('raw-noop', { connection: createRedis(redis, 'bench-raw-e'), prefix });
  await Promise.all([worker.waitUntilReady(), events.waitUntilReady()]);
  const waiting = new Map<string, () => void>();
  events.on('completed', ({ jobId }) => waiting.get(jobId)?.());
  const warm = await runClosedLoop(200, inFlight, async (i) => {
    await new Promise<void>((resolve) => {
      waiting.set(`w${i}`, resolve);
      void queue.add('noop', {}, { jobId: `w${i}`, removeOnComplete: true });
    });
  });
  void warm;
  const cpu = cpuMeter();
  const { latencies, seconds } = await runClosedLoop(total, inFlight, async (i) => {
    await new Promise<void>((resolve) => {
      waiting.set(`j${i}`, resolve);
      void queue.add('noop', {}, { jobId: `j${i}`, removeOnComplete: true });
    });
  });
  const used = cpu.perJob(total);
  await worker.close();
  await events.close();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await connection.quit();
  return { stats: summarize(latencies, seconds), cpu: used };
}

/** The load generator (bench/pipeline-clients.ts) in a child process. */
async function startLoadProcess(url: string, inFlight: number) {
  const child = fork(resolve(import.meta.dirname, 'pipeline-clients.ts'), { execArgv: ['--import', '@swc-node/register/esm-register'] });
  const ask = <T extends PipelineClientsReply['type']>(command: PipelineClientsCommand, want: T) =>
    new Promise<Extract<PipelineClientsReply, { type: T }>>((res, rej) => {
      const onExit = (code: number | null) => rej(new Error(`pipeline load generator exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: PipelineClientsReply) => {
        child.off('exit', onExit);
        if (m.type === want) res(m as Extract<PipelineClientsReply, { type: T }>);
        else rej(new Error(`pipeline load generator: ${m.type === 'failed' ? m.message : m.type}`));
      });
      child.send(command);
    });
  await ask({ type: 'start', url, inFlight }, 'ready');
  return {
    pid: child.pid!,
    run: (total: number) => ask({ type: 'run', total }, 'done'),
    stop: () => child.kill(),
  };
}

/** The app's settings for the job benchmarks, in this process (pipeline) or in spawned ones (scaleout). */
export function jobBenchEnv(databaseUrl: string, prefix: string, total: number, inFlight: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    ENABLE_NOOP_TOOL: 'true',
    WORKER_CONCURRENCY: String(inFlight),
    MAX_CONCURRENT_JOBS: String(inFlight * 2),
    TOOL_RATE_PER_MINUTE: String(total * 10),
    AUTH_RATE_PER_MINUTE: String(inFlight * 4),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  };
}

export async function pipelineBench(total = 2000, inFlight = 32): Promise<PipelineResult> {
  const prefix = `atelier-bench-${Date.now()}`;
  const config = loadConfig({
    ...process.env,
    ...jobBenchEnv(process.env.BENCH_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_bench', prefix, total, inFlight),
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const step = (m: string) => process.stderr.write(`[bench:pipeline] ${m}\n`);
  const { applyMigrations } = await import('../server/shared/db/migrations.js');
  await applyMigrations(config.DATABASE_URL);
  step('migrated; starting API and worker');
  const server = await startServer(config, createLogger('error', 'bench-api'));
  const workers = await startWorkers(config, createLogger('error', 'bench-worker'));
  const load = await startLoadProcess(server.url, inFlight);
  step('warming up');
  await load.run(Math.min(200, total));
  step(`measuring ${total} jobs (load from a process of its own)`);
  const cpu = cpuMeter(load.pid);
  // BENCH_CPU_PROFILE=<file>: a profile of this process (API and worker) while the jobs are measured.
  const profile = await startCpuProfile(process.env.BENCH_CPU_PROFILE);
  const run = await load.run(total);
  await profile?.stop();
  const oursCpu = cpu.perJob(total);
  load.stop();
  const ours = summarize(run.latencies, run.seconds);
  await workers.close();
  await server.close();

  step('measuring raw BullMQ');
  const { stats: raw, cpu: rawCpu } = await rawBullmq(config, prefix, total, inFlight);
  return {
    jobs: total,
    inFlight,
    ours,
    rawBullmq: raw,
    cpuMsPerJob: { ours: oursCpu, rawBullmq: rawCpu },
    latencyRatio: Math.round((ours.p50 / raw.p50) * 100) / 100,
    throughputRatio: Math.round((raw.perSecond / ours.perSecond) * 100) / 100,
  };
}

export async function pipelineSection(): Promise<BenchSection> {
  const p = await pipelineBench(Number(process.env.BENCH_JOBS ?? 2000), Number(process.env.BENCH_IN_FLIGHT ?? 32));
  return {
    result: p,
    markdown: [
      `### Pipeline: ${p.jobs} no-op jobs, ${p.inFlight} in flight`,
      '',
      '| path | jobs/s | p50 ms | p99 ms | max ms |',
      '|---|---:|---:|---:|---:|',
      `| Atelier: mutation → BullMQ → worker → pub/sub → graphql-ws | ${p.ours.perSecond} | ${p.ours.p50} | ${p.ours.p99} | ${p.ours.max} |`,
      `| raw BullMQ: add → Worker → QueueEvents | ${p.rawBullmq.perSecond} | ${p.rawBullmq.p50} | ${p.rawBullmq.p99} | ${p.rawBullmq.max} |`,
      '',
      `Overhead: latency ×${p.latencyRatio} (p50), throughput ×${p.throughputRatio} (raw/ours). Targets: ≥ 1,000 jobs/s and p50 ≤ 4× raw.`,
      '',
      '| CPU ms per job | this process | load generator | Redis | Postgres | total |',
      '|---|---:|---:|---:|---:|---:|',
      ...(['ours', 'rawBullmq'] as const).map((k) => {
        const c = p.cpuMsPerJob[k];
        return `| ${k === 'ours' ? 'Atelier (API + worker here)' : 'raw BullMQ (all here)'} | ${c.bench} | ${c.load || '—'} | ${c.redis} | ${c.postgres} | ${c.total} |`;
      }),
      '',
    ],
  };
}
