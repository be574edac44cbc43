// Provider calls retry transient failures (timeouts, 429, 5xx, dropped streams) with
// exponential backoff and full jitter, waiting at least what the service asked for in its
// Retry-After (capped), and announcing each retry on the job; any other failure ends the
// job at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { PROVIDER_RETRIES, PROVIDER_RETRY_AFTER_MAX_MS, PROVIDER_RETRY_BASE_MS, PROVIDER_RETRY_MAX_MS } from '../server/shared/platform/constants.js';
import { AppError, ErrorCode } from '../server/shared/platform/errors.js';
import { TransientProviderError } from '../server/shared/platform/provider-errors.js';
import type { ToolRun } from './tools/processor.js';

export interface RetryTiming {
  retries: number;
  minTimeout: number;
  maxTimeout: number;
  /** Cap on a service's Retry-After. */
  maxRetryAfter: number;
}

export const defaultRetryTiming: RetryTiming = {
  retries: PROVIDER_RETRIES,
  minTimeout: PROVIDER_RETRY_BASE_MS,
  maxTimeout: PROVIDER_RETRY_MAX_MS,
  maxRetryAfter: PROVIDER_RETRY_AFTER_MAX_MS,
};

/** The wait before retry number `attempt` (1-based): jittered backoff, or the service's Retry-After when longer (capped). */
export function retryDelay(attempt: number, error: TransientProviderError, timing: RetryTiming, random = Math.random): number {
  const backoff = Math.min(timing.maxTimeout, timing.minTimeout * 2 ** (attempt - 1) * (1 + random()));
  const asked = error.retryAfterMs === undefined ? 0 : Math.min(error.retryAfterMs, timing.maxRetryAfter);
  return Math.round(Math.max(backoff, asked));
}

export async function withProviderRetry<T>(run: ToolRun<unknown, unknown>, work: () => Promise<T>, timing = defaultRetryTiming): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      run.signal.throwIfAborted();
      return await work();
    } catch (error) {
      if (!(error instanceof TransientProviderError) || run.signal.aborted) throw error;
      if (attempt > timing.retries) {
        throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `${error.message}. We tried ${timing.retries + 1} times; please try again later.`);
      }
      const wait = retryDelay(attempt, error, timing);
      run.services.log.warn({ jobId: run.report.jobId, attempt, waitMs: wait, status: error.status, err: error.message }, 'transient provider error; retrying');
      const when = wait >= 2000 ? ` in ${Math.round(wait / 1000)} s` : '';
      await run.report.note(`${error.message}; retrying${when} (attempt ${attempt + 1} of ${timing.retries + 1})…`);
      await sleep(wait, undefined, { signal: run.signal });
    }
  }
}
