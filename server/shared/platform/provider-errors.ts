// How a provider failure is classified: transient ones are retried, the rest fail the
// job at once with a message the UI can show.
import { AppError, ErrorCode } from './errors.js';

/** A failure worth retrying: timeouts, rate limits, 5xx, dropped connections. */
export class TransientProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** How long the service asked us to wait (its Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'TransientProviderError';
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined> | null | undefined;

function header(headers: HeaderBag, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const v = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The wait a 429/503 asks for, in ms: `retry-after-ms` (OpenAI's), else `Retry-After` as
 * seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable.
 */
export function retryAfterOf(headers: HeaderBag, nowMs = Date.now()): number | undefined {
  const ms = Number(header(headers, 'retry-after-ms'));
  if (header(headers, 'retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = header(headers, 'retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

export const providerFailure = (message: string) => new AppError(ErrorCode.PROVIDER_UNAVAILABLE, message);

/** Classifies an HTTP status from a provider. */
export function fromStatus(status: number | undefined, service: string, detail?: string, retryAfterMs?: number): Error {
  if (status === undefined || status === 408 || status === 409 || status === 429 || status >= 500) {
    return new TransientProviderError(`${service} is busy or unreachable${status ? ` (${status})` : ''}`, status, retryAfterMs);
  }
  if (status === 401 || status === 403) return providerFailure(`${service} refused our credentials; the administrator needs to check its API key`);
  return providerFailure(`${service} could not handle this request (${status})${detail ? `: ${detail.slice(0, 200)}` : ''}`);
}
