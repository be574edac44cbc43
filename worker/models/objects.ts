// Embedded, offline object removal: the object is found by name with a COCO detector
// (detector.ts), outlined by segmentation inside each box (segmenter.ts), grown a little, joined
// with whatever the user brushed, and filled by exemplar inpainting from its surroundings
// (inpaint.ts). Pixels outside that hole are never touched.
import sharp from 'sharp';
import { AppError, ErrorCode } from '../../server/shared/platform/errors.js';
import { decodeRgba, type Progress } from './background.js';
import { DEFAULT_MIN_SCORE, findNamedObjects, intersection, iou, type Detection } from './detector.js';
import { inpaintRaw } from './inpaint.js';
import { fillWithIOPaint } from '../providers/image/iopaint.js';
import { nothingBrushed } from '../image-mask.js';
import { dilateDisc } from './raster.js';
import { expectedOutlineMs, objectAlpha, type RawImage } from './segmenter.js';

/**
 * At most this many instances are outlined (each costs a segmentation run). With more found (a
 * crowd, a fruit bowl) only the main one is removed — the largest, most central — and the user
 * is told so: their brush picks another.
 */
export const MAX_INSTANCES = 3;
/** An instance whose outline covers less of its box than this was not outlined (the segmenter saw no object there). */
const MIN_OUTLINE_SHARE = 0.12;
/** A removal counts as done only if at least this share of the object's own pixels changed noticeably… */
const MIN_CHANGED_SHARE = 0.5;
/** …by more than this (sum of the three channels' absolute differences). */
const CHANGED_LEVELS = 24;
/** After the fill, a detection of the same word overlapping a removed box this much means it is still there. */
const STILL_THERE_IOU = 0.5;
/** Boxes over more than this share of the frame are not removed by name (a wall's texture read as a whole-frame "dog"). */
const MAX_BOX_SHARE = 0.8;
/**
 * An object whose outline covers more than this share of the frame is not removed by name:
 * too little is left around it to fill it from, and the fill repeats what there is (a
 * portrait's sitter, 42 % of the frame, came back as copies of the shuttle models beside
 * her). Judged on the outline, not the box: a zebra seen diagonally fills 64 % of the frame
 * with its box but 38 % with itself, and is removed well.
 */
const MAX_OBJECT_SHARE = 0.4;

export interface ObjectRemovalOptions {
  maxPixels: number;
  /** An IOPaint server's URL: it fills the hole (a learned inpainter), checked like our own fill. */
  fillUrl?: string;
}

export interface ObjectRemoval {
  png: Buffer;
  /** What was found by name: the detector's class, how many were removed of how many seen. */
  found: { label: string; removed: number; seen: number; matchedAs: 'exact' | 'similar' } | null;
  brushed: boolean;
  /** One line for the user: what was removed. */
  summary: string;
  /** What filled the hole: 'embedded', or the IOPaint server's model ("iopaint:lama"). */
  filledBy?: string;
}

/** What to remove, found by name and/or brushed: the hole (1 = remove) at the (EXIF-oriented) image's size. */
export interface ObjectHole {
  image: RawImage;
  hole: Uint8Array;
  /** The object itself, without the margin (its outlines' cores and the brushed area): what must change. */
  core: Uint8Array;
  /** The instances removed by name (their detector boxes), to look for them again after the fill. */
  removed: Detection[];
  found: ObjectRemoval['found'];
  brushed: boolean;
  summary: string;
}

