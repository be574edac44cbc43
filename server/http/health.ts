import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Db } from '../shared/db/prisma.js';
import { READINESS_TIMEOUT_MS } from '../shared/platform/constants.js';
import { ErrorCode } from '../shared/platform/errors.js';

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);
}

/**
 * /healthz: the process is up (until it exits, draining included). /readyz: Postgres and Redis
 * answer, and the process is not draining: from SIGTERM on it answers 503 `draining`, so a
 * balancer stops sending it new work (docs/deployment.md#rolling-deploys-and-drain).
 */
export function healthRoutes(db: Db, redis: Redis, drain: { readonly draining: boolean }): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    if (drain.draining) {
      res.status(503).json({ status: 'draining', code: ErrorCode.SERVICE_UNAVAILABLE });
      return;
    }
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
