// Who upscales: ClipDrop's upscaler when CLIPDROP_API_KEY is set, else Cloudinary's AI upscale
// effect when CLOUDINARY_URL is set, else IOPaint's RealESRGAN plugin when IOPAINT_URL is set and
// the plugin is on, else a learned model from a file the operator placed (Real-ESRGAN,
// docs/learned-models.md), otherwise the embedded resampling and sharpening pipeline (upscale.ts).
// A service's result is fetched into our storage, never published at its URL.
import sharp from 'sharp';
import type { Config } from '../../../server/shared/platform/config.js';
import type { Logger } from '../../../server/shared/platform/logger.js';
import type { UpscalerKind } from '../../models/learned/families.js';
import { checkModelFile, refusalMessage, type ReadyFile } from '../../models/learned/model-file.js';
import { learnedSettings } from '../../models/learned/settings.js';
import { expectedMs, loadUpscaler, upscaleLearned } from '../../models/learned/upscaler.js';
import { cloudinaryFrom, type Cloudinary } from '../../../server/shared/storage/cloudinary-client.js';
import { clipDropClient, upscaleWithClipDrop, type ClipDropClient } from '../../providers/image/clipdrop.js';
import { deriveWithCloudinary } from '../../providers/image/cloudinary.js';
import { upscaleWithIOPaint } from '../../providers/image/iopaint.js';
import type { ImageOutput } from '../../providers/image/index.js';
import { checkOutputSize, UPSCALE_MAX_OUTPUT_PIXELS, type Scale } from '../../../server/shared/tools/upscale-image.js';
import { upscaleImage } from './upscale.js';

export interface Upscaler {
  readonly name: string;
  /** Jobs one worker process runs at once with it (the learned model: one, its tiles use every core). */
  readonly concurrency?: number;
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

/** The share of JOB_TIMEOUT_MS a learned enlargement may be expected to take; reading, saving and the estimate's error need the rest. */
const LEARNED_SHARE_OF_TIMEOUT = 0.6;

/**
 * A learned model from a file (Real-ESRGAN). The embedded pipeline does it instead, and the
 * creation says why (`details.learned`), when the model cannot be loaded (refused, logged once)
 * or would not finish in the job's time here (its speed is measured: the probe, then each tile).
 */
const enlargeWithLearned = (file: ReadyFile<UpscalerKind>, budgetMs: number, log?: Logger): Enlarge => {
  let warned = false;
  return async (image, size, scale, signal) => {
    const model = await loadUpscaler(file).catch((e: Error) => {
      if (!warned) log?.warn({ model: file.path }, refusalMessage({ role: 'upscale', path: file.path, reason: e.message }));
      warned = true;
      return null;
    });
    const instead = async (why: string) => ({ ...(await enlargeLocally(image, size, scale, signal)), details: { provider: 'local', learned: why } });
    if (!model) return instead(`${file.name} could not be used (see the worker's log)`);
    const ms = expectedMs(model, size.width, size.height, scale);
    if (ms > budgetMs) return instead(`${file.name} would take about ${Math.round(ms / 1000)} s for this image here, more than the job may`);
    const out = await upscaleLearned(model, image, scale, { maxPixels: UPSCALE_MAX_OUTPUT_PIXELS, signal });
    return { bytes: out.bytes, details: { provider: 'learned', model: model.name } };
  };
};

type UpscalerConfig = Pick<
  Config,
  | 'CLOUDINARY_URL'
  | 'IMAGE_MAX_PIXELS'
  | 'CLIPDROP_API_KEY'
  | 'CLIPDROP_BASE_URL'
  | 'IOPAINT_URL'
  | 'JOB_TIMEOUT_MS'
  | 'modelsDir'
  | 'UPSCALE_MODEL_PATH'
  | 'UPSCALE_MODEL_SHA256'
  | 'INPAINT_MODEL_PATH'
  | 'INPAINT_MODEL_SHA256'
>;

/**
 * The upscaler a worker process uses: a configured service first, then a learned model file that
 * may be used (docs/learned-models.md; checked here, once, at start), then the embedded pipeline.
 */
export async function chooseUpscaler(config: UpscalerConfig, log?: Logger): Promise<Upscaler> {
  if (config.CLIPDROP_API_KEY || config.CLOUDINARY_URL || config.IOPAINT_URL) return createUpscaler(config);
  const file = await checkModelFile('upscale', learnedSettings(config));
  if (file.status !== 'ready') return createUpscaler(config);
  return { ...upscaler('learned', config.IMAGE_MAX_PIXELS, enlargeWithLearned(file, LEARNED_SHARE_OF_TIMEOUT * config.JOB_TIMEOUT_MS, log)), concurrency: 1 };
}

export function createUpscaler(config: Pick<Config, 'CLOUDINARY_URL' | 'IMAGE_MAX_PIXELS' | 'CLIPDROP_API_KEY' | 'CLIPDROP_BASE_URL' | 'IOPAINT_URL'>): Upscaler {
  const clipdrop = clipDropClient(config);
  if (clipdrop) return upscaler('clipdrop', config.IMAGE_MAX_PIXELS, enlargeWithClipDrop(clipdrop));
  if (config.CLOUDINARY_URL) return upscaler('cloudinary', config.IMAGE_MAX_PIXELS, enlargeWithCloudinary(cloudinaryFrom(config.CLOUDINARY_URL)));
  if (config.IOPAINT_URL) return upscaler('iopaint', config.IMAGE_MAX_PIXELS, enlargeWithIOPaint(config.IOPAINT_URL));
  return upscaler('local', config.IMAGE_MAX_PIXELS, enlargeLocally);
}
