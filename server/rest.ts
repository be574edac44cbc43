// Shared plumbing of the REST mirror (spec §7): bearer auth and {success, message} errors.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { User } from './db/generated/client.js';
import { bearerToken } from './auth/identity.js';
import { AppError, ErrorCode, httpStatusOf, isAppError } from './errors.js';
import { unavailableError } from './unavailable.js';
import { ACCOUNT_GONE_MESSAGE, isMissingUserReference } from './db/account-gone.js';
import type { App } from './modules/index.js';

export interface AuthedRequest extends Request {
  user: User;
}

type Handler = (req: AuthedRequest, res: Response) => Promise<unknown>;

/** Wraps a handler: authenticates (401 JSON without a valid token) and turns errors into JSON. */
export function authed(app: App, handler: Handler): RequestHandler {
  return async (req: Request, res: Response, _next: NextFunction) => {
    try {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in to continue');
      (req as AuthedRequest).user = await app.services.identity.authenticate(token);
      await handler(req as AuthedRequest, res);
    } catch (e) {
      sendError(app, res, e);
    }
  };
}

export function sendError(app: App, res: Response, e: unknown): void {
  if (res.headersSent) return;
  if (isAppError(e)) {
    res.status(httpStatusOf[e.code]).json({ success: false, message: e.message, code: e.code });
    return;
  }
  if (isMissingUserReference(e)) {
    res.status(401).json({ success: false, message: ACCOUNT_GONE_MESSAGE, code: ErrorCode.UNAUTHENTICATED });
    return;
  }
  const unavailable = unavailableError(e);
  if (unavailable) {
    app.services.log.warn({ err: (e as Error).message }, 'dependency unavailable');
    res.status(503).json({ success: false, message: unavailable.message, code: unavailable.code });
    return;
  }
  app.services.log.error({ err: e }, 'REST request failed');
  res.status(500).json({ success: false, message: 'Something went wrong on our side. Please try again.', code: ErrorCode.INTERNAL_SERVER_ERROR });
}
