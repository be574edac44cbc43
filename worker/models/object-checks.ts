// A removal is reported only for what happened (docs/architecture.md, "Object removal"): after
// the fill the object is gone (most of its own pixels changed; the detector no longer finds it
// where it was, nor a part of it the outline missed), nothing new stands in the filled area (a
// person copied from elsewhere), and every other object's pixels are the photo's own. A fill
// that passes but may not convince (a hole large for what surrounds it, an edge between two
// objects decided without evidence) is reported with a note, not as a plain success.
import { AppError, ErrorCode } from '../../server/shared/platform/errors.js';
import { DEFAULT_MIN_SCORE, detectEverything, intersection, iou, namedAmong, type Detection } from './detector.js';
import { growRadius, type RemovalPlan } from './object-scene.js';
import { countSet, dilateDisc } from './raster.js';

/** A removal counts as done only if at least this share of the object's own pixels changed noticeably… */
const MIN_CHANGED_SHARE = 0.5;
/** …by more than this (sum of the three channels' absolute differences). */
const CHANGED_LEVELS = 24;
/** After the fill, a detection of the same word overlapping a removed box this much means it is still there. */
const STILL_THERE_IOU = 0.5;
/** A detection of the word mostly (this share) inside a removed box… */
const PART_INSIDE = 0.6;
/** …and mostly (this share) over pixels the fill did not touch is a part of the object left behind. */
const PART_UNTOUCHED = 0.5;
/** Fewer of the core's pixels than this share unlike the surroundings: nothing to tell by colour. */
const MIN_OBJECT_PIXELS_SHARE = 0.02;
/** A detection after the fill from this score, at least this share of its box filled, and not seen there before, is something the fill made. */
const NEW_OBJECT_MIN_SCORE = 0.3;
const NEW_OBJECT_FILLED = 0.5;
/** A detection before the fill of the same class overlapping this much was there already. */
const SEEN_BEFORE_IOU = 0.3;
/** A hole over this share of the frame is large for what surrounds it: the result carries a note. */
const LARGE_HOLE_SHARE = 0.12;

/** What the checks need of a plan (tests build one by hand). */
export type Checked = Pick<RemovalPlan, 'core' | 'hole' | 'removed' | 'before'> & { width: number; height: number; brushed: boolean };

/**
 * Checks the fill; throws what went wrong, in words, with what to do. Returns the detections the
 * fill made (things that look like an object where there was none): the caller may fill again
 * without their likely sources, then fail if they are still there.
 */
export async function checkRemoval(object: string | undefined, plan: Checked, before: Buffer, after: Buffer): Promise<{ madeUp: Detection[] }> {
  const { core, removed, width: W, height: H } = plan;
  // The object's own pixels: those of the core unlike what surrounds the hole. A brush's margin
  // is background, refilled alike; an object coloured like its surroundings is judged by the
  // detector alone.
  const own = unlikeSurroundings(before, core, plan.hole, W, H);
  const share = own.count > 0 && own.count >= MIN_OBJECT_PIXELS_SHARE * own.of ? changedShare(before, after, own.mask) : 1;
  const what = removed.length && object ? `the ${object}` : 'the brushed area';
  if (share < MIN_CHANGED_SHARE) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      `Could not remove ${what}: the fill left ${Math.round((1 - share) * 100)} % of it as it was. Brush over it, a little beyond its edge, and try again.`,
      { object, reason: 'NOT_REMOVED', changedShare: Number(share.toFixed(3)) },
    );
  }
  const afterAll = await detectEverything({ data: after, width: W, height: H, channels: 3 });
  if (object && removed.length) stillThere(object, plan, afterAll);
  return { madeUp: madeUp(plan, afterAll, !object) };
}

/** The named object, or a part of it the outline missed, still found where it was. */
function stillThere(object: string, plan: Checked, afterAll: Detection[]): void {
  const { removed, hole, width: W, height: H, brushed } = plan;
  const again = namedAmong(afterAll, object, W * H).detections;
  const still = removed.filter((r) => again.some((d) => iou(d.box, r.box) >= STILL_THERE_IOU));
  // A part the outline missed, seen as the object on its own (a white jet on white clouds: the
  // segmenter outlined the fuselage, and the tail, still the photo's own pixels, is found as "airplane").
  const part = removed.filter((r) =>
    again.some((d) => d.score >= DEFAULT_MIN_SCORE && insideShare(d.box, r.box) >= PART_INSIDE && 1 - filledShare(d.box, hole, W, H) >= PART_UNTOUCHED),
  );
  if (still.length || part.length) {
    throw new AppError(
      ErrorCode.BAD_USER_INPUT,
      `${still.length ? `The ${object} is` : `Part of the ${object} is`} still visible after filling${brushed ? '' : ' (its outline was not found exactly)'}. Brush over the whole ${object}, a little beyond its edge, and try again.`,
      { object, reason: 'STILL_THERE' },
    );
  }
}

