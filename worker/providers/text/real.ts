// Any OpenAI-compatible chat API (OpenAI, Gemini's OpenAI endpoint, Ollama, vLLM…),
// streamed through the official SDK.
import OpenAI from 'openai';
import type { Config } from '../../../server/shared/platform/config.js';
import { fromStatus, retryAfterOf, TransientProviderError } from '../../../server/shared/platform/provider-errors.js';
import { TextEngineOption, type EngineInfo } from '../../../server/shared/platform/engines.js';
import type { TextProvider, TextRequest } from './types.js';

const SYSTEM = 'You are the writing assistant of Atelier, an AI content studio. Answer in Markdown.';

/** Where and what to ask, and how the service is named in the job's messages ("The AI service", "Ollama"). */
export interface ChatSettings {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  service: string;
  engine: EngineInfo<TextEngineOption>;
}

/** OPENAI_API_KEY and/or OPENAI_BASE_URL (docs/real-services.md); a server that wants no key (LocalAI, vLLM) gets a stand-in. */
export function openAISettings(config: Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'TEXT_MODEL'>): ChatSettings {
  const model = config.TEXT_MODEL;
  return {
    apiKey: config.OPENAI_API_KEY ?? 'not-needed',
    baseURL: config.OPENAI_BASE_URL,
    model,
    service: 'The AI service',
    engine: { name: 'openai', label: `OpenAI-compatible · ${model}`, model, placeholder: false, options: [TextEngineOption.TONE, TextEngineOption.LANGUAGE] },
  };
}

export class OpenAITextProvider implements TextProvider {
  readonly name: string;
  readonly model: string;
  readonly engine: EngineInfo<TextEngineOption>;
  private readonly client: OpenAI;
  private readonly service: string;

  constructor(settings: ChatSettings) {
    this.model = settings.model;
    this.engine = settings.engine;
    this.name = settings.engine.name;
    this.service = settings.service;
    // Retries are ours (with jitter, across the whole stream), so the SDK's are off.
    this.client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0, timeout: 60_000 });
  }

  async *stream(request: TextRequest, signal: AbortSignal): AsyncIterable<string> {
    const cutOff = `The connection to ${this.service === 'The AI service' ? 'the AI service' : this.service} dropped mid-answer`;
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
      if (e instanceof OpenAI.APIConnectionTimeoutError) throw new TransientProviderError(started ? cutOff : `${this.service} did not answer in time`);
      if (e instanceof OpenAI.APIConnectionError) throw new TransientProviderError(started ? cutOff : `${this.service} cannot be reached`);
      if (e instanceof OpenAI.APIError && e.status !== undefined) throw fromStatus(e.status, this.service, e.message, retryAfterOf(e.headers));
      // Once the answer is streaming, anything else (a reset socket, a torn event) is the connection dropping.
      if (started) throw new TransientProviderError(cutOff);
      if (e instanceof OpenAI.APIError) throw fromStatus(undefined, this.service, e.message);
      throw e;
    }
    // A stream that ends without a finish reason was cut, not finished (the SDK ends quietly when the socket closes).
    if (!finished) throw new TransientProviderError(cutOff);
  }
}
