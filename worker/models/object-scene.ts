// What a removal takes out of the photo, and what it must leave alone (docs/architecture.md,
// "Object removal"). Everything the detector sees is an object to keep, whatever its class;
// the target's instances and the objects touching them are outlined on their own boxes, each
// outline clipped to its box (a salient hill behind a herd is not a horse), and the pixels two
// outlines both claim are split between them (object-ownership.ts). The hole is the target's
// own pixels grown by a small margin, never into another object; the fill's sources leave out
// every object, the target included.
import type { Detection } from './detector.js';
import { detectEverything, namedAmong, type NamedObjects } from './detector.js';
import { splitContested, type Claim } from './object-ownership.js';
import { dilateDisc } from './raster.js';
import type { Progress } from './background.js';
import { expectedOutlineMs, objectOutline, type Outline, type RawImage } from './segmenter.js';

/**
 * At most this many instances of the named class are removed (each is outlined: one model run);
 * past it, the largest ones, and the summary says how many were left.
 */
export const MAX_INSTANCES = 5;
/** At most this many other objects touching the target are outlined (the largest overlaps first). */
const MAX_NEIGHBOURS = 6;
/** Another object counts from this detector score. */
const NEIGHBOUR_MIN_SCORE = 0.25;
/** A far object is left out of the sources by its box from this score, if the box is small (this share of the frame at most). */
const FAR_MIN_SCORE = 0.3;
const FAR_MAX_SHARE = 0.05;
/** A detection of another class over (nearly) the same box is the same object seen twice ("cat" on the dog). */
const SAME_OBJECT_IOU = 0.6;
/** An outline is clipped to its box grown by this share of the box's sides (at least CLIP_MIN_PX). */
const CLIP_MARGIN = 0.03;
const CLIP_MIN_PX = 3;
/** …and another object's outline to its box grown by this share (a giraffe's muzzle its box left out is still the giraffe's). */
const KEEP_CLIP_MARGIN = 0.1;
/** A solid piece of an outline past its box joins it when it lies wholly within this share of the box's size from it (a handle). */
const APPENDAGE = 0.2;
/** An instance whose outline covers less of its box than this was not outlined (the segmenter saw no object there). */
const MIN_OUTLINE_SHARE = 0.12;
/** Boxes over more than this share of the frame are not removed by name (a wall's texture read as a whole-frame "dog"). */
const MAX_BOX_SHARE = 0.8;
/**
 * An object whose outline covers more than this share of the frame is not removed by name: too
 * little is left around it to fill it from (a portrait's sitter, 42 % of the frame, came back
 * as copies of the shuttle models beside her).
 */
export const MAX_OBJECT_SHARE = 0.4;
/** Classes that are the surface objects stand on: the background of what stands on them, not objects beside it. */
const SURFACES = new Set(['dining table', 'bed', 'couch', 'bench']);
/** Another object keeps this many pixels beyond its outline, where the target does not own them (its faint edge). */
const KEEP_EDGE = 2;
/** The target's faint pixels farther than this many hole margins (growRadius) from its solid ones are not its own beside another object. */
const FAINT_REACH = 2;
/** Beside an object whose edge with the target is in doubt, it keeps this many grow radii of the target's pixels along its edge. */
const DOUBT_BAND = 2;
/** A brush picks an instance of the named class when it covers this share of its box. */
const BRUSH_PICKS = 0.25;
/** A box of the class with this share of itself inside a larger one's is that one's part, or hidden behind it. */
const NESTED_PART = 0.8;

