import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Db } from '../shared/db/prisma.js';
import { READINESS_TIMEOUT_MS } from '../shared/platform/constants.js';
import { ErrorCode } from '../shared/platform/errors.js';

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);
}

/** /healthz: the process is up. /readyz: Postgres and Redis answer. */
export function healthRoutes(db: Db, redis: Redis): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    const [postgres, redisState] = await Promise.all([
      within(db.$queryRaw`SELECT 1`, READINESS_TIMEOUT_MS).then(
        () => 'ok',
        (e: Error) => `down: ${e.message}`,
      ),
      within(redis.ping(), READINESS_TIMEOUT_MS).then(
        () => 'ok',
        (e: Error) => `down: ${e.message}`,
      ),
    ]);
    const ready = postgres === 'ok' && redisState === 'ok';
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', postgres, redis: redisState, ...(ready ? {} : { code: ErrorCode.SERVICE_UNAVAILABLE }) });
  });
  return r;
}
