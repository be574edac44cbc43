// Embedded, offline background removal: the IS-Net segmentation model (segmenter.ts) gives the
// subject's soft alpha; the photo keeps its own size and colours, only its alpha changes.
import sharp from 'sharp';
import { subjectAlpha, type RawImage } from './segmenter.js';

/** A step of a long task: percent of the whole job and one line for the user. */
export type Progress = (percent: number, message: string) => void;

export interface BackgroundRemovalOptions {
  /** Refuse inputs with more pixels than this (decompression bombs). */
  maxPixels: number;
}

/** Decodes an upload to 8-bit sRGB with alpha, EXIF orientation applied, within the pixel limit. */
export async function decodeRgba(input: Buffer, maxPixels: number): Promise<RawImage> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}

/** Removes the background: PNG (RGBA) of the input's (EXIF-oriented) size. */
export async function removeBackgroundLocal(input: Buffer, opts: BackgroundRemovalOptions, progress: Progress = () => {}): Promise<Buffer> {
  const image = await decodeRgba(input, opts.maxPixels);
  const alpha = await subjectAlpha(image);
  progress(80, 'Applying the cut-out');
  const { data, width, height } = image;
  for (let i = 0, o = 3; i < alpha.length; i++, o += 4) {
    // An input that was already partly transparent stays so.
    const a = (alpha[i]! * data[o]!) / 255;
    if (a < 1) {
      // Fully transparent pixels carry no colour: smaller files, no hidden background.
      data[o - 3] = 0;
      data[o - 2] = 0;
      data[o - 1] = 0;
      data[o] = 0;
    } else data[o] = Math.round(a);
  }
  return sharp(data, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 3 }).toBuffer();
}
