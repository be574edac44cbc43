// Who upscales: ClipDrop's upscaler when CLIPDROP_API_KEY is set, else Cloudinary's AI upscale
// effect when CLOUDINARY_URL is set, else IOPaint's RealESRGAN plugin when IOPAINT_URL is set and
// the plugin is on, otherwise the embedded resampling and sharpening pipeline (upscale.ts). A service's result is fetched into our storage, never published at its URL.
import sharp from 'sharp';
import type { Config } from '../../../server/shared/platform/config.js';
import { cloudinaryFrom, type Cloudinary } from '../../../server/shared/storage/cloudinary-client.js';
import { clipDropClient, upscaleWithClipDrop, type ClipDropClient } from '../../providers/image/clipdrop.js';
import { deriveWithCloudinary } from '../../providers/image/cloudinary.js';
import { upscaleWithIOPaint } from '../../providers/image/iopaint.js';
import type { ImageOutput } from '../../providers/image/index.js';
import { checkOutputSize, UPSCALE_MAX_OUTPUT_PIXELS, type Scale } from '../../../server/shared/tools/upscale-image.js';
import { upscaleImage } from './upscale.js';

export interface Upscaler {
  readonly name: string;
  upscale(image: Buffer, scale: Scale, signal: AbortSignal): Promise<ImageOutput>;
}

async function sizeOf(image: Buffer, maxInputPixels: number): Promise<{ width: number; height: number }> {
  const meta = await sharp(image, { limitInputPixels: maxInputPixels }).metadata();
  return { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 };
}

type Size = { width: number; height: number };
/** One provider's enlargement of an image whose upright size is known and allowed. */
type Enlarge = (image: Buffer, size: Size, scale: Scale, signal: AbortSignal) => Promise<ImageOutput>;

/** An upscaler: every provider first reads the image's upright size and refuses a result past the limit. */
function upscaler(name: string, maxInputPixels: number, enlarge: Enlarge): Upscaler {
  return {
    name,
    async upscale(image, scale, signal) {
      const size = await sizeOf(image, maxInputPixels);
      checkOutputSize(size.width, size.height, scale);
      return enlarge(image, size, scale, signal);
    },
  };
}

const enlargeLocally: Enlarge = async (image, _size, scale, signal) => ({
  bytes: (await upscaleImage(image, scale, { maxPixels: UPSCALE_MAX_OUTPUT_PIXELS, signal })).bytes,
});

/** e_upscale makes the image 4× larger with a model; a 2× result is that, scaled down. */
const enlargeWithCloudinary =
  (client: Cloudinary): Enlarge =>
  async (image, { width }, scale, signal) => {
    const transformation = [{ effect: 'upscale' }, { width: width * scale, crop: 'scale' }];
    return { bytes: await deriveWithCloudinary(client, image, transformation, signal, { format: 'png', maxPixels: UPSCALE_MAX_OUTPUT_PIXELS }) };
  };

const enlargeWithClipDrop =
  (client: ClipDropClient): Enlarge =>
  (image, { width, height }, scale, signal) =>
    upscaleWithClipDrop(client, image, width, height, scale, signal);

/**
 * IOPaint's RealESRGAN plugin (a learned 4× model) when the server has it on; otherwise the
 * embedded pipeline, and the creation says which did it (`details.provider`).
 */
const enlargeWithIOPaint =
  (baseUrl: string): Enlarge =>
  async (image, size, scale, signal) => {
    const learned = await upscaleWithIOPaint(baseUrl, image, size, scale, signal);
    if (learned) return { bytes: learned.bytes, details: { provider: 'iopaint', model: learned.model } };
    return { ...(await enlargeLocally(image, size, scale, signal)), details: { provider: 'local' } };
  };

export function createUpscaler(config: Pick<Config, 'CLOUDINARY_URL' | 'IMAGE_MAX_PIXELS' | 'CLIPDROP_API_KEY' | 'CLIPDROP_BASE_URL' | 'IOPAINT_URL'>): Upscaler {
  const clipdrop = clipDropClient(config);
  if (clipdrop) return upscaler('clipdrop', config.IMAGE_MAX_PIXELS, enlargeWithClipDrop(clipdrop));
  if (config.CLOUDINARY_URL) return upscaler('cloudinary', config.IMAGE_MAX_PIXELS, enlargeWithCloudinary(cloudinaryFrom(config.CLOUDINARY_URL)));
  if (config.IOPAINT_URL) return upscaler('iopaint', config.IMAGE_MAX_PIXELS, enlargeWithIOPaint(config.IOPAINT_URL));
  return upscaler('local', config.IMAGE_MAX_PIXELS, enlargeLocally);
}
