// Streams a text provider's answer into the job's events; a transient failure restarts
// the stream (the reporter sends only text the subscribers do not have yet).
import type { TextRequest } from '../server/providers/text/index.js';
import { AppError, ErrorCode } from '../server/errors.js';
import type { ToolRun } from './pipeline.js';
import { withProviderRetry } from './retry.js';

/** Returns the whole text; `percentOf` maps the text so far to the job's percent. */
export function streamText(run: ToolRun<unknown>, request: TextRequest, percentOf: (text: string) => number): Promise<string> {
  return withProviderRetry(run, async () => {
    let text = '';
    for await (const chunk of run.services.text.stream(request, run.signal)) {
      text += chunk;
      await run.report.streamed(text, percentOf(text));
    }
    if (!text.trim()) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The AI service returned an empty answer. Please try again.');
    return text;
  });
}
