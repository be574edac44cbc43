import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection that keeps retrying on its own after Redis restarts.
 * BullMQ needs maxRetriesPerRequest: null on the connections it blocks on.
 */
export function createRedis(url: string, name: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    ...extra,
  });
}
