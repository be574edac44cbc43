// Text AI behind one interface (DESIGN.md §2): an OpenAI-compatible API when
// OPENAI_API_KEY is set, otherwise the embedded offline writer.
import type { Config } from '../../config.js';
import { LocalTextProvider } from './local.js';
import { OpenAITextProvider } from './real.js';
import type { ArticleLength } from './local/article.js';
import type { BlogCategory } from './local/titles.js';

export type TextRequest =
  | { task: 'article'; prompt: string; topic: string; length: ArticleLength }
  | { task: 'titles'; prompt: string; keyword: string; category: BlogCategory }
  | { task: 'resume'; prompt: string; resumeText: string };

export interface TextProvider {
  /** Recorded in each creation's metadata; "local" means the embedded writer. */
  readonly name: string;
  readonly model: string;
  /** The answer as it is produced, chunk by chunk. Throws TransientProviderError for retryable failures. */
  stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string>;
}

export function createTextProvider(config: Config): TextProvider {
  return config.OPENAI_API_KEY ? new OpenAITextProvider(config) : new LocalTextProvider(config.LOCAL_STREAM_DELAY_MS);
}
