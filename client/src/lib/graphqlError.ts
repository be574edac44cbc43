import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/** Codes of docs/jobs-and-events.md, carried in `errors[0].extensions.code`. */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'PREMIUM_REQUIRED'
  | 'ACCOUNT_SUSPENDED'
  | 'QUOTA_EXCEEDED'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PROVIDER_UNAVAILABLE'
  | 'NOT_FOUND';

export interface AppErrorInfo {
  code: ErrorCode | null;
  message: string;
  /** The input field the server blamed, when it named one. */
  field: string | null;
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

interface FormattedError {
  message?: unknown;
  extensions?: Record<string, unknown>;
}

function fromFormatted(e: FormattedError | undefined): AppErrorInfo | null {
  if (!e) return null;
  const ext = e.extensions ?? {};
  return {
    code: typeof ext.code === 'string' ? (ext.code as ErrorCode) : null,
    message: typeof e.message === 'string' && e.message ? e.message : FALLBACK_MESSAGE,
    field: typeof ext.field === 'string' ? ext.field : null,
  };
}

/** Turns whatever Apollo threw into a code the UI can act on and a message a person can read. */
export function toAppError(error: unknown): AppErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const info = fromFormatted(error.errors[0]);
    if (info) return info;
  }
  if (ServerError.is(error)) {
    // A plain application/json error body still carries the GraphQL errors.
    try {
      const body = JSON.parse(error.bodyText) as { errors?: FormattedError[] };
      const info = fromFormatted(body.errors?.[0]);
      if (info) return info;
    } catch {
      // not JSON: fall through to the status code
    }
    if (error.statusCode === 401) return { code: 'UNAUTHENTICATED', message: 'Please sign in to continue', field: null };
    return { code: null, message: `The server answered ${error.statusCode}. Please try again.`, field: null };
  }
  if (error instanceof TypeError) {
    return { code: null, message: 'Cannot reach the server. Check your connection and try again.', field: null };
  }
  if (error instanceof Error && error.message) return { code: null, message: error.message, field: null };
  return { code: null, message: FALLBACK_MESSAGE, field: null };
}
