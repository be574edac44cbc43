// Who owns the pixels two outlines both claim (docs/architecture.md, "Object removal"). Each
// object is outlined on its own box, and a box often holds a neighbour too: the bicycle's box
// holds the dog sitting in front of it, the zebra's the giraffe's leg standing before it. The
// segmenter then outlines both as one. A contested pixel goes to the object whose own,
// uncontested pixels its colour resembles more (a colour histogram of each, as GrabCut models
// foreground and background), decided over a small neighbourhood so the split follows regions,
// not single pixels, and weighed with what the boxes say: a box that lies inside the other's
// marks the object in front of it (the dog inside the bicycle's box, the zebra inside the
// giraffe's), so its own box's pixels lean its way; when neither box holds the other, a pixel
// leans towards the object whose box it lies nearer the middle of (two giraffes of one
// colour), and a pixel past the target's box inside the other's leans the other's way. In
// doubt the neighbour keeps the pixel: nothing is taken that may not be the target.
import { countSet } from './raster.js';
import type { Box } from './segmenter.js';

/**
 * An outline on its own rectangle (w × h, row-major): `alpha` as segmented, `mask` (α > 16) and
 * `solid` (α ≥ 128) within the box grown a little, and `beyond` (α > 16 outside it: a part the
 * box missed, or the scene behind, kept only where another object's outline claims it and the
 * colours say it is this one's).
 */
export interface Claim {
  x0: number;
  y0: number;
  w: number;
  h: number;
  alpha: Uint8Array;
  mask: Uint8Array;
  solid: Uint8Array;
  beyond?: Uint8Array;
  box: Box;
}

/** Levels per channel of the colour histograms. */
const BINS = 16;
const SHIFT = 4; // 256 / BINS = 2^4
/** Fewer uncontested pixels than this (or than this share of the outline) tell nothing about an object's colours. */
const MIN_SAMPLES = 150;
const MIN_SAMPLE_SHARE = 0.03;
/** The target takes a contested pixel only when the evidence for it is this strong (natural log of the odds). */
const TARGET_BIAS = 0.3;
/** Boxes nested less than this (odds) count as side by side. */
const SIDE_NESTING = 0.2;
/** Side by side (neither box inside the other: two giraffes), or with no colours to go on, the target needs this much: two of a kind tell little apart by colour. */
const SIDE_BIAS = 1;
/** Each decision averages the evidence over a square of this radius (contested pixels only). */
const SMOOTH_RADIUS = 5;
/** The odds (natural log) a pixel of a box nested wholly inside the other's gets for that box's object. */
const IN_FRONT = 0.7;
/** The weight of the segmenter's own odds for each outline (a thin wheel at the edge of the dog's crop is faint there, solid in the bicycle's). */
const SEGMENTER_WEIGHT = 0.25;
/** A neighbour's pixel next to the target is taken back when the colours favour the target this much (natural log of the odds, averaged)… */
const TAKE_BACK = 2;
/** …within the target's box grown by this share of its sides, in regions of at least this many pixels or share of the target's solid outline. */
const TAKE_BACK_REACH = 0.35;
const TAKE_BACK_MIN_PX = 30;
const TAKE_BACK_MIN_SHARE = 0.01;
/**
 * Side by side, the colours may give the target pixels the boxes gave the neighbour (a truck's
 * dark wheel and the ground under it, near the top of a bicycle's box and in the middle of the
 * truck's, read as the bicycle's dark tyres): past this share of the neighbour's outline the
 * neighbour may have lost part of itself, and the result says so.
 */
const AGAINST_BOXES_SHARE = 0.01;
/** A region of a neighbour's outline this much likelier the target's, not taken back, may be a part of it left behind. */
const SUSPECT = 1;
/** The odds against the target for a pixel past its box and inside the neighbour's. */
const PAST_BOX = 2;
/** Side by side, the odds for the box a pixel lies nearer the middle of: this much per half box of difference, up to ±CENTRAL_MAX. */
const CENTRAL = 2;
const CENTRAL_MAX = 3;
/** A box with less of itself inside the other's than this is not nested in it at all. */
const NESTED_FROM = 0.5;

