import type { BackgroundRemover, GeneratedImages, GenerationProgress, ImageGenerator, ImageOutput, ImageRequest, ObjectRemover, Progress } from './types.js';
import { imageEngine } from '../../models/engine.js';
import type { LearnedModelSettings } from '../../models/learned/settings.js';
import { IMAGE_ASPECT_RATIOS } from '../../../server/shared/platform/domain.js';
import { renderImage, seedOf } from '../../models/render.js';
import { GENERATED_IMAGE_SIZE, IMAGE_SEED_MAX } from '../../../server/shared/platform/constants.js';
import { PLACEHOLDER_IMAGE_ENGINE } from '../../../server/shared/platform/engines.js';

/**
 * The placeholder: drawings made from the description's words, not a model's pictures
 * (docs/engines.md). It honours the aspect ratio (the longer side 1024), the seed (none: one
 * that follows from the words, so the same request draws the same picture) and the count
 * (the seed, the seed + 1, …).
 */
export class LocalImageGenerator implements ImageGenerator {
  readonly name = 'local';
  readonly engine = PLACEHOLDER_IMAGE_ENGINE;
  async generate(request: ImageRequest, signal: AbortSignal, progress?: GenerationProgress): Promise<GeneratedImages> {
    const { width, height } = IMAGE_ASPECT_RATIOS[request.aspectRatio];
    const scale = GENERATED_IMAGE_SIZE / Math.max(width, height);
    const size = { width: Math.round(width * scale), height: Math.round(height * scale) };
    const seed = request.seed ?? seedOf(request.description, request.style);
    const images: GeneratedImages['images'] = [];
    for (let i = 0; i < request.count; i++) {
      signal.throwIfAborted();
      progress?.((100 * i) / request.count, request.count > 1 ? `Drawing picture ${i + 1} of ${request.count}` : 'Drawing');
      const s = (seed + i) % (IMAGE_SEED_MAX + 1);
      images.push({ bytes: await renderImage(request.description, request.style, GENERATED_IMAGE_SIZE, { seed: s, ...size }), seed: s });
    }
    return { images, seed };
  }
}

/** IS-Net segmentation, offline, in the process's image engine thread. */
export class LocalBackgroundRemover implements BackgroundRemover {
  readonly name = 'local';
  readonly concurrency = 1;
  constructor(private readonly maxPixels: number) {}
  async remove(image: Buffer, signal: AbortSignal, progress?: Progress): Promise<ImageOutput> {
    const { png } = await imageEngine().run({ op: 'background', image, maxPixels: this.maxPixels }, signal, progress);
    return { bytes: png };
  }
}

/**
 * Found by name (COCO detector) and/or brushed, outlined by segmentation, filled by inpainting
 * (with no name, the brushed area alone): the embedded exemplar inpainter, an IOPaint server
 * (IOPAINT_URL) when one is configured, else a learned inpainter file in `models` when one may be
 * used (docs/learned-models.md).
 */
export class LocalObjectRemover implements ObjectRemover {
  readonly name = 'local';
  readonly concurrency = 1;
  constructor(
    private readonly maxPixels: number,
    private readonly fillUrl?: string,
    private readonly models?: LearnedModelSettings,
  ) {}
  async remove(image: Buffer, object: string | undefined, mask: Buffer | undefined, signal: AbortSignal, progress?: Progress): Promise<ImageOutput> {
    const fill = this.fillUrl ? { fillUrl: this.fillUrl } : this.models ? { models: this.models } : {};
    const r = await imageEngine().run({ op: 'object', image, object, mask, maxPixels: this.maxPixels, ...fill }, signal, progress);
    return { bytes: r.png, summary: r.summary, details: { found: r.found, brushed: r.brushed, filledBy: r.filledBy, ...(r.note ? { note: r.note } : {}) } };
  }
}
