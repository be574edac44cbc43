// A dependency that is down (Postgres, Redis, or the identity service) is not the client's fault and not our bug:
// every transport answers SERVICE_UNAVAILABLE (HTTP 503, WebSocket 1013) so clients retry.
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../shared/db/unavailable.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import { isRedisUnavailable } from '../shared/platform/redis.js';

export const REDIS_UNAVAILABLE_MESSAGE = 'Our job and event service is unavailable right now. Please try again in a moment.';

/** The SERVICE_UNAVAILABLE error to answer for `error`, or null when it is something else. */
export function unavailableError(error: unknown): AppError | null {
  // Already classified where it happened (e.g. Clerk unreachable while a token is checked).
  if (error instanceof AppError && error.code === ErrorCode.SERVICE_UNAVAILABLE) return error;
  if (isDatabaseUnavailable(error)) return new AppError(ErrorCode.SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE);
  if (isRedisUnavailable(error)) return new AppError(ErrorCode.SERVICE_UNAVAILABLE, REDIS_UNAVAILABLE_MESSAGE);
  return null;
}
