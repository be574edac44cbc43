import { GraphQLError } from 'graphql';

/** Error codes of docs/jobs-and-events.md; they travel in `extensions.code`. */
export const ErrorCode = {
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  PREMIUM_REQUIRED: 'PREMIUM_REQUIRED',
  /** A moderator suspended the account: it may not publish, like, report or start jobs (docs/moderation.md). */
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  NOT_FOUND: 'NOT_FOUND',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  PREMIUM_REQUIRED: 403,
  ACCOUNT_SUSPENDED: 403,
  QUOTA_EXCEEDED: 429,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PROVIDER_UNAVAILABLE: 503,
  NOT_FOUND: 404,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** An expected failure: a code the client can act on and a message a person can read. */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
    this.code = code;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
