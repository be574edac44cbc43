// The jobs API's errors as RFC 9457 problem details (application/problem+json): `type`,
// `title`, `status`, `detail`, and `code`, the same code GraphQL puts in extensions.code, with
// `field` when one input field is at fault. Refusals for too many requests carry Retry-After.
import type { ErrorRequestHandler, Response } from 'express';
import { AppError, ErrorCode, httpStatusOf, isAppError } from '../shared/platform/errors.js';
import { ACCOUNT_GONE_MESSAGE, isMissingUserReference } from '../shared/db/account-gone.js';
import { unavailableError } from '../http/service-unavailable.js';
import { retryAfterOf } from '../http/rate-limit-headers.js';
import type { Logger } from '../shared/platform/logger.js';

export const PROBLEM_TYPE = 'application/problem+json';

export const TITLES: Record<ErrorCode, string> = {
  UNAUTHENTICATED: 'Unauthenticated',
  FORBIDDEN: 'Forbidden',
  BAD_USER_INPUT: 'Invalid request',
  PREMIUM_REQUIRED: 'Premium required',
  ACCOUNT_SUSPENDED: 'Account suspended',
  QUOTA_EXCEEDED: 'Quota exceeded',
  RATE_LIMITED: 'Too many requests',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  PROVIDER_UNAVAILABLE: 'Provider unavailable',
  NOT_FOUND: 'Not found',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  INTERNAL_SERVER_ERROR: 'Internal server error',
};

/** A problem's `type`: one URI per code, stable (a URN: nothing to fetch). */
export const problemType = (code: ErrorCode) => `urn:atelier:problem:${code.toLowerCase().replaceAll('_', '-')}`;

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  field?: string;
  [extra: string]: unknown;
}

/** Extensions of an AppError worth passing on (the field, a scope, a limit), never internals. */
const PASSED_ON = ['field', 'scope', 'limit', 'maxPixels'] as const;

/** Writes one problem; `status` defaults to the code's (e.g. 409 or 422 for idempotency conflicts). */
export function sendProblem(res: Response, code: ErrorCode, detail: string, extra: Record<string, unknown> = {}, status = httpStatusOf[code]): void {
  if (res.headersSent) return;
  const body: Problem = { type: problemType(code), title: TITLES[code], status, detail, code, ...extra };
  const retryAfter = retryAfterOf(code, {});
  if (retryAfter !== null && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(retryAfter));
  if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="atelier"');
  res.status(status).type(PROBLEM_TYPE).send(JSON.stringify(body));
}

/** Any error as a problem: ours as they are, a dependency that is down as 503, the rest as 500 (logged). */
export function sendErrorProblem(log: Logger, res: Response, e: unknown): void {
  if (res.headersSent) return;
  if (isAppError(e)) {
    const extra = Object.fromEntries(PASSED_ON.filter((k) => e.extensions[k] !== undefined).map((k) => [k, e.extensions[k]]));
    const status = typeof e.extensions.status === 'number' ? e.extensions.status : httpStatusOf[e.code];
    const retryAfter = retryAfterOf(e.code, e.extensions);
    if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
    sendProblem(res, e.code, e.message, extra, status);
    return;
  }
  if (isMissingUserReference(e)) {
    sendProblem(res, ErrorCode.UNAUTHENTICATED, ACCOUNT_GONE_MESSAGE);
    return;
  }
  const unavailable = unavailableError(e);
  if (unavailable) {
    log.warn({ err: (e as Error).message }, 'dependency unavailable');
    sendProblem(res, unavailable.code, unavailable.message);
    return;
  }
  log.error({ err: e }, 'jobs API request failed');
  sendProblem(res, ErrorCode.INTERNAL_SERVER_ERROR, 'Something went wrong on our side. Please try again.');
}

/** An AppError answered with another status than its code's (409, 422). */
export const withStatus = (code: ErrorCode, message: string, status: number, extra: Record<string, unknown> = {}) => new AppError(code, message, { ...extra, status });

/**
 * Errors raised before a route answers — body-parser's (a body too large, not JSON, another
 * charset) and anything a middleware throws — as problems, for /api/v1 only.
 */
export function problemErrors(log: Logger, bodyLimit: string): ErrorRequestHandler {
  return (err: { type?: string; status?: number; statusCode?: number; message?: string }, _req, res, next) => {
    if (res.headersSent) return next(err);
    if (isAppError(err)) return sendErrorProblem(log, res, err);
    const status = err.status ?? err.statusCode ?? 500;
    if (err.type === 'entity.too.large' || status === 413) return sendProblem(res, ErrorCode.PAYLOAD_TOO_LARGE, `The request body is too large: at most ${bodyLimit}`);
    if (err.type === 'entity.parse.failed') return sendProblem(res, ErrorCode.BAD_USER_INPUT, 'The request body is not valid JSON');
    if (err.type === 'encoding.unsupported' || err.type === 'charset.unsupported' || status === 415) {
      return sendProblem(res, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the body as UTF-8 JSON or multipart/form-data');
    }
    if (status >= 400 && status < 500) return sendProblem(res, ErrorCode.BAD_USER_INPUT, err.message ?? 'Bad request', {}, status);
    return sendErrorProblem(log, res, err);
  };
}