/** The outcome: what each claim is left with, on its own rectangle. */
export interface Ownership {
  /** Per target: 1 where the pixel is the target's (its mask less what neighbours won, and what it won beyond its box). */
  targetOwns: Uint8Array[];
  /** Per neighbour: 1 where the neighbour keeps the pixel (its mask less what a target won). */
  neighbourKeeps: Uint8Array[];
  /** Per neighbour, on its rectangle: pixels of its outline taken back for a target (a part the target's outline missed). */
  targetGains: Uint8Array[];
  /** Whether some contested pixels were decided without colour evidence (by the boxes alone). */
  guessed: boolean;
  /**
   * Neighbours whose edge with the target is in doubt: a region of the neighbour's outline looks
   * rather like the target (a part of it may be left there), or the target took a region of the
   * neighbour's outline against what the boxes say (the neighbour may have lost a little).
   */
  leftBeside: Claim[];
}

/** Splits every pixel that a target's and a neighbour's outlines both claim. `rgb`: the image, 3 channels, W wide. */
export function splitContested(rgb: Uint8Array, W: number, targets: Claim[], neighbours: Claim[]): Ownership {
  const targetOwns = targets.map((t) => Uint8Array.from(t.mask));
  const neighbourKeeps = neighbours.map((n) => Uint8Array.from(n.mask));
  let guessed = false;
  // Neighbours whose edge with the target is in doubt (listed in `leftBeside`).
  const doubted = new Set<Claim>();
  // Each object's own colours: its solid pixels no claim of the other side covers; for an object
  // whose box lies inside another's, all its solid pixels (what the other's outline leaves of it
  // is an unrepresentative sliver: the dog's paws and tail, not its body).
  const inside = (c: Claim, others: Claim[]): boolean => others.some((o) => nested(c.box, o.box) > 0.5);
  const targetModels = targets.map((t) => colourModel(rgb, W, t, inside(t, neighbours) ? [] : neighbours));
  const neighbourModels = neighbours.map((n) => colourModel(rgb, W, n, inside(n, targets) ? [] : targets));
  for (const [ti, t] of targets.entries()) {
    for (const [ni, n] of neighbours.entries()) {
      const rect = overlapRect(t, n);
      if (!rect) continue;
      const tm = targetModels[ti];
      const nm = neighbourModels[ni];
      if ((!tm || !nm) && hasContested(t, n, rect)) guessed = true;
      const prior = { t: IN_FRONT * nested(t.box, n.box), n: IN_FRONT * nested(n.box, t.box) };
      const against = decide(rgb, W, t, n, rect, tm && nm ? { target: tm, neighbour: nm } : null, prior, targetOwns[ti]!, neighbourKeeps[ni]!);
      if (against >= Math.max(TAKE_BACK_MIN_PX, AGAINST_BOXES_SHARE * countSet(n.mask))) doubted.add(n);
    }
  }
  // A part of the target its own outline missed (a zebra's rump beyond its box, behind the
  // giraffe's leg) that a neighbour's outline took: taken back where the colours plainly say so.
  const targetGains = neighbours.map((n) => new Uint8Array(n.w * n.h));
  for (const [ti, t] of targets.entries()) {
    for (const [ni, n] of neighbours.entries()) {
      const tm = targetModels[ti];
      const nm = neighbourModels[ni];
      if (tm && nm && takeBack(rgb, W, t, n, neighbourKeeps[ni]!, targetGains[ni]!, { target: tm, neighbour: nm })) doubted.add(n);
    }
  }
  return { targetOwns, neighbourKeeps, targetGains, guessed, leftBeside: neighbours.filter((n) => doubted.has(n)) };
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function overlapRect(a: Claim, b: Claim): Rect | null {
  const x0 = Math.max(a.x0, b.x0);
  const y0 = Math.max(a.y0, b.y0);
  const x1 = Math.min(a.x0 + a.w, b.x0 + b.w);
  const y1 = Math.min(a.y0 + a.h, b.y0 + b.h);
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}

const at = (c: Claim, X: number, Y: number): number => (Y - c.y0) * c.w + (X - c.x0);

/** Whether the claim's outline covers pixel i of its rectangle, within its box or beyond. */
const claims = (c: Claim, i: number): boolean => Boolean(c.mask[i] || c.beyond?.[i]);

/** The segmenter's own odds for a pixel (natural log), held within ±3. */
const logit = (a: number): number => {
  const p = Math.min(247, Math.max(8, a)) / 255;
  return Math.log(p / (1 - p));
};

function hasContested(a: Claim, b: Claim, r: Rect): boolean {
  for (let Y = r.y0; Y < r.y1; Y++) for (let X = r.x0; X < r.x1; X++) if (claims(a, at(a, X, Y)) && b.mask[at(b, X, Y)]) return true;
  return false;
}

/**
 * How far box `a` is nested inside box `b` (0 … 1): the share of it inside `b`, counted from
 * NESTED_FROM, when it is the smaller. A box inside another's is usually in front of that
 * object (behind it, most of it would be hidden).
 */
function nested(a: Box, b: Box): number {
  if (a.width * a.height >= b.width * b.height) return 0;
  const iw = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const ih = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const share = iw > 0 && ih > 0 ? (iw * ih) / (a.width * a.height) : 0;
  return Math.max(0, (share - NESTED_FROM) / (1 - NESTED_FROM));
}

const inBox = (b: Box, X: number, Y: number): boolean => X >= b.x && Y >= b.y && X < b.x + b.width && Y < b.y + b.height;

/** How far a pixel is from the box's middle, in half widths or half heights (1 on its edge). */
const offCentre = (b: Box, X: number, Y: number): number =>
  Math.max(Math.abs(X + 0.5 - b.x - b.width / 2) / (b.width / 2), Math.abs(Y + 0.5 - b.y - b.height / 2) / (b.height / 2));

/** The odds for the target's box (`t`) against the neighbour's (`n`) by which one's middle the pixel is nearer. */
const centrality = (n: Box, t: Box, X: number, Y: number): number => Math.max(-CENTRAL_MAX, Math.min(CENTRAL_MAX, CENTRAL * (offCentre(n, X, Y) - offCentre(t, X, Y))));

/** Log-probabilities of colour bins, from `claim`'s solid pixels outside every one of `others`. */
function colourModel(rgb: Uint8Array, W: number, claim: Claim, others: Claim[]): Float32Array | null {
  const hist = new Float32Array(BINS ** 3);
  let n = 0;
  let solid = 0;
  for (let y = 0; y < claim.h; y++) {
    for (let x = 0; x < claim.w; x++) {
      if (!claim.solid[y * claim.w + x]) continue;
      solid++;
      const X = x + claim.x0;
      const Y = y + claim.y0;
      if (others.some((o) => X >= o.x0 && Y >= o.y0 && X < o.x0 + o.w && Y < o.y0 + o.h && o.mask[at(o, X, Y)])) continue;
      hist[bin(rgb, (Y * W + X) * 3)]! += 1;
      n++;
    }
  }
  if (n < MIN_SAMPLES || n < MIN_SAMPLE_SHARE * solid) return null;
  const smooth = blurHistogram(hist);
  let total = 0;
  for (const v of smooth) total += v;
  const floor = 0.5 / BINS ** 3; // a colour never seen is unlikely, not impossible
  for (let i = 0; i < smooth.length; i++) smooth[i] = Math.log(smooth[i]! / total + floor);
  return smooth;
}

const bin = (rgb: Uint8Array, o: number): number => ((rgb[o]! >> SHIFT) * BINS + (rgb[o + 1]! >> SHIFT)) * BINS + (rgb[o + 2]! >> SHIFT);

/** The histogram blurred by [1 2 1]/4 along each colour axis: near colours count a little. */
function blurHistogram(h: Float32Array): Float32Array {
  let cur = h;
  for (const stride of [1, BINS, BINS * BINS]) {
    const next = new Float32Array(cur.length);
    for (let i = 0; i < cur.length; i++) {
      const k = Math.floor(i / stride) % BINS;
      const lo = k > 0 ? cur[i - stride]! : cur[i]!;
      const hi = k < BINS - 1 ? cur[i + stride]! : cur[i]!;
      next[i] = 0.25 * lo + 0.5 * cur[i]! + 0.25 * hi;
    }
    cur = next;
  }
  return cur;
}

/**
 * Gives each pixel in `rect` that both claim to one side: by colour (the evidence averaged over
 * a small square of contested pixels; none without colour models), the boxes' odds and the
 * segmenter's own confidence in each outline. Returns how many pixels went to the target, side by
 * side, though the boxes favoured the neighbour.
 */
function decide(
  rgb: Uint8Array,
  W: number,
  t: Claim,
  n: Claim,
  rect: Rect,
  models: { target: Float32Array; neighbour: Float32Array } | null,
  prior: { t: number; n: number },
  targetOwns: Uint8Array,
  neighbourKeeps: Uint8Array,
): number {
  const rw = rect.x1 - rect.x0;
  const rh = rect.y1 - rect.y0;
  const both = new Uint8Array(rw * rh);
  const llr = new Float32Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const X = x + rect.x0;
      const Y = y + rect.y0;
      if (!claims(t, at(t, X, Y)) || !n.mask[at(n, X, Y)]) continue;
      both[y * rw + x] = 1;
      if (models) {
        const b = bin(rgb, (Y * W + X) * 3);
        llr[y * rw + x] = models.target[b]! - models.neighbour[b]!;
      }
    }
  }
  const evidence = models ? boxMean(llr, both, rw, rh, SMOOTH_RADIUS) : llr;
  const side = prior.t < SIDE_NESTING && prior.n < SIDE_NESTING;
  let againstBoxes = 0;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const i = y * rw + x;
      if (!both[i]) continue;
      const X = x + rect.x0;
      const Y = y + rect.y0;
      const ti = at(t, X, Y);
      const ni = at(n, X, Y);
      // A pixel past the target's box but inside the neighbour's is the neighbour's unless the colours plainly say otherwise.
      const past = t.beyond?.[ti] && inBox(n.box, X, Y) ? PAST_BOX : 0;
      const boxes = (side ? centrality(n.box, t.box, X, Y) : (inBox(t.box, X, Y) ? prior.t : 0) - (inBox(n.box, X, Y) ? prior.n : 0)) - past;
      const confidence = SEGMENTER_WEIGHT * (logit(t.alpha[ti]!) - logit(n.alpha[ni]!));
      if (evidence[i]! + boxes + confidence > (side || !models ? SIDE_BIAS : TARGET_BIAS)) {
        neighbourKeeps[ni] = 0;
        targetOwns[ti] = 1;
        if (side && boxes < 0) againstBoxes++;
      } else targetOwns[ti] = 0;
    }
  }
  return againstBoxes;
}

