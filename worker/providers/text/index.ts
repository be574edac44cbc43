// Text AI behind one interface (docs/real-services.md): an OpenAI-compatible API when
// OPENAI_API_KEY is set, otherwise the embedded offline writer.
import type { Config } from '../../../server/shared/platform/config.js';
import { LocalTextProvider } from './local.js';
import { OpenAITextProvider } from './real.js';
import type { TextProvider } from './types.js';

export type { TextProvider, TextRequest } from './types.js';

/** Async: finding a self-hosted engine on its default address is a network probe (docs/engines.md). */
export async function createTextProvider(config: Config): Promise<TextProvider> {
  return config.OPENAI_API_KEY ? new OpenAITextProvider(config) : new LocalTextProvider(config.LOCAL_STREAM_DELAY_MS);
}
