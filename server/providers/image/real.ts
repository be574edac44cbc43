// OpenAI Images for generation; Cloudinary's AI effects for background and object removal.
import OpenAI from 'openai';
import type { Config } from '../../config.js';
import { AppError, ErrorCode } from '../../errors.js';
import { fromStatus, TransientProviderError } from '../errors.js';
import { uploadBytes, type Cloudinary } from '../cloudinary.js';
import type { BackgroundRemover, ImageGenerator, ImageOutput, ObjectRemover } from './types.js';

export class OpenAIImageGenerator implements ImageGenerator {
  readonly name = 'openai';
  private readonly client: OpenAI;
  private readonly model: string;
  constructor(config: Pick<Config, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'IMAGE_MODEL'>) {
    this.model = config.IMAGE_MODEL;
    this.client = new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0, timeout: 120_000 });
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
      if (image?.url) return { url: image.url };
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'The image service returned no image. Please try again.');
    } catch (e) {
      if (signal.aborted || e instanceof AppError) throw e;
      if (e instanceof OpenAI.APIConnectionError) throw new TransientProviderError('The image service did not answer in time');
      if (e instanceof OpenAI.APIError) throw fromStatus(e.status, 'The image service', e.message);
      throw e;
    }
  }
}

async function viaCloudinary<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const status = (e as { http_code?: number }).http_code;
    throw fromStatus(status, 'Cloudinary', (e as Error).message);
  }
}

export class CloudinaryBackgroundRemover implements BackgroundRemover {
  readonly name = 'cloudinary';
  constructor(private readonly client: Cloudinary) {}
  remove(image: Buffer): Promise<ImageOutput> {
    return viaCloudinary(async () => {
      const up = await uploadBytes(this.client, image);
      return { url: this.client.url(up.public_id, { secure: true, format: 'png', transformation: [{ effect: 'background_removal' }] }) };
    });
  }
}

export class CloudinaryObjectRemover implements ObjectRemover {
  readonly name = 'cloudinary';
  constructor(private readonly client: Cloudinary) {}
  remove(image: Buffer, object: string): Promise<ImageOutput> {
    return viaCloudinary(async () => {
      const up = await uploadBytes(this.client, image);
      return { url: this.client.url(up.public_id, { secure: true, transformation: [{ effect: `gen_remove:prompt_${object}` }] }) };
    });
  }
}