/** The mean of `v` over the set pixels of `on` in a (2r+1)² square around each pixel (summed-area tables). */
function boxMean(v: Float32Array, on: Uint8Array, w: number, h: number, r: number): Float32Array {
  const sum = new Float64Array((w + 1) * (h + 1));
  const cnt = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y + 1) * (w + 1) + x + 1;
      const o = on[y * w + x]!;
      sum[i] = (o ? v[y * w + x]! : 0) + sum[i - 1]! + sum[i - w - 1]! - sum[i - w - 2]!;
      cnt[i] = o + cnt[i - 1]! + cnt[i - w - 1]! - cnt[i - w - 2]!;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      if (!on[y * w + x]) continue;
      const xa = Math.max(0, x - r);
      const xb = Math.min(w, x + r + 1);
      const a = ya * (w + 1) + xa;
      const b = ya * (w + 1) + xb;
      const c = yb * (w + 1) + xa;
      const d = yb * (w + 1) + xb;
      out[y * w + x] = (sum[d]! - sum[b]! - sum[c]! + sum[a]!) / Math.max(1, cnt[d]! - cnt[b]! - cnt[c]! + cnt[a]!);
    }
  }
  return out;
}

/**
 * Takes back for the target the regions of the neighbour's kept pixels near it whose colours
 * (averaged over a small square) are far likelier the target's.
 */
