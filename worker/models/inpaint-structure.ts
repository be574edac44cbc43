// The layout a hole's fill should follow, decided from the structure around it before any texture
// is copied (docs/architecture.md, "Object removal", structure first). A line that crosses the
// hole's edge — a horizon, a ridge against the sky, siding courses, a rail, a tree line over
// water — meets the edge twice, on opposite sides, with the same colours on each side of it. So
// each hole pixel looks along a set of directions: along a direction the line runs in, the known
// pixels where the ray leaves the hole have the same colour at both ends; across it, they do not.
// The costs are pooled over a small neighbourhood (one pixel's rays are noisy), the best direction
// wins, and the pixel's guide colour is its two ends blended by distance. Where nothing is
// structured (an even sky) every direction agrees and the guide is a smooth blend.
//
// The guide is coarse on purpose: it only decides, at the coarsest pyramid levels, which sources
// fit where (sky above the carried horizon, ground below it); the texture is still copied from
// real sources (inpaint-patches.ts adds the guide's term to the patch distance there).
import { dilateSquare, type Level } from './inpaint-base.js';
import { holeLines } from './inpaint-lines.js';

/** Directions tried, evenly over half a turn (a ray goes both ways). */
const DIRECTIONS = 16;
/** Costs are pooled over a (2·POOL+1)² neighbourhood of hole pixels. */
const POOL = 2;
/**
 * A direction is clear when its pooled cost is at most this share of the median direction's,
 * within NEAR_LINE px of a line through the hole; farther from any, it must be VERY_CLEAR (two
 * light stripes of a flag agree in colour across a red one the hole hides).
 */
const CLEAR = 0.25;
const VERY_CLEAR = 0.1;
const NEAR_LINE = 4;
/** Known pixels averaged at each end of a ray (along it, past the hole's edge). */
const END_SAMPLES = 2;
/** Known pixels past each end over which a ray's direction is checked against the lines there. */
const ALONG = 5;

/**
 * The guide over the hole of `lv`: nc floats per pixel (meaningful at hole pixels), or NaN where
 * no ray reached a usable known pixel (other objects and the crop's edge are not usable).
 */
export function structureGuide(lv: Level, nc: number): Float32Array {
  const { w, h, holeIdx } = lv;
  const n = holeIdx.length;
  const guide = new Float32Array(w * h * nc).fill(NaN);
  if (n === 0) return guide;
  const maxSteps = 2 * lv.window + 2;
  // Per direction and hole pixel: the cost, and the blended colour.
  const cost = new Float32Array(DIRECTIONS * n);
  const colour = new Float32Array(DIRECTIONS * n * nc);
  const endA = new Float32Array(nc + 1);
  const endB = new Float32Array(nc + 1);
  const lines = holeLines(lv, nc);
  // The lines a pixel lies on or beside: its rays may run along them, not cross them.
  const own = new Int32Array(n * 9);
  for (let k = 0; k < n; k++) {
    const p = holeIdx[k]!;
    const px = p % w;
    const py = (p - px) / w;
    let m = 0;
    for (let y = Math.max(0, py - 1); y <= Math.min(h - 1, py + 1); y++) for (let x = Math.max(0, px - 1); x <= Math.min(w - 1, px + 1); x++) own[k * 9 + m++] = lines[y * w + x]!;
  }
  for (let d = 0; d < DIRECTIONS; d++) {
    const angle = (Math.PI * d) / DIRECTIONS;
    const cx = Math.cos(angle);
    const cy = Math.sin(angle);
    for (let k = 0; k < n; k++) {
      const p = holeIdx[k]!;
      const px = p % w;
      const py = (p - px) / w;
      const mine = own.subarray(k * 9, k * 9 + 9);
      const ta = rayEnd(lv, nc, px, py, cx, cy, maxSteps, endA, lines, mine);
      const tb = rayEnd(lv, nc, px, py, -cx, -cy, maxSteps, endB, lines, mine);
      const o = (d * n + k) * nc;
      if (ta > 0 && tb > 0) {
        let s = 0;
        for (let c = 0; c < nc; c++) {
          const diff = endA[c]! - endB[c]!;
          s += diff * diff;
          colour[o + c] = (endA[c]! * tb + endB[c]! * ta) / (ta + tb);
        }
        // The ends agree, and the ray runs along the lines it meets rather than across them.
        cost[d * n + k] = s + endA[nc]! + endB[nc]!;
      } else if (ta > 0 || tb > 0) {
        // One end only (the other meets another object or the crop's edge): usable, not preferred.
        const end = ta > 0 ? endA : endB;
        for (let c = 0; c < nc; c++) colour[o + c] = end[c]!;
        cost[d * n + k] = -1; // resolved below
      } else {
        cost[d * n + k] = Infinity;
      }
    }
  }
  // A one-ended ray costs what an average two-ended one costs at that pixel (or nothing, when
  // there is none: then the nearest one-ended end wins).
  for (let k = 0; k < n; k++) {
    let sum = 0;
    let cnt = 0;
    for (let d = 0; d < DIRECTIONS; d++) {
      const v = cost[d * n + k]!;
      if (v >= 0 && v < Infinity) {
        sum += v;
        cnt++;
      }
    }
    const oneEnded = cnt ? sum / cnt : 0;
    for (let d = 0; d < DIRECTIONS; d++) if (cost[d * n + k] === -1) cost[d * n + k] = oneEnded;
  }
  const pooled = poolCosts(lv, cost, n);
  const nearLine = dilateSquare(
    Uint8Array.from(lines, (id) => (id ? 1 : 0)),
    w,
    h,
    NEAR_LINE,
  );
  const ranked = new Float64Array(DIRECTIONS);
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestCost = Infinity;
    for (let d = 0; d < DIRECTIONS; d++) {
      const v = pooled[d * n + k]!;
      ranked[d] = cost[d * n + k]! < Infinity ? v : Infinity;
      if (v < bestCost && cost[d * n + k]! < Infinity) {
        bestCost = v;
        best = d;
      }
    }
    // Only a clear direction decides anything: where several directions join similar colours
    // (a band thinner than the hole, a gradient) the guide says nothing and the texture search decides.
    ranked.sort();
    const median = ranked[DIRECTIONS >> 1]!;
    if (best < 0 || !(bestCost <= (nearLine[holeIdx[k]!] ? CLEAR : VERY_CLEAR) * median)) continue;
    const p = holeIdx[k]!;
    for (let c = 0; c < nc; c++) guide[p * nc + c] = colour[(best * n + k) * nc + c]!;
  }
  return guide;
}

