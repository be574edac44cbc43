// OpenAI Images (or any OpenAI-compatible images endpoint) for generation, with settings of its
// own: IMAGE_API_KEY / IMAGE_BASE_URL, falling back to the text ones, so text can go to one
// service (e.g. Ollama) and images to another.
import OpenAI from 'openai';
import type { Config } from '../../../server/shared/platform/config.js';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { fromStatus, retryAfterOf, TransientProviderError } from '../../../server/shared/platform/provider-errors.js';
import { ImageEngineOption, type EngineInfo } from '../../../server/shared/platform/engines.js';
import type { ImageAspectRatio } from '../../../server/shared/platform/domain.js';
import type { GeneratedImage, GeneratedImages, ImageGenerator, ImageRequest } from './types.js';

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

type Size = '1024x1024' | '1536x1024' | '1024x1536' | '1792x1024' | '1024x1792';

/**
 * What a model takes (docs/engines.md#advanced-image-options): DALL·E 2 only squares but up to
 * 10 pictures; DALL·E 3 three shapes but one picture a request; gpt-image models and compatible
 * servers (LocalAI…) three shapes and several pictures. Ratios between map to the nearest shape.
 */
export function openAIImageAbilities(model: string): { options: ImageEngineOption[]; size: (r: ImageAspectRatio) => Size } {
  const wide = (r: ImageAspectRatio) => r === 'LANDSCAPE' || r === 'WIDE';
  const tall = (r: ImageAspectRatio) => r === 'PORTRAIT' || r === 'TALL';
  if (model === 'dall-e-2') return { options: [ImageEngineOption.COUNT], size: () => '1024x1024' };
  if (model === 'dall-e-3') return { options: [ImageEngineOption.ASPECT_RATIO], size: (r) => (wide(r) ? '1792x1024' : tall(r) ? '1024x1792' : '1024x1024') };
  return { options: [ImageEngineOption.ASPECT_RATIO, ImageEngineOption.COUNT], size: (r) => (wide(r) ? '1536x1024' : tall(r) ? '1024x1536' : '1024x1024') };
}

export class OpenAIImageGenerator implements ImageGenerator {
  readonly name = 'openai';
  readonly engine: EngineInfo<ImageEngineOption>;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly abilities: ReturnType<typeof openAIImageAbilities>;
  constructor(config: ImageSettings) {
    this.model = config.IMAGE_MODEL;
    this.abilities = openAIImageAbilities(this.model);
    this.engine = { name: 'openai', label: `OpenAI-compatible images · ${this.model}`, model: this.model, placeholder: false, options: this.abilities.options };
    const { apiKey, baseURL } = imageSettings(config);
    // A self-hosted compatible server (IMAGE_BASE_URL: LocalAI…) may need no key; the SDK insists on one.
    this.client = new OpenAI({ apiKey: apiKey ?? 'none', baseURL, maxRetries: 0, timeout: 120_000 });
  }

  async generate(request: ImageRequest, signal: AbortSignal): Promise<GeneratedImages> {
    try {
      const res = await this.client.images.generate(
        {
          model: this.model,
          prompt: request.prompt,
          n: request.count,
          size: this.abilities.size(request.aspectRatio),
          // DALL·E answers with a URL unless asked; gpt-image models always send base64.
          ...(this.model.startsWith('dall-e') ? { response_format: 'b64_json' as const } : {}),
        },
        { signal },
      );
      // Compatible services may still answer with a URL: worker/image-output.ts fetches it into our storage.
      const images = (res.data ?? []).flatMap((image): GeneratedImage[] =>
        image.b64_json ? [{ bytes: Buffer.from(image.b64_json, 'base64') }] : image.url ? [{ url: image.url }] : [],
      );
      if (!images.length) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The image service returned no image. Please try again.');
      return { images: images.slice(0, request.count), seed: null };
    } catch (e) {
      if (signal.aborted || e instanceof AppError) throw e;
      if (e instanceof OpenAI.APIConnectionError) throw new TransientProviderError('The image service did not answer in time');
      if (e instanceof OpenAI.APIError) throw fromStatus(e.status, 'The image service', e.message, retryAfterOf(e.headers as Headers | undefined));
      throw e;
    }
  }
}
