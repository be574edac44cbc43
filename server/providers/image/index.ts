// Image AI behind small interfaces (DESIGN.md §2): OpenAI Images and Cloudinary when
// configured, otherwise the embedded renderer, segmentation and inpainting.
import type { Config } from '../../config.js';
import { cloudinaryFrom } from '../cloudinary.js';
import { LocalBackgroundRemover, LocalImageGenerator, LocalObjectRemover } from './local.js';
import { CloudinaryBackgroundRemover, CloudinaryObjectRemover, OpenAIImageGenerator } from './real.js';
import type { ImageProviders } from './types.js';

export type { BackgroundRemover, ImageGenerator, ImageOutput, ImageProviders, ObjectRemover, Progress } from './types.js';

export function createImageProviders(config: Config): ImageProviders {
  const cloud = config.CLOUDINARY_URL ? cloudinaryFrom(config.CLOUDINARY_URL) : null;
  return {
    generator: config.OPENAI_API_KEY ? new OpenAIImageGenerator(config) : new LocalImageGenerator(),
    background: cloud ? new CloudinaryBackgroundRemover(cloud) : new LocalBackgroundRemover(config.IMAGE_MAX_PIXELS),
    objects: cloud ? new CloudinaryObjectRemover(cloud) : new LocalObjectRemover(config.IMAGE_MAX_PIXELS),
  };
}
