import type { BackgroundRemover, ImageGenerator, ImageOutput, ObjectRemover, Progress } from './types.js';
import { imageEngine } from '../../models/engine.js';
import type { ImageStyle } from '../../../server/shared/platform/domain.js';
import { renderImage } from '../../models/render.js';
import { GENERATED_IMAGE_SIZE } from '../../../server/shared/platform/constants.js';
import { PLACEHOLDER_IMAGE_ENGINE } from '../../../server/shared/platform/engines.js';

/** The placeholder: a drawing made from the description's words, not a model's picture (docs/engines.md). */
export class LocalImageGenerator implements ImageGenerator {
  readonly name = 'local';
  readonly engine = PLACEHOLDER_IMAGE_ENGINE;
  async generate(request: { description: string; style: ImageStyle }): Promise<ImageOutput> {
    return { bytes: await renderImage(request.description, request.style, GENERATED_IMAGE_SIZE) };
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
 * Found by name (COCO detector) and/or brushed, outlined by segmentation, filled by inpainting:
 * the embedded exemplar inpainter, or an IOPaint server (IOPAINT_URL) when one is configured.
 */
export class LocalObjectRemover implements ObjectRemover {
  readonly name = 'local';
  readonly concurrency = 1;
  constructor(
    private readonly maxPixels: number,
    private readonly fillUrl?: string,
  ) {}
  async remove(image: Buffer, object: string, mask: Buffer | undefined, signal: AbortSignal, progress?: Progress): Promise<ImageOutput> {
    const r = await imageEngine().run({ op: 'object', image, object, mask, maxPixels: this.maxPixels, ...(this.fillUrl ? { fillUrl: this.fillUrl } : {}) }, signal, progress);
    return { bytes: r.png, summary: r.summary, details: { found: r.found, brushed: r.brushed, filledBy: r.filledBy } };
  }
}