/** What to take out and what to spare, at the (EXIF-oriented) image's size; masks are 0/1, W × H. */
export interface RemovalPlan {
  /** What is filled: the target's own pixels and a margin; the brushed area when no named object was found under it. */
  hole: Uint8Array;
  /** The target itself without the margin (its solid pixels; or the brushed area): what must change. */
  core: Uint8Array;
  /** Other objects' pixels: never written. */
  keep: Uint8Array;
  /** Never a source: every object's outline (the target's too) and small far objects' boxes. */
  avoid: Uint8Array;
  /** The instances removed by name (their detector boxes), to look for them again after the fill. */
  removed: Detection[];
  /** Instances of the class found (that the brush touched, with a brush), a box inside a larger one's not counted. */
  seen: number;
  /** Removed instances overlap, or a box inside one was taken along: the count may take two for one. */
  merged: boolean;
  /** Everything the detector saw before, any class: a new object after the fill is one it did not see here. */
  before: Detection[];
  named: NamedObjects | null;
  /** The largest outline refused for its size (share of the frame), when none was removed. */
  tooLarge: number;
  /** Contested pixels decided by the boxes alone (no colour evidence): the split may be off. */
  guessed: boolean;
  /** The classes of objects beside which a part of the target may be left (it looks like the target, not plainly enough). */
  leftBeside: string[];
}

interface Outlined extends Claim {
  det: Detection;
  solidCount: number;
}

/**
 * Plans a removal: by name (`object`), by brush (`brush`, W × H, 1 = brushed), or both: then the
 * brush picks which instances of the name go, and is the hole itself only when it picks none.
 */
export async function planRemoval(image: RawImage, object: string | undefined, brush: Uint8Array | null, progress: Progress): Promise<RemovalPlan> {
  const { width: W, height: H } = image;
  if (object) progress(30, `Looking for the ${object}`);
  const before = await detectEverything(image);
  const named = object ? namedAmong(before, object, W * H) : null;
  const brushed = named ? (brush ? pickedByBrush(named.detections, brush, W) : named.detections) : [];
  // Every instance up to the limit, the largest first: one rule for every class. A box inside a
  // larger one of the class is a part of it (a bicycle's handlebar) or an instance hidden behind
  // it: the larger one's outline takes it along, and it is not counted on its own.
  const sorted = brushed.filter((d) => area(d) <= MAX_BOX_SHARE * W * H).sort((a, b) => area(b) - area(a));
  const candidates = sorted.filter((d, k) => !sorted.slice(0, k).some((c) => insideShare(d.box, c.box) >= NESTED_PART));
  const chosen = candidates.slice(0, MAX_INSTANCES);
  const targets: Outlined[] = [];
  let tooLarge = 0;
  for (const [k, d] of chosen.entries()) {
    const step = (share: number): number => 40 + Math.round((20 * (k + share)) / chosen.length);
    progress(step(0), chosen.length > 1 ? `Outlining ${object} ${k + 1} of ${chosen.length}` : `Outlining the ${object}`, {
      toPercent: step(1),
      ms: expectedOutlineMs(d.box, W, H),
    });
    const o = await outline(image, d, true);
    // The segmenter saw no object in this box (a person in a crowd): removing "nothing" would be reported as done.
    if (o.solidCount < MIN_OUTLINE_SHARE * area(d)) continue;
    if (o.solidCount > MAX_OBJECT_SHARE * W * H) {
      tooLarge = Math.max(tooLarge, o.solidCount / (W * H));
      continue;
    }
    targets.push(o);
  }
  const others = otherObjects(before, named, targets, brush, W);
  // The objects touching the target, or the brushed area when nothing was named: outlined, so
  // the fill copies none of them and the hole's margin takes nothing of them.
  const around: Rect[] = targets.length ? targets.map((t) => ({ x: t.x0, y: t.y0, width: t.w, height: t.h })) : brush ? [grow(boundsOf(brush, W, H), 0.1, W, H)] : [];
  const near = others.filter((d) => d.score >= NEIGHBOUR_MIN_SCORE && around.some((r) => shared(r, d.box) > 0)).sort((a, b) => overlapWith(around, b) - overlapWith(around, a));
  const neighbours: Outlined[] = [];
  for (const [k, d] of near.slice(0, MAX_NEIGHBOURS).entries()) {
    if (k === 0) progress(62, 'Outlining what is around it', { toPercent: 68, ms: near.slice(0, MAX_NEIGHBOURS).reduce((s, n) => s + expectedOutlineMs(n.box, W, H), 0) });
    neighbours.push(await outline(image, d));
  }
  for (const t of targets) takeAppendages(t, neighbours);
  const rgb = image.channels === 3 ? image.data : dropAlpha(image);
  const split = splitContested(rgb, W, targets, neighbours);
  const far = others.filter((d) => d.score >= FAR_MIN_SCORE && !near.includes(d) && area(d) <= FAR_MAX_SHARE * W * H);
  // With a named object found under it, the brush only picked it: its outline is the hole.
  const masks = combine(W, H, targets, neighbours, split, targets.length ? null : brush, far);
  const merged = candidates.length < sorted.length || targets.some((a, i) => targets.some((b, j) => j > i && solidOverlap(a, b)));
  const leftBeside = [...new Set(split.leftBeside.map((n) => (n as Outlined).det.label))];
  return { ...masks, removed: targets.map((t) => t.det), seen: candidates.length, merged, before, named, tooLarge, guessed: split.guessed, leftBeside };
}

