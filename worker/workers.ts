import { Worker } from 'bullmq';
import type { Config } from '../server/shared/platform/config.js';
import { createDb } from '../server/shared/db/prisma.js';
import type { Logger } from '../server/shared/platform/logger.js';
import { createTextProvider } from './providers/text/index.js';
import { createImageProviders } from './providers/image/index.js';
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

export interface RunningWorkers {
  queues: string[];
  services: WorkerServices;
  close(): Promise<void>;
}

/** One BullMQ Worker per tool queue and one for webhook deliveries, plus a listener that aborts jobs users cancel. */
export async function startWorkers(config: Config, log: Logger): Promise<RunningWorkers> {
  const connection = createRedis(config, 'atelier-worker');
  const redis = createRedis(config, 'atelier-worker-cmd');
  const cancels = createRedis(config, 'atelier-worker-cancel');
  for (const c of [connection, redis, cancels]) c.on('error', (e: Error) => log.warn({ err: e.message }, 'redis connection error'));
  const db = createDb(config.DATABASE_URL, Math.min(10, config.WORKER_CONCURRENCY + 2));
  const registry = createRegistry('worker');
  // The webhooks queue (the job ends made here queue their events) and the abandoned-job sweep's view of the tool queues.
  const queues = new Queues(redis, config.REDIS_PREFIX, (e) => log.warn({ err: e.message }, 'queue connection error'));
  const storage = createStorage(config);
  const services: WorkerServices = {
    metrics: workerMetrics(registry),
    config,
    db,
    redis,
    log,
    text: await createTextProvider(config, log),
    images: await createImageProviders(config, log),
    storage,
    webhooks: new WebhookOutbox({ db, queue: () => queues.webhooks(), log, config, storage }),
  };

  const workers = runnableTools(config).map((tool) => {
    const { processor, concurrency } = processorFor(services, tool);
    return new Worker(tool.kind, processor, {
      connection,
      prefix: config.REDIS_PREFIX,
      concurrency,
      lockDuration: config.JOB_LOCK_MS,
      // Twice per lock period: a dead worker's job is re-queued within about 1.5 × JOB_LOCK_MS.
      stalledInterval: Math.ceil(config.JOB_LOCK_MS / 2),
      maxStalledCount: 2,
    });
  });
  const webhookWorker = startWebhookWorker({ db, config, log }, connection, config.REDIS_PREFIX);
  // A failed job is logged once, by the pipeline (a webhook attempt by its processor), where it is handled.
  for (const w of [...workers, webhookWorker]) w.on('error', (e) => log.warn({ err: e.message, queue: w.name }, 'worker error'));

  const cancelChannel = channelName(config.REDIS_PREFIX, Topic.JOB_CANCEL);
  cancels.on('message', (_ch: string, message: string) => {
    const { jobId } = JSON.parse(message) as { jobId: string };
    for (const w of workers) if (w.cancelJob(jobId, 'cancelled by its owner')) log.info({ jobId }, 'job cancelled');
  });
  // Subscribed once connected: a SUBSCRIBE sent while ioredis still runs its ready check makes
  // that check fail ("Connection in subscriber mode") and cancels are then never heard.
  if (cancels.status !== 'ready') await new Promise<void>((resolve) => cancels.once('ready', () => resolve()));
  await cancels.subscribe(cancelChannel);
  await Promise.all([...workers, webhookWorker].map((w) => w.waitUntilReady()));
  // Now and then: queue again jobs Redis lost, and fail those BullMQ gave up on, while they were still live in Postgres.
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
  const metricsServer = config.WORKER_METRICS_PORT ? await serveMetrics(registry, config.WORKER_METRICS_PORT, config.HOST) : null;
  // What this worker makes images and text with, for the pages (the Engines query) and for whoever reads the log.
  const engines = { image: services.images.generator.engine, text: services.text.engine };
  await publishEngines(redis, config.REDIS_PREFIX, engines);
  log.info(
    { image: engines.image.label, text: engines.text.label },
    engines.image.placeholder || engines.text.placeholder ? 'engines: placeholders where no model is connected (docs/engines.md)' : 'engines',
  );
  log.info(
    { queues: [...workers, webhookWorker].map((w) => w.name), concurrency: config.WORKER_CONCURRENCY, text: services.text.name, storage: services.storage.name },
    'worker ready',
  );

  return {
    queues: workers.map((w) => w.name),
    services,
    close: async () => {
      clearInterval(sweep);
      await Promise.all([...workers, webhookWorker].map((w) => w.close()));
      await queues.close();
      metricsServer?.close();
      await Promise.allSettled([connection.quit(), redis.quit(), cancels.quit(), db.$disconnect()]);
    },
  };
}
