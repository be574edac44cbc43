import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

export const IMAGE_FALLBACK_ERROR = 'Failed to generate image. Please try again.';

function serverMessage(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) {
    const message = error.errors[0]?.message;
    return typeof message === 'string' && message ? message : null;
  }
  if (ServerError.is(error)) {
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { message?: unknown }[]; message?: unknown };
      const message = body.errors?.[0]?.message ?? body.message;
      return typeof message === 'string' && message ? message : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Spec §8: the server's message first, then the error's own message, then a fixed fallback. */
export function imageErrorMessage(error: unknown): string {
  return serverMessage(error) ?? (error instanceof Error && error.message ? error.message : IMAGE_FALLBACK_ERROR);
}