/**
 * Segments one detection and clips the outline to its box grown a little (what lies beyond is
 * kept apart). A target whose outline runs into the side of the part segmented (a zebra whose
 * box missed its rump) is segmented again with that side grown.
 */
async function outline(image: RawImage, det: Detection, asTarget = false): Promise<Outlined> {
  const b = det.box;
  let o = await objectOutline(image, b);
  const sides = asTarget ? cutSides(o, image.width, image.height) : null;
  if (sides) o = await objectOutline(image, grownBox(b, sides, image.width, image.height));
  // Another object keeps a wider margin past its box than the target takes: in doubt, keep.
  const margin = asTarget ? CLIP_MARGIN : KEEP_CLIP_MARGIN;
  const mx = Math.max(CLIP_MIN_PX, margin * b.width);
  const my = Math.max(CLIP_MIN_PX, margin * b.height);
  const mask = new Uint8Array(o.w * o.h);
  const solid = new Uint8Array(o.w * o.h);
  const beyond = new Uint8Array(o.w * o.h);
  let solidCount = 0;
  for (let y = 0; y < o.h; y++) {
    const Y = y + o.y0;
    const rowInside = Y >= b.y - my && Y < b.y + b.height + my;
    for (let x = 0; x < o.w; x++) {
      const X = x + o.x0;
      const i = y * o.w + x;
      const a = o.alpha[i]!;
      if (a <= 16) continue;
      if (!rowInside || X < b.x - mx || X >= b.x + b.width + mx) {
        beyond[i] = 1;
        continue;
      }
      mask[i] = 1;
      if (a >= 128) {
        solid[i] = 1;
        solidCount++;
      }
    }
  }
  return { x0: o.x0, y0: o.y0, w: o.w, h: o.h, alpha: o.alpha, mask, solid, beyond, box: det.box, det, solidCount };
}

/**
 * Solid parts of the outline just past its box that end there (a cup's handle the detector's
 * box left out) join the outline: each 4-connected piece of solid pixels beyond the box that
 * touches the outline inside it, lies wholly within APPENDAGE of the box's size from it and is
 * on no other object's outline. A piece that runs on further (the hill behind a herd) stays out.
 */
