import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Config } from '../server/shared/platform/config.js';
import { createDb } from '../server/shared/db/prisma.js';
import type { Logger } from '../server/shared/platform/logger.js';
import { createTextProvider, type TextProvider } from './providers/text/index.js';
import { createImageProviders, type ImageProviders } from './providers/image/index.js';
import { createStorage } from '../server/shared/storage/index.js';
import { channelName, Topic } from '../server/shared/platform/pubsub.js';
import { createRedis } from '../server/shared/platform/redis.js';
import type { WorkerServices } from './context.js';
import { processorFor } from './pipeline.js';
import { runnableTools } from './tools/catalogue.js';
import { createRegistry, serveMetrics, workerMetrics } from '../server/shared/platform/metrics.js';
import { Queues } from '../server/shared/jobs/queues.js';
import { reapAbandonedJobs } from './reaper.js';
import { publishEngines } from '../server/shared/platform/engines.js';
import { WebhookOutbox } from '../server/shared/webhooks/outbox.js';
import { startWebhookWorker } from './webhooks/worker.js';
import { WorkerDrain } from './drain.js';
import { reportLearnedModels } from './models/learned/report.js';
import { startBatchWorker } from './batches/worker.js';

export interface RunningWorkers {
  queues: string[];
  services: WorkerServices;
  close(): Promise<void>;
}

/** Aborts the jobs their owners cancel that run here (JobService.cancel publishes them). */
async function listenForCancels(cancels: Redis, prefix: string, workers: Worker[], log: Logger): Promise<void> {
  cancels.on('message', (_ch: string, message: string) => {
    const { jobId } = JSON.parse(message) as { jobId: string };
    for (const w of workers) if (w.cancelJob(jobId, 'cancelled by its owner')) log.info({ jobId }, 'job cancelled');
  });
  // Subscribed once connected: a SUBSCRIBE sent while ioredis still runs its ready check makes
  // that check fail ("Connection in subscriber mode") and cancels are then never heard.
  if (cancels.status !== 'ready') await new Promise<void>((resolve) => cancels.once('ready', () => resolve()));
  await cancels.subscribe(channelName(prefix, Topic.JOB_CANCEL));
}

/**
 * Now and then: queues again jobs Redis lost, and fails those BullMQ gave up on, while they were
 * still live in Postgres, whichever pool's they are: a job's BullMQ state is in Redis for every
 * pool to read (reaper.ts).
 */
function startSweep(services: WorkerServices, queues: Queues): NodeJS.Timeout {
  const { config, log } = services;
  const sweep = setInterval(
    () => {
      reapAbandonedJobs(services, queues, config.JOB_REAP_AFTER_MS).then(
        ({ failed, requeued }) => {
          services.metrics.sweptJobs.inc({ action: 'requeued' }, requeued.length);
          services.metrics.sweptJobs.inc({ action: 'failed' }, failed.length);
          if (requeued.length > 0) log.warn({ jobs: requeued }, 'queued again jobs Redis had lost');
          if (failed.length > 0) log.warn({ jobs: failed }, 'failed jobs no worker will finish');
        },
        (e: Error) => log.warn({ err: e.message }, 'abandoned-job sweep failed; next time'),
      );
    },
    Math.min(60_000, config.JOB_REAP_AFTER_MS / 2),
  );
  sweep.unref();
  return sweep;
}

/**
 * One BullMQ Worker per tool queue of this process's pool (WORKER_TOOLS; every tool by default)
 * and one for webhook deliveries (unless WORKER_WEBHOOKS=false), plus a listener that aborts jobs
 * users cancel. Only the engines its tools use are made: a text pool never looks for an image engine.
 */
