// The text provider's shapes, shared by the choice in index.ts and the implementations
// in local.ts and real.ts (which import this file, not index.ts).
import type { ArticleLength, BlogCategory } from '../../domain.js';

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
