// Embedded, offline object removal: the object is found by name with a COCO detector
// (detector.ts), outlined by segmentation inside each box (segmenter.ts), grown a little, joined
// with whatever the user brushed, and filled by exemplar inpainting from its surroundings
// (inpaint.ts). Pixels outside that hole are never touched.
import sharp from 'sharp';
import { AppError, ErrorCode } from '../../../errors.js';
import { decodeRgba, type Progress } from './background.js';
import { findNamedObjects, type Detection } from './detector.js';
import { inpaintRaw } from './inpaint.js';
import { dilateDisc } from './raster.js';
import { objectAlpha, type RawImage } from './segmenter.js';

/** At most this many instances are outlined (each costs a segmentation run); the largest first. */
export const MAX_INSTANCES = 3;
/** Boxes over more than this share of the frame are not removed by name. */
const MAX_BOX_SHARE = 0.5;

export interface ObjectRemovalOptions {
  maxPixels: number;
}

export interface ObjectRemoval {
  png: Buffer;
  /** What was found by name: the detector's class, how many were removed of how many seen. */
  found: { label: string; removed: number; seen: number; matchedAs: 'exact' | 'similar' } | null;
  brushed: boolean;
  /** One line for the user: what was removed. */
  summary: string;
}

/** What to remove, found by name and/or brushed: the hole (1 = remove) at the (EXIF-oriented) image's size. */
export interface ObjectHole {
  image: RawImage;
  hole: Uint8Array;
  found: ObjectRemoval['found'];
  brushed: boolean;
  summary: string;
}

export async function removeObjectLocal(
  input: Buffer,
  object: string,
  mask: Buffer | undefined,
  opts: ObjectRemovalOptions,
  progress: Progress = () => {},
): Promise<ObjectRemoval> {
  const { image, hole, found, brushed, summary } = await findObjectHole(input, object, mask, opts, progress);
  const { width: W, height: H } = image;
  progress(70, 'Filling in the background');
  // The decoded pixels go straight to the inpainter (no PNG round trip), alpha left out as before.
  const rgb = await sharp(image.data, { raw: { width: W, height: H, channels: image.channels } }).removeAlpha().raw().toBuffer();
  const filled = inpaintRaw({ data: rgb, width: W, height: H, channels: 3 }, hole);
  const png = await sharp(filled, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
  return { png, found, brushed, summary };
}

/**
 * The same search, for a service that fills the hole itself (ClipDrop's cleanup): a mask PNG
 * of the (EXIF-oriented) image's size, white where to remove, black elsewhere.
 */
export async function objectMaskLocal(input: Buffer, object: string, mask: Buffer | undefined, opts: ObjectRemovalOptions, progress: Progress = () => {}): Promise<ObjectRemoval> {
  const { image, hole, found, brushed, summary } = await findObjectHole(input, object, mask, opts, progress);
  const white = Buffer.alloc(hole.length);
  for (let i = 0; i < hole.length; i++) white[i] = hole[i] ? 255 : 0;
  const png = await sharp(white, { raw: { width: image.width, height: image.height, channels: 1 } }).png().toBuffer();
  return { png, found, brushed, summary };
}

async function findObjectHole(input: Buffer, object: string, mask: Buffer | undefined, opts: ObjectRemovalOptions, progress: Progress): Promise<ObjectHole> {
  const image = await decodeRgba(input, opts.maxPixels);
  const { width: W, height: H } = image;
  const brush = mask ? await brushedArea(mask, W, H, opts.maxPixels) : null;

  progress(30, `Looking for the ${object}`);
  const named = await findNamedObjects(image, object);
  // With a brushed mask, only instances the user brushed over count: the brush says which one.
  const brushed = brush ? named.detections.filter((d) => overlaps(brush, W, d)) : named.detections;
  // A box over most of the frame leaves nothing to fill from (and on fine textures the detector
  // now and then reports one that is not there): never wipe the photo.
  const candidates = brushed.filter((d) => d.box.width * d.box.height <= MAX_BOX_SHARE * W * H);
  if (!candidates.length && brushed.length && !brush) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, `The ${object} fills most of this image, so there is nothing around it to fill it in from. Brush over the part to remove.`, {
      object,
      reason: 'TOO_LARGE',
    });
  }
  if (!candidates.length && !brush) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      named.classes.length
        ? `No ${object} was found in this image. Brush over it and try again.`
        : `Atelier can't find a "${object}" by name yet. Brush over it and try again.`,
      { object, reason: named.classes.length ? 'NOT_FOUND' : 'UNKNOWN_OBJECT' },
    );
  }
  const chosen = [...candidates].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height).slice(0, MAX_INSTANCES);

  const hole = brush ?? new Uint8Array(W * H);
  for (const [k, d] of chosen.entries()) {
    progress(40 + Math.round((25 * k) / chosen.length), chosen.length > 1 ? `Outlining ${object} ${k + 1} of ${chosen.length}` : `Outlining the ${object}`);
    const alpha = await objectAlpha(image, d.box);
    // Faint fringe counts too (a halo left behind is what people notice), then a margin.
    const outline = new Uint8Array(W * H);
    for (let i = 0; i < outline.length; i++) outline[i] = alpha[i]! > 16 ? 1 : 0;
    const grown = dilateDisc(outline, W, H, growRadius(W, H));
    for (let i = 0; i < hole.length; i++) hole[i] = hole[i]! | grown[i]!;
  }

  const found = chosen.length ? { label: chosen[0]!.label, removed: chosen.length, seen: candidates.length, matchedAs: named.matchedAs as 'exact' | 'similar' } : null;
  return { image, hole, found, brushed: Boolean(brush), summary: summarise(object, found, Boolean(brush)) };
}

/** The margin around an outline: about 0.4 % of the longer side, 3–16 px. */
const growRadius = (w: number, h: number): number => Math.max(3, Math.min(16, Math.round(0.004 * Math.max(w, h))));

function summarise(object: string, found: ObjectRemoval['found'], brushed: boolean): string {
  if (!found) return 'Removed the brushed area';
  const what = found.removed === 1 ? `the ${object}` : `${found.removed} × ${object}`;
  const of = found.seen > found.removed ? ` (the ${found.removed} largest of ${found.seen} found)` : '';
  return `Removed ${what}${of}${brushed ? ' and the brushed area' : ''}`;
}

/** Whether the brushed area touches the detection's box. */
function overlaps(brush: Uint8Array, w: number, d: Detection): boolean {
  const x0 = Math.max(0, Math.floor(d.box.x));
  const y0 = Math.max(0, Math.floor(d.box.y));
  const x1 = Math.min(w, Math.ceil(d.box.x + d.box.width));
  const y1 = Math.min(brush.length / w, Math.ceil(d.box.y + d.box.height));
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (brush[y * w + x]) return true;
  return false;
}

/** The user's mask at the image's size: painted = white (or opaque, when the mask uses transparency). */
async function brushedArea(mask: Buffer, W: number, H: number, maxPixels: number): Promise<Uint8Array | null> {
  const { data } = await sharp(mask, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .resize(W, H, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = W * H;
  let transparent = 0;
  for (let i = 0; i < n; i++) if (data[i * 4 + 3]! < 128) transparent++;
  const useAlpha = transparent > 0 && transparent < n;
  const out = new Uint8Array(n);
  let painted = 0;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    const on = useAlpha ? data[o + 3]! >= 128 : 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]! > 127;
    if (on) {
      out[i] = 1;
      painted++;
    }
  }
  return painted ? out : null;
}