export async function removeObjectLocal(
  input: Buffer,
  object: string | undefined,
  mask: Buffer | undefined,
  opts: ObjectRemovalOptions,
  progress: Progress = () => {},
): Promise<ObjectRemoval> {
  const found = await findObjectHole(input, object, mask, opts, progress);
  const { image, hole } = found;
  const { width: W, height: H } = image;
  progress(70, 'Filling in the background');
  // The decoded pixels go straight to the inpainter (no PNG round trip), alpha left out as before.
  const rgb = await sharp(image.data, { raw: { width: W, height: H, channels: image.channels } })
    .removeAlpha()
    .raw()
    .toBuffer();
  const remote = opts.fillUrl ? await fillWithIOPaint(opts.fillUrl, { data: rgb, width: W, height: H }, hole) : null;
  const filled = remote ? remote.rgb : inpaintRaw({ data: rgb, width: W, height: H, channels: 3 }, hole);
  progress(90, 'Checking the object is gone');
  await verifyRemoval(object, found, rgb, filled);
  const png = await sharp(filled, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
  return { png, found: found.found, brushed: found.brushed, summary: found.summary, filledBy: remote ? `iopaint:${remote.model}` : 'embedded' };
}

/**
 * A removal is reported only if it happened: most of the object's own pixels changed and,
 * for an object found by name, the detector no longer finds it where it was. Otherwise the job
 * fails saying what was found and what to do (it was reported done on an unchanged photo).
 */
export async function verifyRemoval(
  object: string | undefined,
  found: Pick<ObjectHole, 'core' | 'hole' | 'removed' | 'brushed' | 'image'>,
  before: Buffer,
  after: Buffer,
): Promise<void> {
  const { core, removed, brushed } = found;
  const { width: W, height: H } = found.image;
  // The object's own pixels: those of the core unlike what surrounds the hole. A brush's margin
  // is background, refilled alike; an object coloured like its surroundings is judged by the
  // detector alone.
  const object_ = unlikeSurroundings(before, core, found.hole, W, H);
  const share = object_.count > 0 && object_.count >= MIN_OBJECT_PIXELS_SHARE * object_.of ? changedShare(before, after, object_.mask) : 1;
  const what = removed.length ? `the ${object}` : 'the brushed area';
  if (share < MIN_CHANGED_SHARE) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      `Could not remove ${what}: the fill left ${Math.round((1 - share) * 100)} % of it as it was. Brush over it, a little beyond its edge, and try again.`,
      { object, reason: 'NOT_REMOVED', changedShare: Number(share.toFixed(3)) },
    );
  }
  if (!removed.length || object === undefined) return;
  const again = await findNamedObjects({ data: after, width: W, height: H, channels: 3 }, object);
  const still = removed.filter((r) => again.detections.some((d) => iou(d.box, r.box) >= STILL_THERE_IOU));
  // Or a part of it the outline missed, seen as the object on its own (a white jet on white
  // clouds: the segmenter outlined the fuselage, and the tail, still the photo's own pixels,
  // is found as "airplane").
  const part = removed.filter((r) =>
    again.detections.some((d) => d.score >= DEFAULT_MIN_SCORE && insideShare(d.box, r.box) >= PART_INSIDE && outsideHoleShare(d.box, found.hole, W) >= PART_UNTOUCHED),
  );
  if (still.length || part.length) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      `${still.length ? `The ${object} is` : `Part of the ${object} is`} still visible after filling${brushed ? '' : ' (its outline was not found exactly)'}. Brush over the whole ${object}, a little beyond its edge, and try again.`,
      { object, reason: 'STILL_THERE' },
    );
  }
}

/** A detection of the word mostly (this share) inside a removed box… */
const PART_INSIDE = 0.6;
/** …and mostly (this share) over pixels the fill did not touch is a part of the object left behind. */
const PART_UNTOUCHED = 0.5;

/** The share of box `a` that lies inside box `b`. */
function insideShare(a: Detection['box'], b: Detection['box']): number {
  return intersection(a, b) / (a.width * a.height || 1);
}

/** The share of the box's pixels outside the hole. */
function outsideHoleShare(box: Detection['box'], hole: Uint8Array, W: number): number {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(W, Math.ceil(box.x + box.width));
  const y1 = Math.min(hole.length / W, Math.ceil(box.y + box.height));
  let outside = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (!hole[y * W + x]) outside++;
  return outside / Math.max(1, (x1 - x0) * (y1 - y0));
}

/** Fewer of the core's pixels than this share unlike the surroundings: nothing to tell by colour. */
const MIN_OBJECT_PIXELS_SHARE = 0.02;

/**
 * The core's pixels whose colour is unlike the ring around the hole (more than 3 of the ring's
 * standard deviations away, per channel, summed in quadrature), as a mask, with their count.
 */
