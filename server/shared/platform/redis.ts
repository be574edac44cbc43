import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Redis, type RedisOptions } from 'ioredis';
import { describeUrl, type Config } from './config.js';
import { followMaster } from './master-follower.js';

/** Where Redis is and how to reach it: a URL, or Sentinels that say where the master is. */
export type RedisSettings = Pick<Config, 'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME' | 'REDIS_SENTINEL_PASSWORD'>;

/** The pause before each reconnection attempt: 0.2 s more each time, at most 1 s (a failover is over within a second of the promotion). */
export const reconnectDelay = (attempt: number) => Math.min(attempt * 200, 1000);

/**
 * Replies that mean "this node is no longer the master" (a replica refuses writes with READONLY,
 * or MASTERDOWN when it serves no stale data; a master turned replica unblocks its blocked
 * clients with UNBLOCKED): a client still connected to it after a failover — Sentinel's, or a
 * managed Redis's behind one address — reconnects (asking the Sentinels again) and sends the
 * refused command there. Refused, so nothing of it was done: sending it again is safe.
 */
const DEMOTED = /^(READONLY|MASTERDOWN|UNBLOCKED)\b/;

/**
 * The ioredis options of every connection this app makes (API commands and subscriptions, BullMQ
 * queues and workers, the workers' own commands): one place, so they all follow the master the
 * same way. With REDIS_SENTINELS they ask the Sentinels for the master (checked to be one before
 * use) at every (re)connection, and move when the Sentinels announce a failover (createRedis:
 * followMaster); otherwise they connect to REDIS_URL. REDIS_URL's user, password, database and TLS (rediss://) apply either way.
 * Commands wait for a reconnection (`maxRetriesPerRequest: null`, as BullMQ requires of the
 * connections it blocks on); createCommandRedis is the API's fail-fast variant.
 */
export function redisOptions(settings: RedisSettings, name: string): RedisOptions {
  const url = new URL(settings.REDIS_URL);
  const db = Number(url.pathname.slice(1) || 0);
  const common: RedisOptions = {
    connectionName: name,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(db ? { db } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    retryStrategy: reconnectDelay,
    reconnectOnError: (e) => (DEMOTED.test(e.message) ? 2 : false),
  };
  if (!settings.REDIS_SENTINELS) return { ...common, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 6379) };
  return {
    ...common,
    sentinels: settings.REDIS_SENTINELS,
    name: settings.REDIS_SENTINEL_NAME,
    role: 'master',
    ...(settings.REDIS_SENTINEL_PASSWORD ? { sentinelPassword: settings.REDIS_SENTINEL_PASSWORD } : {}),
    // The master found through the Sentinels is reached with REDIS_URL's TLS.
    enableTLSForSentinelMode: url.protocol === 'rediss:',
    // Not ioredis's failoverDetector: createRedis has the connections follow the master (master-follower.ts).
  };
}

/** Where Redis is, without credentials: safe to log. */
export function describeRedis(settings: RedisSettings): string {
  if (settings.REDIS_SENTINELS) {
    return `the master "${settings.REDIS_SENTINEL_NAME}" of the Sentinels ${settings.REDIS_SENTINELS.map((s) => `${s.host}:${s.port}`).join(', ')}`;
  }
  return describeUrl(settings.REDIS_URL);
}

/**
 * A Redis connection that keeps retrying on its own after Redis restarts or fails over.
 * BullMQ needs maxRetriesPerRequest: null on the connections it blocks on.
 */
export function createRedis(settings: RedisSettings, name: string, extra: RedisOptions = {}): Redis {
  const redis = new Redis({ ...redisOptions(settings, name), ...extra });
  if (settings.REDIS_SENTINELS && settings.REDIS_SENTINEL_NAME) {
    followMaster(
      { sentinels: settings.REDIS_SENTINELS, name: settings.REDIS_SENTINEL_NAME, sentinelPassword: settings.REDIS_SENTINEL_PASSWORD, retryStrategy: reconnectDelay },
      redis,
    );
  }
  return redis;
}

/**
 * The API's command connection. While Redis is down its commands fail at once (and the
 * request answers 503) instead of queueing until Redis returns; it waits for the first
 * connection (up to `readyWithinMs`) so start-up commands do not fail for that reason.
 * BullMQ's advice for a Queue that adds jobs from an HTTP request (fail fast, enableOfflineQueue: false).
 */
export async function createCommandRedis(settings: RedisSettings, name: string, readyWithinMs = 10_000): Promise<Redis> {
  const redis = createRedis(settings, name, { enableOfflineQueue: false });
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

/**
 * ioredis refusing a command because the connection is down (offline queue off) or closed, or
 * Redis refusing a write for now: a master with `min-replicas-to-write` and too few replicas
 * (NOREPLICAS), as a demoted master is until the app has moved (docs/deployment.md).
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'MaxRetriesPerRequestError' || /Stream isn't writeable|enableOfflineQueue|Connection is closed|^NOREPLICAS\b/.test(error.message);
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