function takeBack(rgb: Uint8Array, W: number, t: Claim, n: Claim, keeps: Uint8Array, gains: Uint8Array, models: { target: Float32Array; neighbour: Float32Array }): boolean {
  const b = t.box;
  const x0 = Math.max(n.x0, Math.floor(b.x - TAKE_BACK_REACH * b.width));
  const y0 = Math.max(n.y0, Math.floor(b.y - TAKE_BACK_REACH * b.height));
  const x1 = Math.min(n.x0 + n.w, Math.ceil(b.x + b.width * (1 + TAKE_BACK_REACH)));
  const y1 = Math.min(n.y0 + n.h, Math.ceil(b.y + b.height * (1 + TAKE_BACK_REACH)));
  if (x1 <= x0 || y1 <= y0) return false;
  const rw = x1 - x0;
  const rh = y1 - y0;
  const on = new Uint8Array(rw * rh);
  const llr = new Float32Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const ni = at(n, x + x0, y + y0);
      if (!keeps[ni]) continue;
      on[y * rw + x] = 1;
      const c = bin(rgb, ((y + y0) * W + x + x0) * 3);
      llr[y * rw + x] = models.target[c]! - models.neighbour[c]!;
    }
  }
  const evidence = boxMean(llr, on, rw, rh, SMOOTH_RADIUS);
  // Whole regions of the neighbour's outline that look like the target, near it (they need not
  // touch it: the giraffe's leg stands between the zebra and its rump), and not specks.
  const minSize = Math.max(TAKE_BACK_MIN_PX, TAKE_BACK_MIN_SHARE * countSet(t.solid));
  const taken = new Uint8Array(rw * rh);
  for (const region of regionsOver(evidence, on, rw, rh, TAKE_BACK)) if (region.length >= minSize) for (const i of region) taken[i] = 1;
  // Regions that look rather like the target but not plainly enough to take: the result says so.
  const suspect = regionsOver(evidence, on, rw, rh, SUSPECT).some((region) => region.length >= minSize && !region.some((i) => taken[i]));
  for (let i = 0; i < taken.length; i++) {
    if (!taken[i]) continue;
    const x = i % rw;
    const ni = at(n, x + x0, (i - x) / rw + y0);
    keeps[ni] = 0;
    gains[ni] = 1;
  }
  return suspect;
}

/** The 4-connected regions of `on` pixels whose evidence is over `threshold`. */
function regionsOver(evidence: Float32Array, on: Uint8Array, w: number, h: number, threshold: number): number[][] {
  const seen = new Uint8Array(w * h);
  const regions: number[][] = [];
  for (let s0 = 0; s0 < on.length; s0++) {
    if (seen[s0] || !on[s0] || evidence[s0]! <= threshold) continue;
    const region = [s0];
    seen[s0] = 1;
    for (let k = 0; k < region.length; k++) {
      const i = region[k]!;
      const x = i % w;
      const y = (i - x) / w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (j < 0 || seen[j] || !on[j] || evidence[j]! <= threshold) continue;
        seen[j] = 1;
        region.push(j);
      }
    }
    regions.push(region);
  }
  return regions;
}
