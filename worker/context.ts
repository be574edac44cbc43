import type { Redis } from 'ioredis';
import type { Config } from '../server/config.js';
import type { Db } from '../server/db/prisma.js';
import type { Logger } from '../server/logger.js';
import type { TextProvider } from '../server/providers/text/index.js';
import type { ImageProviders } from '../server/providers/image/index.js';
import type { Storage } from '../server/providers/storage/index.js';
import type { WorkerMetrics } from '../server/metrics.js';

/** What processors get, built once per worker process. */
export interface WorkerServices {
  config: Config;
  db: Db;
  /** Commands: job state and events. */
  redis: Redis;
  log: Logger;
  text: TextProvider;
  images: ImageProviders;
  storage: Storage;
  metrics: WorkerMetrics;
}
