// Provider calls retry transient failures (timeouts, 429, 5xx) with exponential backoff
// and jitter, announcing each retry on the job; any other failure ends the job at once.
import pRetry from 'p-retry';
import { PROVIDER_RETRIES, PROVIDER_RETRY_BASE_MS, PROVIDER_RETRY_MAX_MS } from '../server/constants.js';
import { AppError, ErrorCode } from '../server/errors.js';
import { TransientProviderError } from '../server/providers/errors.js';
import type { ToolRun } from '../server/tools/tool.js';

export interface RetryTiming {
  retries: number;
  minTimeout: number;
  maxTimeout: number;
}

export const defaultRetryTiming: RetryTiming = { retries: PROVIDER_RETRIES, minTimeout: PROVIDER_RETRY_BASE_MS, maxTimeout: PROVIDER_RETRY_MAX_MS };

export async function withProviderRetry<T>(run: ToolRun<unknown, unknown>, work: () => Promise<T>, timing = defaultRetryTiming): Promise<T> {
  try {
    return await pRetry(work, {
      ...timing,
      factor: 2,
      randomize: true,
      signal: run.signal,
      shouldRetry: ({ error }) => error instanceof TransientProviderError,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        if (error instanceof TransientProviderError && retriesLeft > 0) {
          run.services.log.warn({ jobId: run.report.jobId, attempt: attemptNumber, err: error.message }, 'transient provider error; retrying');
          await run.report.note(`${error.message}; retrying (attempt ${attemptNumber + 1} of ${timing.retries + 1})…`);
        }
      },
    });
  } catch (e) {
    if (e instanceof TransientProviderError) {
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `${e.message}. We tried ${timing.retries + 1} times; please try again later.`);
    }
    throw e;
  }
}