/**
 * Walks from (px, py) along (dx, dy) until the first known pixel: returns the distance to it,
 * writes the mean colour of up to END_SAMPLES known pixels from there on into `out[0..nc)` and,
 * in `out[nc]`, how much the colour varies further along the ray (the mean squared step over
 * ALONG known pixels): little when the ray runs along a line, much when it crosses lines. 0 when
 * the ray leaves the crop, meets an avoided pixel (another object) or crosses a line through the
 * hole (inpaint-lines.ts) other than the pixel's `own` first.
 */
function rayEnd(lv: Level, nc: number, px: number, py: number, dx: number, dy: number, maxSteps: number, out: Float32Array, lines: Int32Array, own: Int32Array): number {
  const { w, h, hole, avoid, img } = lv;
  let t = 1;
  for (; t <= maxSteps; t++) {
    const x = Math.round(px + dx * t);
    const y = Math.round(py + dy * t);
    if (x < 0 || y < 0 || x >= w || y >= h) return 0;
    const i = y * w + x;
    if (avoid[i] || (lines[i]! > 0 && !own.includes(lines[i]!))) return 0;
    if (!hole[i]) break;
  }
  if (t > maxSteps) return 0;
  out.fill(0);
  let got = 0;
  let steps = 0;
  let prev = -1;
  for (let s = 0; s < Math.max(END_SAMPLES, ALONG + 1); s++) {
    const x = Math.round(px + dx * (t + s));
    const y = Math.round(py + dy * (t + s));
    if (x < 0 || y < 0 || x >= w || y >= h) break;
    const i = y * w + x;
    if (hole[i] || avoid[i]) break;
    if (s < END_SAMPLES) {
      for (let c = 0; c < nc; c++) out[c] = out[c]! + img[i * nc + c]!;
      got++;
    }
    if (prev >= 0 && prev !== i) {
      for (let c = 0; c < nc; c++) out[nc] = out[nc]! + (img[i * nc + c]! - img[prev * nc + c]!) ** 2;
      steps++;
    }
    prev = i;
  }
  for (let c = 0; c < nc; c++) out[c] = out[c]! / got;
  out[nc] = steps ? out[nc]! / steps : 0;
  return t;
}

/** Each direction's costs summed over the hole pixels in a (2·POOL+1)² square (box filter). */
function poolCosts(lv: Level, cost: Float32Array, n: number): Float32Array {
  const { w, h, holeIdx } = lv;
  const pos = new Int32Array(w * h).fill(-1);
  for (let k = 0; k < n; k++) pos[holeIdx[k]!] = k;
  const pooled = new Float32Array(cost.length);
  for (let k = 0; k < n; k++) {
    const p = holeIdx[k]!;
    const px = p % w;
    const py = (p - px) / w;
    for (let y = Math.max(0, py - POOL); y <= Math.min(h - 1, py + POOL); y++) {
      for (let x = Math.max(0, px - POOL); x <= Math.min(w - 1, px + POOL); x++) {
        const j = pos[y * w + x]!;
        if (j < 0) continue;
        for (let d = 0; d < DIRECTIONS; d++) {
          const v = cost[d * n + j]!;
          if (v < Infinity) pooled[d * n + k] = pooled[d * n + k]! + v;
        }
      }
    }
  }
  return pooled;
}

/** The mean of the known pixels in each pixel's 3×3 neighbourhood (the guide is compared with it). */
export function knownMean(lv: Level, nc: number): Float32Array {
  const { w, h, hole, img } = lv;
  const out = new Float32Array(w * h * nc);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let cnt = 0;
      const o = (y * w + x) * nc;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const i = yy * w + xx;
          if (hole[i]) continue;
          for (let c = 0; c < nc; c++) out[o + c] = out[o + c]! + img[i * nc + c]!;
          cnt++;
        }
      }
      for (let c = 0; c < nc; c++) out[o + c] = cnt ? out[o + c]! / cnt : 0;
    }
  }
  return out;
}
