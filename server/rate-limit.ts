// Sliding-window request limits in Redis (a sorted set of request times per key),
// shared by every API process and exact at window edges.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError, ErrorCode } from './errors.js';

export async function hit(redis: Redis, key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }> {
  const now = Date.now();
  const res = await redis
    .multi()
    .zremrangebyscore(key, 0, now - windowMs)
    .zadd(key, now, `${now}:${randomUUID()}`)
    .zcard(key)
    .zrange(key, 0, 0, 'WITHSCORES')
    .pexpire(key, windowMs)
    .exec();
  const count = Number(res?.[2]?.[1] ?? 0);
  const oldest = Number((res?.[3]?.[1] as string[] | undefined)?.[1] ?? now);
  return { allowed: count <= limit, retryAfterMs: Math.max(0, oldest + windowMs - now) };
}

/** Throws RATE_LIMITED past `limit` requests in the last `windowMs` for this key. */
export async function enforceRate(redis: Redis, key: string, limit: number, windowMs: number, what: string): Promise<void> {
  const { allowed, retryAfterMs } = await hit(redis, key, limit, windowMs);
  if (!allowed) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError(ErrorCode.RATE_LIMITED, `Too many ${what}. Please wait ${seconds} s and try again.`, { retryAfterSeconds: seconds });
  }
}
