// Before start-up: are Postgres and Redis there? If not, one clear line says which,
// where we looked and how to start it (docs/real-services.md).
import { Redis } from 'ioredis';
import { describeUrl, type Config } from './config.js';
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

export async function checkRedis(config: Pick<Config, 'REDIS_URL'>): Promise<void> {
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    throw new DependencyError(
      `Redis is not reachable at ${describeUrl(config.REDIS_URL)} (${(e as Error).message}). ` +
        `Start it (e.g. 'redis-server --daemonize yes --port 6379' or 'docker compose up -d redis') or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
}

export async function checkDependencies(config: Config): Promise<void> {
  await checkPostgres(config);
  await checkRedis(config);
}