/**
 * Detections after the fill standing mostly on filled pixels, with nothing of their class there
 * before; a brushed area must hold none at all (what stood there was brushed away: the same
 * class found there again is a copy, or what the brush did not cover).
 */
function madeUp(plan: Checked, afterAll: Detection[], brushedOnly: boolean): Detection[] {
  const { hole, before, removed, width: W, height: H } = plan;
  return afterAll.filter(
    (d) =>
      d.score >= NEW_OBJECT_MIN_SCORE &&
      filledShare(d.box, hole, W, H) >= NEW_OBJECT_FILLED &&
      (brushedOnly || !before.some((b) => b.label === d.label && iou(b.box, d.box) >= SEEN_BEFORE_IOU)) &&
      // The removed object seen again is stillThere's to judge.
      !removed.some((r) => r.label === d.label && iou(r.box, d.box) >= SEEN_BEFORE_IOU),
  );
}

/** The failure when a second fill still made something up. */
export function madeUpError(object: string | undefined, found: Detection[]): AppError {
  const thing = found[0]!.label;
  const a = /^[aeiou]/i.test(thing) ? 'an' : 'a';
  const message = object
    ? `The fill put something that looks like ${a} ${thing} where the ${object} was. Brush over a smaller area around it and try again, or ask the administrator to connect a learned inpainter.`
    : `Something that looks like ${a} ${thing} is in the brushed area after filling. Brush over all of it, a little beyond its edge, and try again, or ask the administrator to connect a learned inpainter.`;
  return new AppError(ErrorCode.BAD_USER_INPUT, message, { object, reason: 'NEW_OBJECT', seen: found.map((d) => d.label) });
}

/** The boxes (grown a little) of every earlier detection of these classes: a second fill copies from none of them. */
export function sourcesOf(labels: string[], before: Detection[], avoid: Uint8Array, W: number, H: number): Uint8Array {
  const out = Uint8Array.from(avoid);
  for (const d of before) {
    if (!labels.includes(d.label)) continue;
    const mx = Math.round(d.box.width * 0.1);
    const my = Math.round(d.box.height * 0.1);
    const x0 = Math.max(0, d.box.x - mx);
    const x1 = Math.min(W, d.box.x + d.box.width + mx);
    for (let y = Math.max(0, d.box.y - my); y < Math.min(H, d.box.y + d.box.height + my); y++) out.fill(1, y * W + x0, y * W + x1);
  }
  return out;
}

/** A note for a result that passed the checks but may not convince; null for a plain success. */
export function doubtOf(plan: Pick<RemovalPlan, 'hole' | 'guessed' | 'leftBeside'> & { width: number; height: number }, object: string | undefined): string | null {
  const share = countSet(plan.hole) / (plan.width * plan.height);
  if (share > LARGE_HOLE_SHARE)
    return `The filled area is large (${Math.round(share * 100)} % of the photo), more than what surrounds it can fill convincingly: look closely at the result. A smaller brushed area, or a learned inpainter, does better.`;
  if (plan.leftBeside.length && object)
    return `The edge between the ${object} and the ${plan.leftBeside.join(' and the ')} was hard to tell: part of the ${object} may still show there, or the ${plan.leftBeside.join(' and the ')} may have lost a little at the edge. Look closely there; brush over what is left to remove it too.`;
  if (plan.guessed && object) return `Where the ${object} touches another object, the edge between them was a guess: look closely there.`;
  return null;
}

/** The share of the box's pixels inside the hole. */
function filledShare(box: Detection['box'], hole: Uint8Array, W: number, H: number): number {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(W, Math.ceil(box.x + box.width));
  const y1 = Math.min(H, Math.ceil(box.y + box.height));
  let inside = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) inside += hole[y * W + x]!;
  return inside / Math.max(1, (x1 - x0) * (y1 - y0));
}

/** The share of box `a` that lies inside box `b`. */
function insideShare(a: Detection['box'], b: Detection['box']): number {
  return intersection(a, b) / (a.width * a.height || 1);
}

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