function unlikeSurroundings(rgb: Buffer, core: Uint8Array, hole: Uint8Array, W: number, H: number): { mask: Uint8Array; count: number; of: number } {
  const ringWidth = Math.max(4, growRadius(W, H) * 2);
  const grown = dilateDisc(hole, W, H, ringWidth);
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < grown.length; i++) {
    if (!grown[i] || hole[i]) continue;
    n++;
    for (let c = 0; c < 3; c++) {
      const v = rgb[i * 3 + c]!;
      sum[c]! += v;
      sq[c]! += v * v;
    }
  }
  const mask = new Uint8Array(core.length);
  let count = 0;
  let of = 0;
  const mean = sum.map((t) => t / Math.max(1, n));
  // A floor on the spread: JPEG noise on a plain wall is not an object.
  const sd = sq.map((t, c) => Math.max(8, Math.sqrt(Math.max(0, t / Math.max(1, n) - mean[c]! ** 2))));
  for (let i = 0; i < core.length; i++) {
    if (!core[i]) continue;
    of++;
    let z = 0;
    for (let c = 0; c < 3; c++) z += ((rgb[i * 3 + c]! - mean[c]!) / sd[c]!) ** 2;
    if (z > 9) {
      mask[i] = 1;
      count++;
    }
  }
  return { mask, count, of };
}

/** The share of `area`'s pixels whose colour changed by more than CHANGED_LEVELS (RGB, interleaved). */
function changedShare(before: Buffer, after: Buffer, area: Uint8Array): number {
  let total = 0;
  let changed = 0;
  for (let i = 0; i < area.length; i++) {
    if (!area[i]) continue;
    total++;
    const o = i * 3;
    const d = Math.abs(before[o]! - after[o]!) + Math.abs(before[o + 1]! - after[o + 1]!) + Math.abs(before[o + 2]! - after[o + 2]!);
    if (d > CHANGED_LEVELS) changed++;
  }
  return total ? changed / total : 0;
}

/**
 * The same search, for a service that fills the hole itself (ClipDrop's cleanup): a mask PNG
 * of the (EXIF-oriented) image's size, white where to remove, black elsewhere.
 */
export async function objectMaskLocal(
  input: Buffer,
  object: string | undefined,
  mask: Buffer | undefined,
  opts: ObjectRemovalOptions,
  progress: Progress = () => {},
): Promise<ObjectRemoval> {
  const { image, hole, found, brushed, summary } = await findObjectHole(input, object, mask, opts, progress);
  const white = Buffer.alloc(hole.length);
  for (let i = 0; i < hole.length; i++) white[i] = hole[i] ? 255 : 0;
  const png = await sharp(white, { raw: { width: image.width, height: image.height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, found, brushed, summary };
}

async function findObjectHole(input: Buffer, object: string | undefined, mask: Buffer | undefined, opts: ObjectRemovalOptions, progress: Progress): Promise<ObjectHole> {
  const image = await decodeRgba(input, opts.maxPixels);
  const { width: W, height: H } = image;
  const brush = mask ? await brushedArea(mask, W, H, opts.maxPixels) : null;
  if (object === undefined) return brushedOnly(image, brush);

  progress(30, `Looking for the ${object}`);
  const named = await findNamedObjects(image, object);
  // With a brushed mask, only instances the user brushed over count: the brush says which one.
  const brushed = brush ? named.detections.filter((d) => overlaps(brush, W, d)) : named.detections;
  // A box over most of the frame leaves nothing to fill from (and on fine textures the detector
  // now and then reports one that is not there): never wipe the photo.
  const candidates = brushed.filter((d) => d.box.width * d.box.height <= MAX_BOX_SHARE * W * H);
  const tooLarge = (share?: number): AppError =>
    new AppError(
      ErrorCode.BAD_USER_INPUT,
      `The ${object} takes up ${share ? `${Math.round(share * 100)} % of this image` : 'most of this image'}: too much to fill in from what is around it. Brush over the part to remove.`,
      { object, reason: 'TOO_LARGE' },
    );
  if (!candidates.length && brushed.length && !brush) throw tooLarge();
  if (!candidates.length && !brush) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      named.classes.length ? `No ${object} was found in this image. Brush over it and try again.` : `Atelier can't find a "${object}" by name yet. Brush over it and try again.`,
      { object, reason: named.classes.length ? 'NOT_FOUND' : 'UNKNOWN_OBJECT' },
    );
  }
  // A crowd or a fruit bowl: the main one only (the brush picks another); a few: all of them.
  const chosen = candidates.length > MAX_INSTANCES ? [mainSubject(candidates, W, H)] : [...candidates].sort((a, b) => area(b) - area(a));

  const hole = brush ? Uint8Array.from(brush) : new Uint8Array(W * H);
  const core = brush ? Uint8Array.from(brush) : new Uint8Array(W * H);
  const removed: Detection[] = [];
  let largest = 0;
  for (const [k, d] of chosen.entries()) {
    const at = (share: number) => 40 + Math.round((25 * (k + share)) / chosen.length);
    progress(at(0), chosen.length > 1 ? `Outlining ${object} ${k + 1} of ${chosen.length}` : `Outlining the ${object}`, { toPercent: at(1), ms: expectedOutlineMs(d.box, W, H) });
    const alpha = await objectAlpha(image, d.box);
    // Faint fringe counts too (a halo left behind is what people notice), then a margin.
    const outline = new Uint8Array(W * H);
    let solid = 0;
    for (let i = 0; i < outline.length; i++) {
      outline[i] = alpha[i]! > 16 ? 1 : 0;
      if (alpha[i]! >= 128) solid++;
    }
    // The segmenter saw no object in this box (a person in a crowd, a car filling the frame):
    // removing "nothing" would be reported as done on an unchanged photo.
    if (solid < MIN_OUTLINE_SHARE * area(d)) continue;
    if (solid > MAX_OBJECT_SHARE * W * H) {
      largest = Math.max(largest, solid / (W * H));
      continue;
    }
    for (let i = 0; i < core.length; i++) if (alpha[i]! >= 128) core[i] = 1;
    const grown = dilateDisc(outline, W, H, growRadius(W, H));
    for (let i = 0; i < hole.length; i++) hole[i] = hole[i]! | grown[i]!;
    removed.push(d);
  }
  if (!removed.length && !brush && largest) throw tooLarge(largest);
  if (!removed.length && !brush) {
    const seen = candidates.length === 1 ? `${/^[aeiou]/i.test(object) ? 'an' : 'a'} ${object}` : `${candidates.length} × ${object}`;
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      `Found ${seen} but could not tell ${candidates.length === 1 ? 'its' : 'their'} outline from the background. Brush over the ${object} and try again.`,
      { object, reason: 'NOT_OUTLINED', seen: candidates.length },
    );
  }

  const found = removed.length ? { label: removed[0]!.label, removed: removed.length, seen: candidates.length, matchedAs: named.matchedAs as 'exact' | 'similar' } : null;
  return { image, hole, core, removed, found, brushed: Boolean(brush), summary: summarise(object, found, Boolean(brush)) };
}

