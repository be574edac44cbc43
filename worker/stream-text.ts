// Streams a text provider's answer into the job's events, retrying transient failures
// with exponential backoff and jitter; any other failure ends the job at once.
import pRetry from 'p-retry';
import { PROVIDER_RETRIES, PROVIDER_RETRY_BASE_MS, PROVIDER_RETRY_MAX_MS } from '../server/constants.js';
import { TransientProviderError } from '../server/providers/errors.js';
import type { TextRequest } from '../server/providers/text/index.js';
import { AppError, ErrorCode } from '../server/errors.js';
import type { ToolRun } from './pipeline.js';

export interface RetryTiming {
  retries: number;
  minTimeout: number;
  maxTimeout: number;
}

export const defaultRetryTiming: RetryTiming = { retries: PROVIDER_RETRIES, minTimeout: PROVIDER_RETRY_BASE_MS, maxTimeout: PROVIDER_RETRY_MAX_MS };

/** Returns the whole text; `percentOf` maps the text so far to the job's percent. */
export async function streamText(run: ToolRun<unknown>, request: TextRequest, percentOf: (text: string) => number, timing = defaultRetryTiming): Promise<string> {
  const { report, signal, services } = run;
  try {
    return await pRetry(
      async () => {
        let text = '';
        for await (const chunk of services.text.stream(request, signal)) {
          text += chunk;
          await report.streamed(text, percentOf(text));
        }
        if (!text.trim()) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The AI service returned an empty answer. Please try again.');
        return text;
      },
      {
        ...timing,
        factor: 2,
        randomize: true,
        signal,
        shouldRetry: ({ error }) => error instanceof TransientProviderError,
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          if (error instanceof TransientProviderError && retriesLeft > 0) {
            services.log.warn({ jobId: report.jobId, attempt: attemptNumber, err: error.message }, 'transient provider error; retrying');
            await report.note(`${error.message}; retrying (attempt ${attemptNumber + 1} of ${timing.retries + 1})…`);
          }
        },
      },
    );
  } catch (e) {
    if (e instanceof TransientProviderError) {
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `${e.message}. We tried ${timing.retries + 1} times; please try again later.`);
    }
    throw e;
  }
}
