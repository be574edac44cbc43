// Rate-limit headers on every limited answer (docs/api-v1.md, "Rate-limit headers"), whatever deep
// service counted the request: an early middleware gives each HTTP request a store
// (AsyncLocalStorage), every enforceRate() call records its window there (server/rate-limit.ts),
// and the answer carries the most restrictive one as the IETF draft's fields
// (draft-ietf-httpapi-ratelimit-headers-06, the spelling most clients and gateways read):
//
//   RateLimit-Limit: 20          requests the window allows
//   RateLimit-Remaining: 17      left in it now
//   RateLimit-Reset: 42          seconds until the window's oldest request leaves it (a slot frees)
//   RateLimit-Policy: 20;w=60    the limit and its window in seconds
//
// and Retry-After (seconds) when a limit refused the request, also on GraphQL's answers, which
// keep their status (errors travel in the body). WebSocket operations have no store: nothing is
// recorded. docs/api-v1.md describes the headers.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** One limit as a request met it. */
export interface LimitSeen {
  limit: number;
  remaining: number;
  /** Seconds until a slot frees in the window. */
  resetSeconds: number;
  windowSeconds: number;
  /** Set when this limit refused the request. */
  retryAfterSeconds?: number;
}

interface RequestLimits {
  seen: LimitSeen | null;
  retryAfterSeconds: number | null;
}

const requests = new AsyncLocalStorage<RequestLimits>();

/** The headers this module writes (CORS exposes them to other origins' scripts). */
export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'Retry-After'] as const;

/** Fewer requests left is more restrictive; at a tie, the later reset. */
const moreRestrictive = (a: LimitSeen, b: LimitSeen) => a.remaining < b.remaining || (a.remaining === b.remaining && a.resetSeconds > b.resetSeconds);

/** Records a limit the current request met (a no-op outside an HTTP request). */
export function noteLimit(seen: LimitSeen): void {
  const store = requests.getStore();
  if (!store) return;
  if (!store.seen || moreRestrictive(seen, store.seen)) store.seen = seen;
  if (seen.retryAfterSeconds !== undefined) store.retryAfterSeconds = Math.max(store.retryAfterSeconds ?? 0, seen.retryAfterSeconds);
}

/** The current request's limits as headers, set just before its head is written. */
function writeLimits(res: ServerResponse, store: RequestLimits): void {
  const { seen, retryAfterSeconds } = store;
  if (seen && !res.hasHeader('RateLimit-Limit')) {
    res.setHeader('RateLimit-Limit', String(seen.limit));
    res.setHeader('RateLimit-Remaining', String(seen.remaining));
    res.setHeader('RateLimit-Reset', String(seen.resetSeconds));
    res.setHeader('RateLimit-Policy', `${seen.limit};w=${seen.windowSeconds}`);
  }
  if (retryAfterSeconds !== null && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(retryAfterSeconds));
}

/**
 * Gives the request its store and writes the headers when the answer's head goes out: Node
 * calls writeHead for every answer (res.end and res.write call it when nobody did), so
 * wrapping it on this response catches Express, Apollo and streamed answers alike.
 */
export function rateLimitHeaders(): RequestHandler {
  return (_req, res, next) => {
    const store: RequestLimits = { seen: null, retryAfterSeconds: null };
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      writeLimits(this, store);
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    requests.run(store, next);
  };
}

/** How long a client refused for running too many jobs at once is asked to wait (a job ends or is cancelled meanwhile). */
export const BUSY_RETRY_SECONDS = 5;

/**
 * The Retry-After of a refusal: a rate limit's own wait, the start of next month (UTC) for a
 * spent monthly quota, a short wait when too many jobs are running; null for other errors.
 */
export function retryAfterOf(code: unknown, extensions: Readonly<Record<string, unknown>> | undefined, now = new Date()): number | null {
  if (code !== 'RATE_LIMITED' && code !== 'QUOTA_EXCEEDED') return null;
  const given = extensions?.retryAfterSeconds;
  if (typeof given === 'number' && Number.isFinite(given)) return Math.max(1, Math.ceil(given));
  if (code === 'QUOTA_EXCEEDED') return Math.max(1, Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000));
  return BUSY_RETRY_SECONDS;
}