function takeAppendages(t: Outlined, others: Outlined[]): void {
  const { box: b, mask, solid, alpha } = t;
  const beyond = t.beyond!;
  const o = t;
  // Another object's outline next to a piece makes it that object's part, not this one's (the other giraffe's muzzle).
  const othersAt = (x: number, y: number): boolean => {
    const X = x + o.x0;
    const Y = y + o.y0;
    return others.some((n) => X >= n.x0 && Y >= n.y0 && X < n.x0 + n.w && Y < n.y0 + n.h && n.mask[(Y - n.y0) * n.w + X - n.x0] === 1);
  };
  const reachX = APPENDAGE * b.width;
  const reachY = APPENDAGE * b.height;
  const near = (x: number, y: number): boolean => {
    const X = x + o.x0;
    const Y = y + o.y0;
    return X >= b.x - reachX && X < b.x + b.width + reachX && Y >= b.y - reachY && Y < b.y + b.height + reachY;
  };
  const seen = new Uint8Array(o.w * o.h);
  for (let s0 = 0; s0 < seen.length; s0++) {
    if (seen[s0] || !beyond[s0] || alpha[s0]! < 128) continue;
    const piece = [s0];
    seen[s0] = 1;
    let touches = false;
    let within = true;
    for (let k = 0; k < piece.length; k++) {
      const i = piece[k]!;
      const x = i % o.w;
      const y = (i - x) / o.w;
      if (!near(x, y) || othersAt(x, y)) within = false;
      for (const j of [x > 0 ? i - 1 : -1, x < o.w - 1 ? i + 1 : -1, y > 0 ? i - o.w : -1, y < o.h - 1 ? i + o.w : -1]) {
        if (j < 0) continue;
        if (solid[j]) touches = true;
        if (seen[j] || !beyond[j] || alpha[j]! < 128) continue;
        seen[j] = 1;
        piece.push(j);
      }
    }
    if (!touches || !within) continue;
    for (const i of piece) {
      mask[i] = 1;
      solid[i] = 1;
      beyond[i] = 0;
    }
    t.solidCount += piece.length;
  }
}

/** An outline's solid pixels on this share of a side of its rectangle (not the image's edge) run into it. */
const CUT_SIDE_SHARE = 0.04;
/** A side the outline runs into is grown by this share of the box. */
const WIDEN = 0.35;

type Sides = { left: boolean; right: boolean; top: boolean; bottom: boolean };

/** The sides of the segmented rectangle the object's outline runs into (null: none). */
function cutSides(o: Outline, W: number, H: number): Sides | null {
  const share = (count: (k: number) => boolean, n: number): number => {
    let c = 0;
    for (let k = 0; k < n; k++) if (count(k)) c++;
    return c / n;
  };
  const solid = (x: number, y: number): boolean => o.alpha[y * o.w + x]! >= 128;
  const sides = {
    left: o.x0 > 0 && share((y) => solid(0, y), o.h) >= CUT_SIDE_SHARE,
    right: o.x0 + o.w < W && share((y) => solid(o.w - 1, y), o.h) >= CUT_SIDE_SHARE,
    top: o.y0 > 0 && share((x) => solid(x, 0), o.w) >= CUT_SIDE_SHARE,
    bottom: o.y0 + o.h < H && share((x) => solid(x, o.h - 1), o.w) >= CUT_SIDE_SHARE,
  };
  return sides.left || sides.right || sides.top || sides.bottom ? sides : null;
}

