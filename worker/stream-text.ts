// Streams a text provider's answer, or a text a tool made itself (streamOwnText), into the
// job's events; a provider's transient failure (a dropped stream too) restarts it. The
// reporter sends only text the subscribers do not have yet, and where a new attempt writes
// something else it tells them to replace their text from where the two part, so what a
// subscriber assembles is always the text that is saved.
import type { TextProvider, TextRequest } from './providers/text/index.js';
import type { ToolRun } from './tools/processor.js';
import { AppError, ErrorCode } from '../server/shared/platform/errors.js';
import { textPieces } from './providers/text/local.js';
import { withProviderRetry } from './retry.js';

/** Returns the whole text; `fractionOf` says how far through the answer the text so far is (0–1). */
export function streamText(run: ToolRun<unknown, TextProvider>, request: TextRequest, fractionOf: (text: string) => number): Promise<string> {
  return withProviderRetry(run, async () => {
    const text = await reportPieces(run, run.provider.stream(request, run.signal), fractionOf);
    if (!text.trim()) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The AI service returned an empty answer. Please try again.');
    await run.report.settle(text);
    return text;
  });
}

/**
 * Streams a text the tool made itself, with no text model (a template, a computation), as the
 * embedded writer streams the offline writers' drafts: in pieces of a few words,
 * LOCAL_STREAM_DELAY_MS apart (textPieces), each reported with the percent of PROCESSING its
 * length has reached; then settles it and returns it. Call it inside PROCESSING
 * (docs/adding-a-tool.md, "Streaming a text without a model").
 */
export async function streamOwnText(run: ToolRun<unknown, unknown>, text: string): Promise<string> {
  const pieces = textPieces(text, run.services.config.LOCAL_STREAM_DELAY_MS, run.signal);
  await reportPieces(run, pieces, (sent) => sent.length / Math.max(1, text.length));
  await run.report.settle(text);
  return text;
}

/** Reports the text so far after each piece (only what is new goes out); returns the whole text. */
async function reportPieces(run: ToolRun<unknown, unknown>, pieces: AsyncIterable<string>, fractionOf: (text: string) => number): Promise<string> {
  let text = '';
  for await (const piece of pieces) {
    text += piece;
    await run.report.streamed(text, run.percentAt(fractionOf(text)));
  }
  return text;
}

/**
 * What every text creation records about its writer (docs/engines.md): the engine's id, the
 * label the pages show (Creation.madeBy), the model, and whether it is the template writer.
 */
export function textMetadata(provider: TextProvider): { provider: string; engine: string; model: string; placeholder: boolean } {
  const { engine } = provider;
  return { provider: engine.name, engine: engine.label, model: engine.model ?? provider.model, placeholder: engine.placeholder };
}
