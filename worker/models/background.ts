// Embedded, offline background removal: the IS-Net segmentation model (segmenter.ts) gives the
// subject's soft alpha; the photo keeps its own size and colours, only its alpha changes.
import sharp from 'sharp';
import { AppError, ErrorCode } from '../../server/shared/platform/errors.js';
import { expectedSubjectMs, subjectAlpha, type RawImage } from './segmenter.js';

/**
 * A step of a long task: percent of the whole job and one line for the user. `eta`: the step
 * reaches `toPercent` without saying more (a model run) after about `ms` of work: the engine
 * moves the bar and says how long is left meanwhile (engine.ts, countdown.ts).
 */
export type Progress = (percent: number, message: string, eta?: Eta) => void;
export interface Eta {
  toPercent: number;
  /**
   * The step's expected work in CPU milliseconds of this process, all its threads (segmenter.ts,
   * expectedWorkMs): the engine turns it into seconds at the rate the process is getting the CPU
   * (docs/architecture.md, "Progress").
   */
  ms: number;
}

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

/** Half-transparent: the model could not decide between subject and background. */
const UNSURE_MIN = 32;
const SURE_MIN = 200;
/**
 * A cut-out with more of the frame unsure than this, and more unsure than sure, has no clear
 * subject (a motion-blurred photo: 45 % unsure against 16 % sure; real subjects here were 1–11 %
 * unsure, thin ones such as a rocket on its pad up to 8 %, against 7–71 % sure).
 */
const MAX_UNSURE_SHARE = 0.1;
/** A subject smaller than this share of the frame is not one (the model found nothing). */
const MIN_SUBJECT_SHARE = 0.002;

/**
 * Why a cut-out is not one the user can use, or null: with no clear subject the model returns a
 * semi-transparent ghost of the whole frame (a motion-blurred car filling the photo), which was
 * reported as done; with no subject at all, an empty picture.
 */
export function cutoutProblem(alpha: Uint8Array): string | null {
  let unsure = 0;
  let sure = 0;
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i]!;
    if (a >= SURE_MIN) sure++;
    else if (a >= UNSURE_MIN) unsure++;
  }
  const n = alpha.length;
  if (unsure > MAX_UNSURE_SHARE * n && unsure > sure) {
    return `This photo has no clear subject to cut out: the model could not tell subject from background in ${Math.round((100 * unsure) / n)} % of it. Try a photo with one clear subject in front of its background.`;
  }
  if (sure + unsure < MIN_SUBJECT_SHARE * n) return 'No subject was found in this photo to cut out. Try a photo with one clear subject in front of its background.';
  return null;
}

/** Removes the background: PNG (RGBA) of the input's (EXIF-oriented) size. */
export async function removeBackgroundLocal(input: Buffer, opts: BackgroundRemovalOptions, progress: Progress = () => {}): Promise<Buffer> {
  const image = await decodeRgba(input, opts.maxPixels);
  // The model says nothing while it runs (and holds this thread): the engine moves the bar meanwhile.
  progress(25, 'Separating the subject from the background', { toPercent: 75, ms: expectedSubjectMs(image.width, image.height) });
  const alpha = await subjectAlpha(image);
  const problem = cutoutProblem(alpha);
  if (problem) throw new AppError(ErrorCode.BAD_USER_INPUT, problem, { reason: 'NO_CLEAR_SUBJECT' });
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
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}