function grownBox(b: Detection['box'], s: Sides, W: number, H: number): Detection['box'] {
  const x0 = Math.max(0, Math.round(b.x - (s.left ? WIDEN * b.width : 0)));
  const y0 = Math.max(0, Math.round(b.y - (s.top ? WIDEN * b.height : 0)));
  const x1 = Math.min(W, Math.round(b.x + b.width + (s.right ? WIDEN * b.width : 0)));
  const y1 = Math.min(H, Math.round(b.y + b.height + (s.bottom ? WIDEN * b.height : 0)));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The objects that are not the target: every detection but the instances being removed and
 * second readings of them (another class on the same box, the same class on a box inside an
 * instance's outline).
 */
function otherObjects(all: Detection[], named: NamedObjects | null, targets: Outlined[], brush: Uint8Array | null, W: number): Detection[] {
  const classes = new Set(named?.classes ?? []);
  const kept: Detection[] = [];
  for (const d of all) {
    if (targets.some((t) => t.det === d || iouOf(t.det.box, d.box) >= SAME_OBJECT_IOU)) continue;
    // Another box of the target's own class inside an outlined instance is a part or a second reading of it.
    if (classes.has(d.label) && targets.some((t) => insideShare(d.box, t.det.box) >= 0.8)) continue;
    // A brushed object is the brush's to remove.
    if (!targets.length && brush && brushedShare(brush, W, d) >= 0.5) continue;
    // A surface things stand on (the "dining table" a cup and its saucer are read as) is the
    // scene behind the target, and what fills where it stood.
    if (SURFACES.has(d.label) && !classes.has(d.label)) continue;
    if (kept.some((k) => k.label !== d.label && iouOf(k.box, d.box) >= SAME_OBJECT_IOU)) continue;
    kept.push(d);
  }
  return kept;
}

/** The full-size masks: hole, core, keep and avoid. */
function combine(
  W: number,
  H: number,
  targets: Outlined[],
  neighbours: Outlined[],
  split: ReturnType<typeof splitContested>,
  brush: Uint8Array | null,
  far: Detection[],
): Pick<RemovalPlan, 'hole' | 'core' | 'keep' | 'avoid'> {
  const own = new Uint8Array(W * H);
  const core = brush ? Uint8Array.from(brush) : new Uint8Array(W * H);
  const keep = new Uint8Array(W * H);
  const avoid = new Uint8Array(W * H);
  for (const [k, t] of targets.entries()) {
    paint(t, W, (i, j) => {
      // What lies beyond the box and no other object claimed (the hill behind a herd) stays, and stays a source.
      if (t.mask[i]) avoid[j] = 1;
      if (!split.targetOwns[k]![i]) return;
      avoid[j] = 1;
      own[j] = 1;
      if (t.alpha[i]! >= 128) core[j] = 1;
    });
  }
  for (const [k, n] of neighbours.entries()) {
    paint(n, W, (i, j) => {
      if (!n.mask[i]) return;
      avoid[j] = 1;
      if (split.targetGains[k]![i]) own[j] = 1;
      if (split.neighbourKeeps[k]![i]) keep[j] = 1;
    });
  }
  for (const d of far) {
    for (let y = d.box.y; y < d.box.y + d.box.height; y++) avoid.fill(1, y * W + d.box.x, y * W + d.box.x + d.box.width);
  }
  // A faint part of the target's outline (α under 128) away from its solid body and beside
  // another object is that object's soft edge, which the target's segmentation caught (the
  // other giraffe's neck beside the target's back): not the target's.
  const grow = growRadius(W, H);
  if (targets.length) {
    const body = dilateDisc(core, W, H, FAINT_REACH * grow);
    const beside = dilateDisc(keep, W, H, KEEP_EDGE + grow);
    for (let i = 0; i < own.length; i++) if (own[i] && !body[i] && beside[i]) own[i] = 0;
  }
  // Another object's faint edge (under the outline's α > 16) is kept too: a band of KEEP_EDGE
  // px around what it keeps, where the target does not own the pixel itself.
  const kept = dilateDisc(keep, W, H, KEEP_EDGE);
  for (let i = 0; i < kept.length; i++) if (kept[i] && !own[i]) keep[i] = 1;
  // Beside an object whose edge with the target was hard to tell (the note names it), the
  // neighbour keeps a band of the target's pixels too: in doubt, a strip of the target stays
  // rather than a strip of the neighbour going (a giraffe's leg before a zebra). A brushed pixel
  // is the user's choice and stays in the hole.
  if (split.leftBeside.length) {
    const doubted = new Uint8Array(W * H);
    for (const [k, n] of neighbours.entries()) {
      if (!split.leftBeside.includes(n)) continue;
      paint(n, W, (i, j) => {
        if (split.neighbourKeeps[k]![i] && n.mask[i]) doubted[j] = 1;
      });
    }
    const band = dilateDisc(doubted, W, H, DOUBT_BAND * grow);
    for (let i = 0; i < band.length; i++) {
      if (!band[i] || brush?.[i]) continue;
      own[i] = 0;
      keep[i] = 1;
    }
  }
  // Brushed alone, the brush is the hole as it is.
  const hole = targets.length ? dilateDisc(own, W, H, grow) : own;
  for (let i = 0; i < hole.length; i++) {
    if (brush?.[i]) {
      hole[i] = 1;
      keep[i] = 0;
    } else if (keep[i]) hole[i] = 0;
  }
  return { hole, core, keep, avoid };
}

/** Calls `f(index in the claim, index in the W-wide image)` for each pixel of the claim's outline (beyond its box too). */
function paint(c: Claim, W: number, f: (i: number, j: number) => void): void {
  for (let y = 0; y < c.h; y++) {
    for (let x = 0; x < c.w; x++) {
      const i = y * c.w + x;
      if (c.mask[i] || c.beyond?.[i]) f(i, (y + c.y0) * W + x + c.x0);
    }
  }
}

/** Whether two outlines' solid pixels meet (overlapping instances, which the count may take for one). */
function solidOverlap(a: Outlined, b: Outlined): boolean {
  const x0 = Math.max(a.x0, b.x0);
  const y0 = Math.max(a.y0, b.y0);
  const x1 = Math.min(a.x0 + a.w, b.x0 + b.w);
  const y1 = Math.min(a.y0 + a.h, b.y0 + b.h);
  for (let Y = y0; Y < y1; Y++) for (let X = x0; X < x1; X++) if (a.solid[(Y - a.y0) * a.w + X - a.x0] && b.solid[(Y - b.y0) * b.w + X - b.x0]) return true;
  return false;
}

/** The margin around an outline: about 0.4 % of the longer side, 3–16 px. */
export const growRadius = (w: number, h: number): number => Math.max(3, Math.min(16, Math.round(0.004 * Math.max(w, h))));

const area = (d: Detection): number => d.box.width * d.box.height;

function iouOf(a: Detection['box'], b: Detection['box']): number {
  const inter = shared(a, b);
  return inter / (a.width * a.height + b.width * b.height - inter);
}

function shared(a: Detection['box'], b: Detection['box']): number {
  const iw = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const ih = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return iw > 0 && ih > 0 ? iw * ih : 0;
}

/** The share of box `a` inside box `b`. */
const insideShare = (a: Detection['box'], b: Detection['box']): number => shared(a, b) / Math.max(1, a.width * a.height);

type Rect = Detection['box'];

/** How much of the detection's box the rectangles share. */
function overlapWith(rects: Rect[], d: Detection): number {
  return rects.reduce((s, r) => s + shared(r, d.box), 0);
}

/** The bounding box of a mask's set pixels. */
function boundsOf(mask: Uint8Array, W: number, H: number): Rect {
  let x0 = W;
  let y0 = H;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (!mask[y * W + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** A rectangle grown by a share of its sides, within the frame. */
function grow(r: Rect, share: number, W: number, H: number): Rect {
  const x = Math.max(0, Math.floor(r.x - share * r.width));
  const y = Math.max(0, Math.floor(r.y - share * r.height));
  return { x, y, width: Math.min(W, Math.ceil(r.x + r.width * (1 + share))) - x, height: Math.min(H, Math.ceil(r.y + r.height * (1 + share))) - y };
}

/**
 * The instances a brush picks: those it covers a good part of (BRUSH_PICKS of the box), or else
 * the one it covers most: a brush stroke that strays onto a neighbour does not pick it too.
 */
function pickedByBrush(detections: Detection[], brush: Uint8Array, w: number): Detection[] {
  const shares = detections.map((d) => ({ d, share: brushedShare(brush, w, d) })).filter((x) => x.share > 0);
  const picked = shares.filter((x) => x.share >= BRUSH_PICKS);
  if (picked.length) return picked.map((x) => x.d);
  const best = shares.sort((a, b) => b.share - a.share)[0];
  return best ? [best.d] : [];
}

/** The share of the detection's box that is brushed. */
function brushedShare(brush: Uint8Array, w: number, d: Detection): number {
  return holeShare(brush, w, d);
}

/** The share of the detection's box a mask covers. */
function holeShare(mask: Uint8Array, w: number, d: Detection): number {
  const { x, y, width, height } = d.box;
  let n = 0;
  for (let yy = y; yy < y + height; yy++) for (let xx = x; xx < x + width; xx++) n += mask[yy * w + xx]!;
  return n / Math.max(1, width * height);
}

function dropAlpha(image: RawImage): Uint8Array {
  const n = image.width * image.height;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = image.data[i * 4]!;
    out[i * 3 + 1] = image.data[i * 4 + 1]!;
    out[i * 3 + 2] = image.data[i * 4 + 2]!;
  }
  return out;
}
