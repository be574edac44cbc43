// Pipeline benchmark: no-op jobs end to end (GraphQL mutation over HTTP → BullMQ →
// worker → Redis pub/sub → graphql-ws subscriber), beside raw BullMQ
// (Queue.add → Worker → QueueEvents 'completed') on the same Redis, in the same process.
import type { BenchSection } from './stats.js';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { startServer } from '../server/app.js';
import { createRedis } from '../server/redis.js';
import { startWorkers } from '../worker/workers.js';
import { runClosedLoop, summarize, type LatencyStats } from './stats.js';
import { closeJobClients, runOneJob, signUpJobClients } from './job-clients.js';

export interface PipelineResult {
  jobs: number;
  inFlight: number;
  ours: LatencyStats;
  rawBullmq: LatencyStats;
  /** ours p50 latency / raw p50 latency (lower is better; target ≤ 1.5). */
  latencyRatio: number;
  /** raw throughput / ours (lower is better; target ≤ 1.5). */
  throughputRatio: number;
}

async function rawBullmq(redisUrl: string, prefix: string, total: number, inFlight: number): Promise<LatencyStats> {
  const connection = createRedis(redisUrl, 'bench-raw');
  const queue = new Queue('raw-noop', { connection, prefix });
  const worker = new Worker('raw-noop', async () => 'ok', { connection: createRedis(redisUrl, 'bench-raw-w'), prefix, concurrency: inFlight });
  const events = new QueueEvents('raw-noop', { connection: createRedis(redisUrl, 'bench-raw-e'), prefix });
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
  const { latencies, seconds } = await runClosedLoop(total, inFlight, async (i) => {
    await new Promise<void>((resolve) => {
      waiting.set(`j${i}`, resolve);
      void queue.add('noop', {}, { jobId: `j${i}`, removeOnComplete: true });
    });
  });
  await worker.close();
  await events.close();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await connection.quit();
  return summarize(latencies, seconds);
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
  const { applyMigrations } = await import('../server/db/migrations.js');
  await applyMigrations(config.DATABASE_URL);
  step('migrated; starting API and worker');
  const server = await startServer(config, createLogger('error', 'bench-api'));
  const workers = await startWorkers(config, createLogger('error', 'bench-worker'));
  // One user per in-flight slot, each with its own socket, as real traffic would be.
  const users = await signUpJobClients(inFlight, () => ({ enqueueUrl: server.url, subscribeUrl: server.url }));
  const oneJob = (_i: number, slot: number) => runOneJob(users[slot]!, 'mutation { runNoopJob { id } }');
  step('warming up');
  await runClosedLoop(Math.min(200, total), inFlight, oneJob); // warm-up
  step(`measuring ${total} jobs`);
  const run = await runClosedLoop(total, inFlight, oneJob);
  const ours = summarize(run.latencies, run.seconds);
  await closeJobClients(users);
  await workers.close();
  await server.close();

  step('measuring raw BullMQ');
  const raw = await rawBullmq(config.REDIS_URL, prefix, total, inFlight);
  return {
    jobs: total,
    inFlight,
    ours,
    rawBullmq: raw,
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
      `Overhead: latency ×${p.latencyRatio} (p50), throughput ×${p.throughputRatio} (raw/ours). Targets: ≤ 1.5× and ≥ 500 jobs/s.`,
      '',
    ],
  };
}
