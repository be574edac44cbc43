// Any OpenAI-compatible chat API (OpenAI, Gemini's OpenAI endpoint, Ollama, vLLM…),
// streamed through the official SDK.
import OpenAI from 'openai';
import type { Config } from '../../config.js';
import { fromStatus, TransientProviderError } from '../errors.js';
import type { TextProvider, TextRequest } from './types.js';

const SYSTEM = 'You are the writing assistant of Atelier, an AI content studio. Answer in Markdown.';

export class OpenAITextProvider implements TextProvider {
  readonly name = 'openai';
  readonly model: string;
  private readonly client: OpenAI;

  constructor(config: Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'TEXT_MODEL'>) {
    this.model = config.TEXT_MODEL;
    // Retries are ours (with jitter, across the whole stream), so the SDK's are off.
    this.client = new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0, timeout: 60_000 });
  }

  async *stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string> {
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.model,
          stream: true,
          temperature: 0.7,
          max_tokens: request.maxTokens,
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: request.prompt },
          ],
        },
        { signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) yield delta;
      }
    } catch (e) {
      if (signal.aborted) throw e;
      if (e instanceof OpenAI.APIConnectionError) throw new TransientProviderError('The AI service did not answer in time');
      if (e instanceof OpenAI.APIError) throw fromStatus(e.status, 'The AI service', e.message);
      throw e;
    }
  }
}
