// Any OpenAI-compatible chat API (OpenAI, Gemini's OpenAI endpoint, Ollama, vLLM…),
// streamed through the official SDK.
import OpenAI from 'openai';
import type { Config } from '../../../server/shared/platform/config.js';
import { fromStatus, retryAfterOf, TransientProviderError } from '../../../server/shared/platform/provider-errors.js';
import { TextEngineOption, type EngineInfo } from '../../../server/shared/platform/engines.js';
import type { TextProvider, TextRequest } from './types.js';

const SYSTEM = 'You are the writing assistant of Atelier, an AI content studio. Answer in Markdown.';

const CUT_OFF = 'The connection to the AI service dropped mid-answer';

export class OpenAITextProvider implements TextProvider {
  readonly name = 'openai';
  readonly model: string;
  readonly engine: EngineInfo<TextEngineOption>;
  private readonly client: OpenAI;

  constructor(config: Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'TEXT_MODEL'>) {
    this.model = config.TEXT_MODEL;
    this.engine = {
      name: 'openai',
      label: `OpenAI-compatible · ${this.model}`,
      model: this.model,
      placeholder: false,
      options: [TextEngineOption.TONE, TextEngineOption.LANGUAGE],
    };
    // Retries are ours (with jitter, across the whole stream), so the SDK's are off.
    this.client = new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0, timeout: 60_000 });
  }

  async *stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string> {
    let started = false;
    let finished = false;
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
      started = true;
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (choice?.delta?.content) yield choice.delta.content;
        if (choice?.finish_reason) finished = true;
      }
    } catch (e) {
      if (signal.aborted) throw e;
      if (e instanceof OpenAI.APIConnectionError) throw new TransientProviderError(started ? CUT_OFF : 'The AI service did not answer in time');
      if (e instanceof OpenAI.APIError && e.status !== undefined) throw fromStatus(e.status, 'The AI service', e.message, retryAfterOf(e.headers));
      // Once the answer is streaming, anything else (a reset socket, a torn event) is the connection dropping.
      if (started) throw new TransientProviderError(CUT_OFF);
      if (e instanceof OpenAI.APIError) throw fromStatus(undefined, 'The AI service', e.message);
      throw e;
    }
    // A stream that ends without a finish reason was cut, not finished (the SDK ends quietly when the socket closes).
    if (!finished) throw new TransientProviderError(CUT_OFF);
  }
}
