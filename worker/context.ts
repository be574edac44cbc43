import type { Redis } from 'ioredis';
import type { Config } from '../server/shared/platform/config.js';
import type { Db } from '../server/shared/db/prisma.js';
import type { Logger } from '../server/shared/platform/logger.js';
import type { TextProvider } from './providers/text/index.js';
import type { ImageProviders } from './providers/image/index.js';
import type { Storage } from '../server/shared/storage/index.js';
import type { WorkerMetrics } from '../server/shared/platform/metrics.js';
import type { WebhookOutbox } from '../server/shared/webhooks/outbox.js';

/** What processors get, built once per worker process. */
export interface WorkerServices {
  config: Config;
  db: Db;
  /** Commands: job state and events. */
  redis: Redis;
  log: Logger;
  /**
   * The text and image engines, made (and looked for: docs/engines.md) when a tool of this
   * process first asks, at start-up, then kept: a pool without such tools never makes them.
   */
  text(): Promise<TextProvider>;
  images(): Promise<ImageProviders>;
  storage: Storage;
  metrics: WorkerMetrics;
  /** Queues the webhook events of the job ends this worker makes. */
  webhooks: WebhookOutbox;
}
