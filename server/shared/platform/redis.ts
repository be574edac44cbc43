import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
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

/**
 * The API's command connection. While Redis is down its commands fail at once (and the
 * request answers 503) instead of queueing until Redis returns; it waits for the first
 * connection (up to `readyWithinMs`) so start-up commands do not fail for that reason.
 */
export async function createCommandRedis(url: string, name: string, readyWithinMs = 10_000): Promise<Redis> {
  const redis = createRedis(url, name, { enableOfflineQueue: false });
  if (redis.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, readyWithinMs);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return redis;
}

/** ioredis refusing a command because the connection is down (offline queue off) or closed. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'MaxRetriesPerRequestError' || /Stream isn't writeable|enableOfflineQueue|Connection is closed/.test(error.message);
}

/**
 * A Lua script (a .lua file beside the code that calls it) as a command: called with a client,
 * then the script's keys, then its arguments, in the order its header names them
 * (`-- KEYS: a, b` and `-- ARGV: c, d`). It is defined on each client the first time (sent as
 * EVALSHA after that, loaded again by ioredis when Redis lost it), so one round trip and one
 * command object, where a MULTI costs several.
 */
export function redisScript<R = unknown>(file: URL) {
  const lua = readFileSync(file, 'utf8');
  const names = (label: string) =>
    (new RegExp(`^-- ${label}:(.*)$`, 'm').exec(lua)?.[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
  const keys = names('KEYS').length;
  const arity = keys + names('ARGV').length;
  const name = `atelier_${basename(file.pathname, '.lua').replace(/\W/g, '_')}`;
  return (redis: Redis, ...keysAndArgs: (string | number)[]): Promise<R> => {
    if (keysAndArgs.length !== arity) throw new Error(`${basename(file.pathname)} takes ${arity} keys and arguments, not ${keysAndArgs.length}`);
    const client = redis as unknown as Record<string, ((...a: (string | number)[]) => Promise<R>) | undefined>;
    if (typeof client[name] !== 'function') redis.defineCommand(name, { numberOfKeys: keys, lua });
    return client[name]!(...keysAndArgs);
  };
}