export async function startWorkers(config: Config, log: Logger): Promise<RunningWorkers> {
  // First: a pool naming a tool that does not exist stops here, before anything is connected.
  const tools = runnableTools(config);
  const connection = createRedis(config, 'atelier-worker');
  const redis = createRedis(config, 'atelier-worker-cmd');
  const cancels = createRedis(config, 'atelier-worker-cancel');
  for (const c of [connection, redis, cancels]) c.on('error', (e: Error) => log.warn({ err: e.message }, 'redis connection error'));
  const db = createDb(config.DATABASE_URL, Math.min(10, config.WORKER_CONCURRENCY + 2));
  const registry = createRegistry('worker');
  // The webhooks queue (the job ends made here queue their events) and the abandoned-job sweep's view of the tool queues.
  const queues = new Queues(redis, config.REDIS_PREFIX, (e) => log.warn({ err: e.message }, 'queue connection error'));
  const storage = createStorage(config);
  let text: Promise<TextProvider> | undefined;
  let images: Promise<ImageProviders> | undefined;
  const services: WorkerServices = {
    metrics: workerMetrics(registry),
    config,
    db,
    redis,
    log,
    text: () => (text ??= createTextProvider(config, log)),
    images: () => (images ??= createImageProviders(config, log)),
    storage,
    webhooks: new WebhookOutbox({ db, queue: () => queues.webhooks(), redis, log, config, storage }),
  };

  // Which learned model files there are, checked once here (the providers reuse the verdict).
  await reportLearnedModels(
    config,
    tools.map((t) => t.kind),
    log,
  );
  const processors = await Promise.all(tools.map((tool) => processorFor(services, tool)));
  const drain = new WorkerDrain(log);
  const workers = tools.map((tool, i) => {
    const { processor, concurrency } = processors[i]!;
    return new Worker(tool.kind, drain.track(tool.kind, processor), {
      connection,
      prefix: config.REDIS_PREFIX,
      concurrency,
      lockDuration: config.JOB_LOCK_MS,
      // Twice per lock period: a dead worker's job is re-queued within about 1.5 × JOB_LOCK_MS.
      stalledInterval: Math.ceil(config.JOB_LOCK_MS / 2),
      maxStalledCount: 2,
    });
  });
  const webhookWorker = config.WORKER_WEBHOOKS ? startWebhookWorker({ db, config, log }, connection, config.REDIS_PREFIX) : null;
  // Closes each batch once its pictures have ended (docs/batches.md).
  const batchWorker = startBatchWorker(services, connection);
  const all = [...workers, batchWorker, ...(webhookWorker ? [webhookWorker] : [])];
  // A failed job is logged once, by the pipeline (a webhook attempt by its processor), where it is handled.
  for (const w of all) w.on('error', (e) => log.warn({ err: e.message, queue: w.name }, 'worker error'));

  await listenForCancels(cancels, config.REDIS_PREFIX, workers, log);
  await Promise.all(all.map((w) => w.waitUntilReady()));
  const sweep = startSweep(services, queues);
  // /metrics, and /healthz and /readyz (503 while draining) for probes.
  const metricsServer = config.WORKER_METRICS_PORT ? await serveMetrics(registry, config.WORKER_METRICS_PORT, config.HOST, { ready: () => !drain.draining }) : null;
  // What this worker makes images and text with (the engines its tools made), for the pages (the Engines query) and for whoever reads the log.
  const engines = { image: (await images)?.generator.engine, text: (await text)?.engine };
  await publishEngines(redis, config.REDIS_PREFIX, engines);
  if (engines.image || engines.text) {
    log.info(
      { image: engines.image?.label, text: engines.text?.label },
      engines.image?.placeholder || engines.text?.placeholder ? 'engines: placeholders where no model is connected (docs/engines.md)' : 'engines',
    );
  }
  log.info(
    {
      queues: all.map((w) => w.name),
      concurrency: Object.fromEntries(workers.map((w) => [w.name, w.concurrency])),
      text: (await text)?.name,
      storage: services.storage.name,
    },
    'worker ready',
  );

  let closing: Promise<void> | undefined;
  return {
    queues: workers.map((w) => w.name),
    services,
    close: () =>
      (closing ??= (async () => {
        clearInterval(sweep);
        // No new jobs; running ones finish within WORKER_DRAIN_GRACE_MS or go back to their queue.
        await drain.drain(workers, webhookWorker ? [webhookWorker, batchWorker] : [batchWorker], config.WORKER_DRAIN_GRACE_MS);
        await queues.close();
        metricsServer?.close();
        await Promise.allSettled([connection.quit(), redis.quit(), cancels.quit(), db.$disconnect()]);
      })()),
  };
}
