// Tells "Postgres is down or restarting" apart from every other database error, so the
// API can answer 503 SERVICE_UNAVAILABLE (try again) instead of 500 (our bug).

/** Prisma: can't reach, timed out, server closed the connection, no pooled connection in time. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** @prisma/adapter-pg's names for connection failures. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/**
 * What node-postgres and Prisma say when the server vanishes mid-query. Bare socket
 * codes (ECONNREFUSED…) are not enough: a provider's network error must stay a job
 * failure, not pass for a database outage.
 */
const MESSAGES =
  /Connection terminated unexpectedly|Can't reach database server|Server has closed the connection|Timed out fetching a new connection from the connection pool|Client has encountered a connection error and is not queryable/;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a moment.';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const e = error as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; originalError?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof e.code === 'string' && PRISMA_CODES.has(e.code)) return true;
  // Postgres itself: connection exceptions (08xxx) and shutting down / starting up (57P01-57P03).
  if (typeof e.code === 'string' && /^(08...|57P0[1-3])$/.test(e.code)) return true;
  if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  return [e.cause, e.originalError, e.meta?.driverAdapterError].some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
