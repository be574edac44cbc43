// Sliding-window request limits in Redis (a sorted set of request times per key: Redis's own
// documented sliding-log pattern), shared by every API process and exact at window edges.
// Not rate-limiter-flexible: its Redis limiter counts in fixed windows, which let a client send
// up to twice the limit across a window's edge, and the limits here are counted exactly
// (e.g. tests/community/like-rate-limit.test.ts).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError, ErrorCode } from './shared/platform/errors.js';
import { redisScript } from './shared/platform/redis.js';
import { noteLimit } from './http/rate-limit-headers.js';

const hitScript = redisScript<[number, string]>(new URL('./rate-hit.lua', import.meta.url));

/** A window's state after a request: allowed or not, requests left, and when its oldest request leaves it. */
export interface RateState {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

export async function hit(redis: Redis, key: string, limit: number, windowMs: number): Promise<RateState & { member: string }> {
  const now = Date.now();
  const member = `${now}:${randomUUID()}`;
  const [count, oldest] = await hitScript(redis, key, now, windowMs, member);
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterMs: Math.max(0, Number(oldest ?? now) + windowMs - now), member };
}

/** Whether one more request would be allowed now, without counting one. */
export async function peek(redis: Redis, key: string, limit: number, windowMs: number): Promise<RateState> {
  const now = Date.now();
  const res = await redis
    .multi()
    .zcount(key, now - windowMs, '+inf')
    .zrangebyscore(key, now - windowMs, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
    .exec();
  const count = Number(res?.[0]?.[1] ?? 0);
  const oldest = Number((res?.[1]?.[1] as string[] | undefined)?.[1] ?? now);
  return { allowed: count < limit, remaining: Math.max(0, limit - count), retryAfterMs: Math.max(0, oldest + windowMs - now) };
}

/**
 * Throws RATE_LIMITED past `limit` requests in the last `windowMs` for this key. With
 * `onlyPeek` the request is not counted (a pre-check of a request counted later). The window
 * is noted for the answer's RateLimit-* headers (http/rate-limit-headers.ts). Returns what takes
 * the request out of the window again: a request then refused for another reason (the monthly
 * quota, too many jobs running) does not use up the window (docs/api-v1.md, "Rate-limit headers").
 */
export async function enforceRate(redis: Redis, key: string, limit: number, windowMs: number, what: string, onlyPeek = false): Promise<GiveBack> {
  const state: RateState & { member?: string } = await (onlyPeek ? peek : hit)(redis, key, limit, windowMs);
  const { allowed, remaining, retryAfterMs, member } = state;
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  noteLimit({ limit, remaining, resetSeconds: seconds, windowSeconds: Math.ceil(windowMs / 1000), ...(allowed ? {} : { retryAfterSeconds: seconds }) });
  if (!allowed) {
    throw new AppError(ErrorCode.RATE_LIMITED, `Too many ${what}. Please wait ${seconds} s and try again.`, { retryAfterSeconds: seconds });
  }
  return async () => {
    if (member) await redis.zrem(key, member);
  };
}

/** Takes a counted request out of its window again. */
export type GiveBack = () => Promise<void>;
