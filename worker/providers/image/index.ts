// Image AI behind small interfaces (docs/real-services.md). ClipDrop serves every image tool when
// CLIPDROP_API_KEY is set; otherwise OpenAI Images generate when an image key is set
// (IMAGE_API_KEY, else OPENAI_API_KEY) and Cloudinary removes backgrounds and objects when
// CLOUDINARY_URL is set; anything left is done by the embedded renderer, segmentation and inpainting
// (the holes filled by an IOPaint server instead when IOPAINT_URL is set).
import type { Config } from '../../../server/shared/platform/config.js';
import { cloudinaryFrom } from '../../../server/shared/storage/cloudinary-client.js';
import { ClipDropBackgroundRemover, clipDropClient, ClipDropImageGenerator, ClipDropObjectRemover } from './clipdrop.js';
import { CloudinaryBackgroundRemover, CloudinaryObjectRemover } from './cloudinary.js';
import { LocalBackgroundRemover, LocalImageGenerator, LocalObjectRemover } from './local.js';
import { imageSettings, OpenAIImageGenerator } from './openai.js';
import type { ImageProviders } from './types.js';

export type { BackgroundRemover, ImageGenerator, ImageOutput, ImageProviders, ObjectRemover, Progress } from './types.js';

/** Async: finding a self-hosted engine on its default address is a network probe (docs/engines.md). */
export async function createImageProviders(config: Config): Promise<ImageProviders> {
  const clipdrop = clipDropClient(config);
  if (clipdrop) {
    return {
      generator: new ClipDropImageGenerator(clipdrop),
      background: new ClipDropBackgroundRemover(clipdrop),
      objects: new ClipDropObjectRemover(clipdrop, config.IMAGE_MAX_PIXELS),
    };
  }
  const cloud = config.CLOUDINARY_URL ? cloudinaryFrom(config.CLOUDINARY_URL) : null;
  return {
    generator: imageSettings(config).apiKey ? new OpenAIImageGenerator(config) : new LocalImageGenerator(),
    background: cloud ? new CloudinaryBackgroundRemover(cloud, config.IMAGE_MAX_PIXELS) : new LocalBackgroundRemover(config.IMAGE_MAX_PIXELS),
    objects: cloud ? new CloudinaryObjectRemover(cloud, config.IMAGE_MAX_PIXELS) : new LocalObjectRemover(config.IMAGE_MAX_PIXELS, config.IOPAINT_URL),
  };
}
