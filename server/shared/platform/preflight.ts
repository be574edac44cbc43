// Before start-up: are Postgres and Redis there? If not, one clear line says which,
// where we looked and how to start it (docs/real-services.md).
import { Redis } from 'ioredis';
import { describeUrl, type Config } from './config.js';
import { describeRedis, redisOptions, type RedisSettings } from './redis.js';
import { ensureDatabase } from '../db/database.js';

export class DependencyError extends Error {}

export async function checkPostgres(config: Pick<Config, 'DATABASE_URL'>): Promise<void> {
  try {
    await ensureDatabase(config.DATABASE_URL);
  } catch (e) {
    throw new DependencyError(
      `Postgres is not reachable at ${describeUrl(config.DATABASE_URL)} (${(e as Error).message || (e as NodeJS.ErrnoException).code}). ` +
        `Start it (e.g. 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start' or 'docker compose up -d postgres') or set DATABASE_URL.`,
    );
  }
}

export async function checkRedis(config: RedisSettings): Promise<void> {
  // One try (each Sentinel once), no reconnection.
  const redis = new Redis({
    ...redisOptions(config, 'atelier-preflight'),
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    sentinelRetryStrategy: () => null,
    connectTimeout: 3000,
  });
  // The reason (a refused password, a certificate) comes as an error event; the connection then just "is closed".
  let reason: Error | undefined;
  redis.on('error', (e: Error) => (reason = e));
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    const message = (reason ?? (e as Error)).message;
    throw new DependencyError(`Redis is not reachable at ${describeRedis(config)} (${message}). ${redisHint(config, message)}`);
  } finally {
    redis.disconnect();
  }
}

/** What to do about it. */
function redisHint(config: RedisSettings, message: string): string {
  if (/WRONGPASS|NOAUTH|NOPERM|invalid password/i.test(message)) return 'Check the user and password in REDIS_URL (redis://user:password@host:port).';
  if (/certificate|self.signed|SSL|TLS/i.test(message)) return 'Check TLS: rediss:// in REDIS_URL, and for a private CA point NODE_EXTRA_CA_CERTS at its PEM file.';
  if (config.REDIS_SENTINELS) return 'Check REDIS_SENTINELS, REDIS_SENTINEL_NAME and that the Sentinels know a master by that name.';
  return `Start it (e.g. 'redis-server --daemonize yes --port 6379' or 'docker compose up -d redis') or set REDIS_URL.`;
}

export async function checkDependencies(config: Config): Promise<void> {
  await checkPostgres(config);
  await checkRedis(config);
}
