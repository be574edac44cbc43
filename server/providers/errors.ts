// How a provider failure is classified: transient ones are retried, the rest fail the
// job at once with a message the UI can show.
import { AppError, ErrorCode } from '../errors.js';

/** A failure worth retrying: timeouts, rate limits, 5xx, dropped connections. */
export class TransientProviderError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'TransientProviderError';
  }
}

export const providerFailure = (message: string) => new AppError(ErrorCode.PROVIDER_UNAVAILABLE, message);

/** Classifies an HTTP status from a provider. */
export function fromStatus(status: number | undefined, service: string, detail?: string): Error {
  if (status === undefined || status === 408 || status === 409 || status === 429 || status >= 500) {
    return new TransientProviderError(`${service} is busy or unreachable${status ? ` (${status})` : ''}`, status);
  }
  if (status === 401 || status === 403) return providerFailure(`${service} refused our credentials; the administrator needs to check its API key`);
  return providerFailure(`${service} could not handle this request (${status})${detail ? `: ${detail.slice(0, 200)}` : ''}`);
}
