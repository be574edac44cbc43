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

/**
 * A finished text as a model would stream it: chunks of a few words (chunkText), `delayMs`
 * apart; stops when `signal` aborts. The embedded writer streams the offline writers' drafts
 * with it, and streamOwnText (worker/stream-text.ts) the texts tools make without a model.
 */
export async function* textPieces(text: string, delayMs: number, signal: AbortSignal): AsyncIterable<string> {
  for (const chunk of chunkText(text)) {
    signal.throwIfAborted();
    if (delayMs > 0) await sleep(delayMs, undefined, { signal });
    yield chunk;
  }
}

export class LocalTextProvider implements TextProvider {
  readonly name = 'local';
  readonly model = 'atelier-offline-writer';
  readonly engine = PLACEHOLDER_TEXT_ENGINE;
  constructor(private readonly delayMs: number) {}

  stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string> {
    return textPieces(request.offline(), this.delayMs, signal);
  }
}
