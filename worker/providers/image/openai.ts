// OpenAI Images (or any OpenAI-compatible images endpoint) for generation, with settings of its
// own: IMAGE_API_KEY / IMAGE_BASE_URL, falling back to the text ones, so text can go to one
// service (e.g. Ollama) and images to another.
import OpenAI from 'openai';
import type { Config } from '../../../server/shared/platform/config.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { fromStatus, retryAfterOf, TransientProviderError } from '../../../server/shared/platform/provider-errors.js';
import type { EngineInfo, ImageEngineOption } from '../../../server/shared/platform/engines.js';
import type { ImageGenerator, ImageOutput } from './types.js';

type ImageSettings = Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'IMAGE_API_KEY' | 'IMAGE_BASE_URL' | 'IMAGE_MODEL'>;

/**
 * The key and base URL image requests use. IMAGE_BASE_URL takes IMAGE_API_KEY, else the text
 * key; an IMAGE_API_KEY alone is an OpenAI key (text on Ollama, images on OpenAI), so it never
 * goes to the text server; with neither, images use the text settings.
 */
export function imageSettings(config: ImageSettings): { apiKey: string | undefined; baseURL: string | undefined } {
  if (config.IMAGE_BASE_URL) return { apiKey: config.IMAGE_API_KEY ?? config.OPENAI_API_KEY, baseURL: config.IMAGE_BASE_URL };
  if (config.IMAGE_API_KEY) return { apiKey: config.IMAGE_API_KEY, baseURL: undefined };
  return { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL };
}

export class OpenAIImageGenerator implements ImageGenerator {
  readonly name = 'openai';
  readonly engine: EngineInfo<ImageEngineOption>;
  private readonly client: OpenAI;
  private readonly model: string;
  constructor(config: ImageSettings) {
    this.model = config.IMAGE_MODEL;
    this.engine = { name: 'openai', label: `OpenAI-compatible images · ${this.model}`, model: this.model, placeholder: false, options: [] };
    const { apiKey, baseURL } = imageSettings(config);
    this.client = new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: 120_000 });
  }

  async generate(request: { prompt: string }, signal: AbortSignal): Promise<ImageOutput> {
    try {
      const res = await this.client.images.generate(
        {
          model: this.model,
          prompt: request.prompt,
          n: 1,
          size: '1024x1024',
          // DALL·E answers with a URL unless asked; gpt-image models always send base64.
          ...(this.model.startsWith('dall-e') ? { response_format: 'b64_json' as const } : {}),
        },
        { signal },
      );
      const image = res.data?.[0];
      if (image?.b64_json) return { bytes: Buffer.from(image.b64_json, 'base64') };
      // Compatible services may still answer with a URL: worker/image-output.ts fetches it into our storage.
      if (image?.url) return { url: image.url };
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The image service returned no image. Please try again.');
    } catch (e) {
      if (signal.aborted || e instanceof AppError) throw e;
      if (e instanceof OpenAI.APIConnectionError) throw new TransientProviderError('The image service did not answer in time');
      if (e instanceof OpenAI.APIError) throw fromStatus(e.status, 'The image service', e.message, retryAfterOf(e.headers as Headers | undefined));
      throw e;
    }
  }
}
