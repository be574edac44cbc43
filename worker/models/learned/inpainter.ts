// A learned inpainter (LaMa or MI-GAN, docs/learned-models.md) from a file the operator placed:
// the object remover's fill when there is one and no IOPaint server is set (objects.ts). Each
// hole is cut out with context around it (holes.ts), run through the model (inpaint-run.ts), and
// only the hole's pixels are written back, the outermost two blended with the photo's own so no
// seam shows. Pixels outside the hole are never written.
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import { fillWeights, holeCrops, type Crop } from './holes.js';
import { fillCrop, type CropPixels } from './inpaint-run.js';
import { checkModelFile } from './model-file.js';
import { modelSession } from './session.js';
import type { LearnedModelSettings } from './settings.js';

export type { LearnedModelSettings } from './settings.js';

export interface Rgb {
  /** Interleaved 8-bit RGB. */
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The learned inpainter the settings point at, if there is one that may be used: its name
 * ("lama") and file. Cheap after the first call (the file's checksum is kept until it changes).
 */
export async function learnedInpainter(settings: LearnedModelSettings): Promise<{ name: string; path: string } | null> {
  const file = await checkModelFile('inpaint', settings);
  return file.status === 'ready' ? { name: file.name, path: file.path } : null;
}

/** The image with its hole (1 = fill, width × height) filled by the learned inpainter, and the model's name. */
export async function inpaintLearned(settings: LearnedModelSettings, image: Rgb, hole: Uint8Array): Promise<{ rgb: Buffer; model: string }> {
  const file = await checkModelFile('inpaint', settings);
  if (file.status !== 'ready') throw new Error('no learned inpainter may be used (ask learnedInpainter first)');
  const { kind } = file;
  const session = await modelSession(file).catch((e: Error) => {
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `The learned inpainter ${file.path} could not be loaded (${e.message}). See docs/learned-models.md.`, { model: file.name });
  });
  const { width: W, height: H } = image;
  // A copy: the caller's pixels stay as they were (the removal is checked against them).
  const rgb = Buffer.from(image.data.subarray(0, W * H * 3));
  for (const crop of holeCrops(hole, W, H)) {
    const pixels = cut(image, hole, crop);
    const fill = await fillCrop(session, kind, pixels);
    paste(rgb, fill, pixels.hole, crop, W);
  }
  return { rgb, model: file.name };
}

/** The crop's pixels (as floats) and its part of the hole. */
function cut(image: Rgb, hole: Uint8Array, crop: Crop): CropPixels {
  const { x, y, width: w, height: h } = crop;
  const W = image.width;
  const rgb = new Float32Array(w * h * 3);
  const part = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const from = (y + j) * W + x + i;
      part[j * w + i] = hole[from] ? 1 : 0;
      for (let k = 0; k < 3; k++) rgb[(j * w + i) * 3 + k] = image.data[from * 3 + k]!;
    }
  }
  return { rgb, hole: part, width: w, height: h };
}

/** Writes the fill into the hole's pixels only, the outermost blended with the photo's own. */
function paste(rgb: Buffer, fill: Float32Array, hole: Uint8Array, crop: Crop, W: number): void {
  const { x, y, width: w, height: h } = crop;
  const weights = fillWeights(hole, w, h);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const at = j * w + i;
      const share = weights[at]!;
      if (!hole[at] || share === 0) continue;
      const to = ((y + j) * W + x + i) * 3;
      for (let k = 0; k < 3; k++) {
        const v = rgb[to + k]! * (1 - share) + fill[at * 3 + k]! * share;
        rgb[to + k] = Math.max(0, Math.min(255, Math.round(v)));
      }
    }
  }
}
