// Shared plumbing of the REST mirror (product §7): bearer auth and {success, message} errors.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { User } from './shared/db/generated/client.js';
import { bearerToken } from './auth/identity.js';
import { requireKeyRule, type ApiKeyGrant, type ApiKeyScope, type KeyRule } from './auth/api-keys.js';
import { AppError, ErrorCode, httpStatusOf, isAppError } from './shared/platform/errors.js';
import { unavailableError } from './http/service-unavailable.js';
import { retryAfterOf } from './http/rate-limit-headers.js';
import { ACCOUNT_GONE_MESSAGE, isMissingUserReference } from './shared/db/account-gone.js';
import type { Services } from './context.js';
import type { Logger } from './shared/platform/logger.js';

export interface AuthedRequest extends Request {
  user: User;
  /** The API key it came with (its scopes limit it); null for a session. */
  apiKey: ApiKeyGrant | null;
}

type Handler = (req: AuthedRequest, res: Response) => Promise<unknown>;

/** What every REST router needs besides its own module's services. */
export type RestDeps = Pick<Services, 'credentials' | 'log'>;

/** The upload limits of a router that reads multipart bodies. */
export type RestUploadConfig = Pick<Services['config'], 'UPLOAD_MAX_BYTES' | 'UPLOAD_IDLE_TIMEOUT_MS'>;

export interface AuthedOptions {
  /**
   * What an API key needs for this route (docs/api-keys.md): a scope, any of several, or
   * 'session' (keys refused: the default, so a new route is safe until it says otherwise).
   */
  scope?: ApiKeyScope | KeyRule;
}

/**
 * Wraps a handler: authenticates (401 JSON without a valid token), holds an API key to the
 * route's scope (403 JSON, FORBIDDEN) and turns errors into JSON.
 */
export function authed(deps: RestDeps, handler: Handler): RequestHandler;
export function authed(deps: RestDeps, options: AuthedOptions, handler: Handler): RequestHandler;
export function authed(deps: RestDeps, ...args: [Handler] | [AuthedOptions, Handler]): RequestHandler {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  const scope = options.scope ?? 'session';
  const rule: KeyRule = typeof scope === 'string' && scope !== 'session' && scope !== 'public' ? [scope] : scope;
  return async (req: Request, res: Response, _next: NextFunction) => {
    try {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in to continue');
      const { user, apiKey } = await deps.credentials.authenticate(token);
      requireKeyRule(apiKey, rule);
      Object.assign(req, { user, apiKey });
      await handler(req as AuthedRequest, res);
    } catch (e) {
      sendError(deps.log, res, e);
    }
  };
}

export function sendError(log: Logger, res: Response, e: unknown): void {
  if (res.headersSent) return;
  if (isAppError(e)) {
    const retryAfter = retryAfterOf(e.code, e.extensions);
    if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
    res.status(httpStatusOf[e.code]).json({ success: false, message: e.message, code: e.code });
    return;
  }
  if (isMissingUserReference(e)) {
    res.status(401).json({ success: false, message: ACCOUNT_GONE_MESSAGE, code: ErrorCode.UNAUTHENTICATED });
    return;
  }
  const unavailable = unavailableError(e);
  if (unavailable) {
    log.warn({ err: (e as Error).message }, 'dependency unavailable');
    res.status(503).json({ success: false, message: unavailable.message, code: unavailable.code });
    return;
  }
  log.error({ err: e }, 'REST request failed');
  res.status(500).json({ success: false, message: 'Something went wrong on our side. Please try again.', code: ErrorCode.INTERNAL_SERVER_ERROR });
}
