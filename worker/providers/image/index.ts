// Image AI behind small interfaces (docs/real-services.md, docs/engines.md). ClipDrop serves every
// image tool when CLIPDROP_API_KEY is set. Otherwise generation goes to the first of: ComfyUI
// (COMFYUI_URL), AUTOMATIC1111 / Forge (SD_WEBUI_URL), an OpenAI-compatible images service (an
// image key or IMAGE_BASE_URL), a self-hosted engine answering on its default local address
// (ENGINE_AUTODETECT), and last the embedded placeholder drawings. Cloudinary removes backgrounds
// and objects when CLOUDINARY_URL is set; anything left is done by the embedded segmentation and
// inpainting (the holes filled by an IOPaint server instead when IOPAINT_URL is set, else by a
// learned inpainter file when one may be used: docs/learned-models.md).
import type { Config } from '../../../server/shared/platform/config.js';
import type { Logger } from '../../../server/shared/platform/logger.js';
import { cloudinaryFrom } from '../../../server/shared/storage/cloudinary-client.js';
import { ClipDropBackgroundRemover, clipDropClient, ClipDropImageGenerator, ClipDropObjectRemover } from './clipdrop.js';
import { CloudinaryBackgroundRemover, CloudinaryObjectRemover } from './cloudinary.js';
import { COMFYUI_DEFAULT_URL, ComfyUIImageGenerator } from './comfyui.js';
import { learnedSettings } from '../../models/learned/settings.js';
import { LocalBackgroundRemover, LocalImageGenerator, LocalObjectRemover } from './local.js';
import { imageSettings, OpenAIImageGenerator } from './openai.js';
import { SD_WEBUI_DEFAULT_URL, SdWebUiImageGenerator } from './sd-webui.js';
import { answers } from './self-hosted.js';
import type { ImageGenerator, ImageProviders } from './types.js';

export type {
  BackgroundRemover,
  GeneratedImage,
  GeneratedImages,
  GenerationProgress,
  ImageGenerator,
  ImageOutput,
  ImageProviders,
  ImageRequest,
  ObjectRemover,
  Progress,
} from './types.js';

/** How long a start-up probe of a default address waits (docs/engines.md: about a second each). */
export const ENGINE_PROBE_TIMEOUT_MS = 1000;

/** Async: finding a self-hosted engine on its default address is a network probe (docs/engines.md). */
export async function createImageProviders(config: Config, log?: Logger): Promise<ImageProviders> {
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
    generator: await imageGenerator(config, log),
    background: cloud ? new CloudinaryBackgroundRemover(cloud, config.IMAGE_MAX_PIXELS) : new LocalBackgroundRemover(config.IMAGE_MAX_PIXELS),
    objects: cloud ? new CloudinaryObjectRemover(cloud, config.IMAGE_MAX_PIXELS) : new LocalObjectRemover(config.IMAGE_MAX_PIXELS, config.IOPAINT_URL, learnedSettings(config)),
  };
}

/**
 * The generator (ClipDrop aside): a configured engine always wins, even one that does not answer
 * yet (it is logged, and its jobs say it cannot be reached); a found one next; the placeholder last.
 */
export async function imageGenerator(config: Config, log?: Logger, probeMs = ENGINE_PROBE_TIMEOUT_MS): Promise<ImageGenerator> {
  if (config.COMFYUI_URL) return ComfyUIImageGenerator.connect(config.COMFYUI_URL, config.COMFYUI_CHECKPOINT, log);
  if (config.SD_WEBUI_URL) return SdWebUiImageGenerator.connect(config.SD_WEBUI_URL, log);
  if (imageSettings(config).apiKey || config.IMAGE_BASE_URL) return new OpenAIImageGenerator(config);
  if (config.ENGINE_AUTODETECT) {
    if (await answers(COMFYUI_DEFAULT_URL, '/system_stats', probeMs)) {
      log?.info({ url: COMFYUI_DEFAULT_URL }, 'found ComfyUI on its default address');
      return ComfyUIImageGenerator.connect(COMFYUI_DEFAULT_URL, config.COMFYUI_CHECKPOINT, log);
    }
    if (await answers(SD_WEBUI_DEFAULT_URL, '/sdapi/v1/options', probeMs)) {
      log?.info({ url: SD_WEBUI_DEFAULT_URL }, 'found AUTOMATIC1111 on its default address');
      return SdWebUiImageGenerator.connect(SD_WEBUI_DEFAULT_URL, log);
    }
  }
  return new LocalImageGenerator();
}
