// The text provider's shapes, shared by the choice in index.ts and the implementations
// in local.ts and real.ts (which import this file, not index.ts).
import type { EngineInfo, TextEngineOption } from '../../../server/shared/platform/engines.js';

/**
 * What a text tool asks for. Open to any tool: the prompt goes to a real model; the
 * embedded writer answers with the tool's own offline draft (each tool folder holds its
 * offline writer), so no provider file lists the tools.
 */
export interface TextRequest {
  /** What the model is asked: the tool's prompt and its brief (length, form). */
  prompt: string;
  /** The answer's budget on a real model. */
  maxTokens: number;
  /** The embedded writer's answer (deterministic markdown). */
  offline: () => string;
}

export interface TextProvider {
  /** Recorded in each creation's metadata; "local" means the embedded writer. */
  readonly name: string;
  readonly model: string;
  /** What the pages are told about it (docs/engines.md): label, model, placeholder, the options it honours. */
  readonly engine: EngineInfo<TextEngineOption>;
  /** The answer as it is produced, chunk by chunk. Throws TransientProviderError for retryable failures. */
  stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string>;
}