const area = (d: Detection): number => d.box.width * d.box.height;

/** The instance a photo is about: large and near the middle (area, less for each half-frame away from the centre). */
function mainSubject(detections: Detection[], W: number, H: number): Detection {
  const weight = (d: Detection): number => {
    const dx = (d.box.x + d.box.width / 2 - W / 2) / (W / 2);
    const dy = (d.box.y + d.box.height / 2 - H / 2) / (H / 2);
    return area(d) * (1 - 0.5 * Math.min(1, Math.hypot(dx, dy)));
  };
  return detections.reduce((best, d) => (weight(d) > weight(best) ? d : best));
}

/** The margin around an outline: about 0.4 % of the longer side, 3–16 px. */
const growRadius = (w: number, h: number): number => Math.max(3, Math.min(16, Math.round(0.004 * Math.max(w, h))));

function summarise(object: string, found: ObjectRemoval['found'], brushed: boolean): string {
  if (!found) return 'Removed the brushed area';
  const and = brushed ? ' and the brushed area' : '';
  if (found.seen > MAX_INSTANCES) return `Removed the main ${object} (the largest, most central of ${found.seen} found)${and}. Brush over another one to remove it.`;
  const what = found.removed === 1 ? `the ${object}` : `${found.removed} × ${object}`;
  const of = found.seen > found.removed ? ` (${found.removed} of the ${found.seen} found: brush over the others)` : '';
  return `Removed ${what}${of}${and}`;
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

/**
 * No name (docs/jobs-and-events.md, "Object removal by name or by brush"): the brushed area is
 * the hole and the object, as it was brushed; the detector does not run.
 */
function brushedOnly(image: RawImage, brush: Uint8Array | null): ObjectHole {
  if (!brush) throw nothingBrushed();
  return { image, hole: brush, core: Uint8Array.from(brush), removed: [], found: null, brushed: true, summary: 'Removed the brushed area' };
}
