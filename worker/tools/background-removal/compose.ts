// What goes behind a cut-out (docs/jobs-and-events.md, "Background removal options"): nothing, a colour, the
// photo's own background blurred, or an uploaded picture fitted to cover; optionally a soft shadow
// under the subject and a crop to the subject with a margin. Works on the cut-out's pixels; the
// background-removal processor encodes the result.
import sharp, { type Color, type OverlayOptions, type Sharp } from 'sharp';
import { AppError, ErrorCode } from '../../../server/shared/platform/errors.js';
import type { BackgroundFill } from '../../../server/shared/tools/background-removal.js';

export interface BackgroundChoice {
  background: BackgroundFill;
  /** #rrggbb, with COLOR. */
  color?: string | null;
  crop: boolean;
  /** Percent of the subject's longer side, with crop. */
  margin: number;
  shadow: boolean;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Composed {
  /** The picture, not yet encoded (RGB when opaque, else RGBA). */
  image: Sharp;
  opaque: boolean;
  width: number;
  height: number;
  /** The part of the photo kept, with crop. */
  crop?: Box;
}

/** Alpha at or above this counts as the subject for its box (its faint edge and stray specks do not). */
const SUBJECT_ALPHA = 64;
/**
 * Alpha this faint (about 3 %) is the segmenter's noise over the background, not the subject: on a
 * new, opaque background it would tint it with the old one, so there it counts as background.
 */
const NOISE_ALPHA = 8;
/** The shadow's darkness where the subject is solid (0–1), its drop and its softness, relative to the subject's size. */
const SHADOW_OPACITY = 0.55;
const SHADOW_DROP = 0.025;
const SHADOW_SOFTNESS = 0.03;
/** The blur of BLUR, relative to the photo's longer side. */
const BLUR_SIGMA = 0.012;

type Raw = { data: Buffer; width: number; height: number; channels: number };

const rawOf = (r: Raw) => ({ raw: { width: r.width, height: r.height, channels: r.channels as 1 | 3 | 4 } });

/** The subject's bounding box (alpha ≥ SUBJECT_ALPHA), or undefined when there is none. */
export function subjectBox(alpha: Buffer, width: number, height: number): Box | undefined {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (alpha[row + x]! < SUBJECT_ALPHA) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? undefined : { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The subject's box grown by `margin` percent of its longer side on every side, within the photo. */
export function cropBox(subject: Box, margin: number, width: number, height: number): Box {
  const m = Math.round((margin / 100) * Math.max(subject.width, subject.height));
  const left = Math.max(0, subject.left - m);
  const top = Math.max(0, subject.top - m);
  const right = Math.min(width, subject.left + subject.width + m);
  const bottom = Math.min(height, subject.top + subject.height + m);
  return { left, top, width: right - left, height: bottom - top };
}

const hexToRgb = (hex: string) => ({ r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) });

/**
 * The cut-out on its new background. `original` is the photo (for BLUR), `backdrop` the uploaded
 * background (for IMAGE); `maxPixels` bounds every decode.
 */
export async function compose(cutout: Buffer, original: Buffer, choice: BackgroundChoice, maxPixels: number, backdrop?: Buffer): Promise<Composed> {
  const cut = await sharp(cutout, { limitInputPixels: maxPixels }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = cut.info;
  if (choice.background !== 'TRANSPARENT') for (let i = 3; i < cut.data.length; i += 4) if (cut.data[i]! < NOISE_ALPHA) cut.data[i] = 0;
  const rgba: Raw = { data: cut.data, width, height, channels: 4 };
  const alpha = await sharp(cut.data, rawOf(rgba)).extractChannel(3).raw().toBuffer();
  const subject = subjectBox(alpha, width, height);
  if (!subject && (choice.crop || choice.shadow)) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, 'No subject was found in this image to crop to or to shadow. Try another photo, or leave crop and shadow off.');
  }
  const box = choice.crop && subject ? cropBox(subject, choice.margin, width, height) : { left: 0, top: 0, width, height };
  const within = (r: Raw) => (choice.crop ? sharp(r.data, rawOf(r)).extract(box) : sharp(r.data, rawOf(r)));

  const layers: OverlayOptions[] = [];
  if (choice.shadow && subject) {
    const shadow = await shadowOf(alpha, width, height, subject);
    layers.push({ input: await within(shadow).raw().toBuffer(), raw: { width: box.width, height: box.height, channels: 4 } });
  }
  layers.push({ input: await within(rgba).raw().toBuffer(), raw: { width: box.width, height: box.height, channels: 4 } });

  const base = await backgroundOf(choice, { width, height, box, original, backdrop, alpha, maxPixels });
  const opaque = choice.background !== 'TRANSPARENT';
  let image = sharp(base.data, rawOf(base)).composite(layers);
  // Opaque: the alpha channel says nothing, so it is not written (a JPEG has none anyway).
  image = opaque
    ? sharp(await image.removeAlpha().raw().toBuffer(), { raw: { width: box.width, height: box.height, channels: 3 } })
    : sharp(await image.raw().toBuffer(), rawOf({ ...base, channels: 4 }));
  return { image, opaque, width: box.width, height: box.height, ...(choice.crop ? { crop: box } : {}) };
}

interface Canvas {
  width: number;
  height: number;
  box: Box;
  original: Buffer;
  backdrop?: Buffer;
  alpha: Buffer;
  maxPixels: number;
}

/** The layer under everything, at the crop's size: transparent, a colour, the blurred background or the uploaded picture. */
async function backgroundOf(choice: BackgroundChoice, c: Canvas): Promise<Raw> {
  const { width, height } = c.box;
  const solid = async (background: Color, channels: 3 | 4) => ({
    data: await sharp({ create: { width, height, channels, background } }).raw().toBuffer(),
    width,
    height,
    channels,
  });
  switch (choice.background) {
    case 'TRANSPARENT':
      return solid({ r: 0, g: 0, b: 0, alpha: 0 }, 4);
    case 'COLOR':
      return solid(hexToRgb(choice.color ?? '#ffffff'), 3);
    case 'IMAGE': {
      if (!c.backdrop) throw new AppError(ErrorCode.NOT_FOUND, 'The background image is no longer available. Please upload it again.');
      // Fitted to cover the result and centred; a transparent part of it lies on white, so the result stays opaque.
      const data = await sharp(c.backdrop, { limitInputPixels: c.maxPixels })
        .rotate()
        .resize(width, height, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .removeAlpha()
        .raw()
        .toBuffer();
      return { data, width, height, channels: 3 };
    }
    case 'BLUR':
      return blurredBackground(c);
  }
}

/**
 * The photo's own background, blurred, behind the subject: the blur averages background pixels
 * only (the photo weighted by 1 − the subject's alpha; sharp premultiplies alpha before blurring),
 * so the subject's colours do not bleed into a halo; where the subject hides all background
 * nearby, the plain blur of the whole photo fills in. Opaque.
 */
async function blurredBackground(c: Canvas): Promise<Raw> {
  const sigma = Math.max(3, BLUR_SIGMA * Math.max(c.width, c.height));
  const photo = await sharp(c.original, { limitInputPixels: c.maxPixels }).resize(c.width, c.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const rgb: Raw = { data: photo, width: c.width, height: c.height, channels: 3 };
  const away = Buffer.from(c.alpha.map((a) => 255 - a));
  const backgroundOnly = await sharp(photo, rawOf(rgb))
    .joinChannel(away, { raw: { width: c.width, height: c.height, channels: 1 } })
    .blur(sigma)
    .png()
    .toBuffer();
  const whole = await sharp(photo, rawOf(rgb))
    .blur(sigma)
    .composite([{ input: backgroundOnly }])
    .removeAlpha()
    .raw()
    .toBuffer();
  // Cropped in a second pass: sharp extracts before it composites.
  const data = await sharp(whole, rawOf(rgb)).extract(c.box).raw().toBuffer();
  return { data, width: c.box.width, height: c.box.height, channels: 3 };
}

/** A soft black shadow: the subject's silhouette dropped a little and blurred, under the subject. */
async function shadowOf(alpha: Buffer, width: number, height: number, subject: Box): Promise<Raw> {
  const size = Math.max(subject.width, subject.height);
  const drop = Math.max(2, Math.round(SHADOW_DROP * subject.height));
  const sigma = Math.max(1.5, SHADOW_SOFTNESS * size);
  const one = { raw: { width, height, channels: 1 as const } };
  // The silhouette moved down by `drop` rows (the rows above it empty).
  const dropped = Buffer.concat([Buffer.alloc(drop * width), alpha.subarray(0, (height - drop) * width)]);
  const shifted = await sharp(dropped, one).blur(sigma).linear(SHADOW_OPACITY, 0).extractChannel(0).raw().toBuffer();
  const data = await sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .joinChannel(shifted, one)
    .raw()
    .toBuffer();
  return { data, width, height, channels: 4 };
}
