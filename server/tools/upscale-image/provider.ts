// Who upscales: Cloudinary's AI upscale effect when CLOUDINARY_URL is set, otherwise the
// embedded resampling and sharpening pipeline (upscale.ts).
import sharp from 'sharp';
import type { Config } from '../../config.js';
import { cloudinaryFrom, uploadBytes, type Cloudinary } from '../../providers/cloudinary.js';
import { fromStatus } from '../../providers/errors.js';
import type { ImageOutput } from '../../providers/image/index.js';
import { AppError, ErrorCode } from '../../errors.js';
import { upscaleImage } from './upscale.js';

export type Scale = 2 | 4;

/** The largest result (width × height) either provider is asked to make. */
export const UPSCALE_MAX_OUTPUT_PIXELS = 36_000_000;

export interface Upscaler {
  readonly name: string;
  upscale(image: Buffer, scale: Scale, signal: AbortSignal): Promise<ImageOutput>;
}

/** Refuses, in words a person reads, a result larger than UPSCALE_MAX_OUTPUT_PIXELS. */
export function checkOutputSize(width: number, height: number, scale: Scale): void {
  if (width * scale * height * scale <= UPSCALE_MAX_OUTPUT_PIXELS) return;
  const mp = Math.round(UPSCALE_MAX_OUTPUT_PIXELS / 1e6);
  throw new AppError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    `At ${scale}× this image would be ${width * scale}×${height * scale}, more than ${mp} megapixels. Choose ${scale === 4 ? '2× or ' : ''}a smaller image.`,
    { maxPixels: UPSCALE_MAX_OUTPUT_PIXELS },
  );
}

async function sizeOf(image: Buffer, maxInputPixels: number): Promise<{ width: number; height: number }> {
  const meta = await sharp(image, { limitInputPixels: maxInputPixels }).metadata();
  return { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 };
}

class LocalUpscaler implements Upscaler {
  readonly name = 'local';
  constructor(private readonly maxInputPixels: number) {}
  async upscale(image: Buffer, scale: Scale, signal: AbortSignal): Promise<ImageOutput> {
    const { width, height } = await sizeOf(image, this.maxInputPixels);
    checkOutputSize(width, height, scale);
    const out = await upscaleImage(image, scale, { maxPixels: UPSCALE_MAX_OUTPUT_PIXELS, signal });
    return { bytes: out.bytes };
  }
}

class CloudinaryUpscaler implements Upscaler {
  readonly name = 'cloudinary';
  constructor(
    private readonly client: Cloudinary,
    private readonly maxInputPixels: number,
  ) {}
  async upscale(image: Buffer, scale: Scale): Promise<ImageOutput> {
    const { width, height } = await sizeOf(image, this.maxInputPixels);
    checkOutputSize(width, height, scale);
    try {
      const up = await uploadBytes(this.client, image);
      // e_upscale makes the image 4× larger with a model; a 2× result is that, scaled down.
      return { url: this.client.url(up.public_id, { secure: true, format: 'png', transformation: [{ effect: 'upscale' }, { width: width * scale, crop: 'scale' }] }) };
    } catch (e) {
      throw fromStatus((e as { http_code?: number }).http_code, 'Cloudinary', (e as Error).message);
    }
  }
}

export function createUpscaler(config: Pick<Config, 'CLOUDINARY_URL' | 'IMAGE_MAX_PIXELS'>): Upscaler {
  return config.CLOUDINARY_URL ? new CloudinaryUpscaler(cloudinaryFrom(config.CLOUDINARY_URL), config.IMAGE_MAX_PIXELS) : new LocalUpscaler(config.IMAGE_MAX_PIXELS);
}
