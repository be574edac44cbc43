// The embedded offline writer: deterministic markdown, streamed in small chunks so it
// reads like a model writing.
import { setTimeout as sleep } from 'node:timers/promises';
import { PLACEHOLDER_TEXT_ENGINE } from '../../../server/shared/platform/engines.js';
import type { TextProvider, TextRequest } from './types.js';

/** Splits text into chunks of a few words, keeping every character. */
export function chunkText(text: string, wordsPerChunk = 6): string[] {
  const parts = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += wordsPerChunk) chunks.push(parts.slice(i, i + wordsPerChunk).join(''));
  return chunks;
}

export class LocalTextProvider implements TextProvider {
  readonly name = 'local';
  readonly model = 'atelier-offline-writer';
  readonly engine = PLACEHOLDER_TEXT_ENGINE;
  constructor(private readonly delayMs: number) {}

  async *stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string> {
    for (const chunk of chunkText(request.offline())) {
      signal.throwIfAborted();
      if (this.delayMs > 0) await sleep(this.delayMs, undefined, { signal });
      yield chunk;
    }
  }
}
