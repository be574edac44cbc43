// Streams a text provider's answer into the job's events; a transient failure (a dropped
// stream too) restarts it. The reporter sends only text the subscribers do not have yet, and
// where a new attempt writes something else it tells them to replace their text from where
// the two part, so what a subscriber assembles is always the text that is saved.
import type { TextProvider, TextRequest } from './providers/text/index.js';
import type { ToolRun } from './tools/processor.js';
import { AppError, ErrorCode } from '../server/shared/platform/errors.js';
import { withProviderRetry } from './retry.js';

/** Returns the whole text; `fractionOf` says how far through the answer the text so far is (0–1). */
export function streamText(run: ToolRun<unknown, TextProvider>, request: TextRequest, fractionOf: (text: string) => number): Promise<string> {
  return withProviderRetry(run, async () => {
    let text = '';
    for await (const chunk of run.provider.stream(request, run.signal)) {
      text += chunk;
      await run.report.streamed(text, run.percentAt(fractionOf(text)));
    }
    if (!text.trim()) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The AI service returned an empty answer. Please try again.');
    await run.report.settle(text);
    return text;
  });
}

/**
 * What every text creation records about its writer (docs/engines.md): the engine's id, the
 * label the pages show (Creation.madeBy), the model, and whether it is the template writer.
 */
export function textMetadata(provider: TextProvider): { provider: string; engine: string; model: string; placeholder: boolean } {
  const { engine } = provider;
  return { provider: engine.name, engine: engine.label, model: engine.model ?? provider.model, placeholder: engine.placeholder };
}
