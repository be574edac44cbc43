import { AppError, ErrorCode } from '../../errors.js';
import type { BackgroundRemover, ImageGenerator, ImageOutput, ObjectRemover } from './index.js';
import { removeBackgroundLocal } from './local/background.js';
import { inpaintLocal } from './local/inpaint.js';
import { renderImage, type ImageStyle } from './local/render.js';
import { GENERATED_IMAGE_SIZE } from '../../constants.js';

export class LocalImageGenerator implements ImageGenerator {
  readonly name = 'local';
  async generate(request: { description: string; style: ImageStyle }): Promise<ImageOutput> {
    return { bytes: await renderImage(request.description, request.style, GENERATED_IMAGE_SIZE) };
  }
}

export class LocalBackgroundRemover implements BackgroundRemover {
  readonly name = 'local';
  constructor(private readonly maxPixels: number) {}
  async remove(image: Buffer): Promise<ImageOutput> {
    return { bytes: await removeBackgroundLocal(image, { maxPixels: this.maxPixels }) };
  }
}

export class LocalObjectRemover implements ObjectRemover {
  readonly name = 'local';
  constructor(private readonly maxPixels: number) {}
  async remove(image: Buffer, _object: string, mask: Buffer | undefined): Promise<ImageOutput> {
    if (!mask) {
      throw new AppError(
        ErrorCode.PROVIDER_UNAVAILABLE,
        'Brush over the object you want removed: without a configured removal service, Atelier needs the painted area.',
      );
    }
    return { bytes: await inpaintLocal(image, mask, { maxPixels: this.maxPixels }) };
  }
}
