// Text AI behind one interface (docs/engines.md, docs/real-services.md): an OpenAI-compatible
// API when OPENAI_API_KEY or OPENAI_BASE_URL is set, else Ollama (OLLAMA_URL, or found on its
// default address), otherwise the template writer.
import type { Config } from '../../../server/shared/platform/config.js';
import type { Logger } from '../../../server/shared/platform/logger.js';
import { LocalTextProvider } from './local.js';
import { findOllama } from './ollama.js';
import { OpenAITextProvider, openAISettings } from './real.js';
import type { TextProvider } from './types.js';

export type { TextProvider, TextRequest } from './types.js';

/** Async: finding a self-hosted engine on its default address is a network probe (docs/engines.md). */
export async function createTextProvider(config: Config, log: Pick<Logger, 'warn'>): Promise<TextProvider> {
  if (config.OPENAI_API_KEY || config.OPENAI_BASE_URL) return new OpenAITextProvider(openAISettings(config));
  return (await findOllama(config, log)) ?? new LocalTextProvider(config.LOCAL_STREAM_DELAY_MS);
}
