// Completion of one crop (inpaint.ts explains the method): the image pyramid, the coarsest
// level's greedy fill, EM iterations at every level, and the seam correction added back.
import { R, PATCH_AREA, dilateSquare, type Level } from './inpaint-base.js';
import { matchCost, patchMatch, vote, upsampleNnf, onionPeel } from './inpaint-patches.js';
import { seamCorrection } from './inpaint-seams.js';
import { knownMean, structureGuide } from './inpaint-structure.js';

/** A target pixel's sources lie within this many reaches of it (a square window). */
const WINDOW_REACHES = 3;
/**
 * A source at the edge of the window costs as much as this share of the texture's own
 * pixel-to-pixel variation, per patch pixel, on top of its patch distance.
 */
const DISTANCE_PENALTY = 0.25;
/**
 * The coarsest pyramid level is where the hole's reach is about two patches. Coarser, the texture
 * is a mush and the layout decided there ignores its structure (brick courses, a lattice).
 */
const COARSEST_REACH = 16;
/** Below the two coarsest levels the layout is settled: random search only refines locally. */
const REFINE_RADIUS = 16;
/**
 * How much the layout decided from the structure around the hole (inpaint-structure.ts) weighs in
 * a source's cost, at the coarsest level and the next one; finer levels follow the field they inherit.
 */
const GUIDE_WEIGHTS = [0.5, 0.25];
/** EM effort per level: iterations × hole pixels (image-wide) stays under this. */
const EM_BUDGET = 200_000;
/** A pyramid level; `reach` is the hole's reach at this scale (sets the source window). */
function makeLevel(w: number, h: number, img: Float32Array, hole: Uint8Array, nc: number, reach: number, avoid: Uint8Array): Level {
  const holeList: number[] = [];
  const blocked = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    if (hole[i]) holeList.push(i);
    blocked[i] = hole[i]! | avoid[i]!;
  }
  // valid = patch fully inside and free of hole and avoided pixels: dilate both by R (square), then trim borders.
  const near = dilateSquare(blocked, w, h, R);
  const valid = new Uint8Array(w * h);
  for (let y = R; y < h - R; y++) for (let x = R; x < w - R; x++) if (!near[y * w + x]) valid[y * w + x] = 1;
  // The window must hold at least the nearest valid source of the hole's deepest pixel.
  const window = Math.max(Math.ceil(WINDOW_REACHES * reach), Math.ceil(reach) + 2 * R + 2);
  const penalty = (DISTANCE_PENALTY * PATCH_AREA * textureEnergy(img, valid, w, h, nc)) / (window * window);
  return { w, h, img, hole, holeIdx: Int32Array.from(holeList), avoid, valid, window, penalty, guide: null, smooth: null, guideWeight: 0 };
}

/**
 * Mean squared difference between neighbouring known pixels (channels summed): the texture's own
 * variation. Every few rows are enough on a big crop.
 */
function textureEnergy(img: Float32Array, valid: Uint8Array, w: number, h: number, nc: number): number {
  let sum = 0;
  let n = 0;
  const step = Math.max(1, Math.floor((w * h) / 500_000));
  for (let y = 0; y < h - 1; y += step) {
    for (let x = 0; x < w - 1; x++) {
      const i = y * w + x;
      if (!valid[i]) continue;
      for (let c = 0; c < nc; c++) {
        const v = img[i * nc + c]!;
        const dx = v - img[(i + 1) * nc + c]!;
        const dy = v - img[(i + w) * nc + c]!;
        sum += 0.5 * (dx * dx + dy * dy);
      }
      n++;
    }
  }
  return n ? sum / n : 0;
}

function downsample(lv: Level, nc: number, reach: number): Level {
  const w = Math.ceil(lv.w / 2);
  const h = Math.ceil(lv.h / 2);
  const img = new Float32Array(w * h * nc);
  const hole = new Uint8Array(w * h);
  const avoid = new Uint8Array(w * h);
  const cnt = new Uint8Array(w * h);
  for (let y = 0; y < lv.h; y++) {
    for (let x = 0; x < lv.w; x++) {
      const i = y * lv.w + x;
      const j = (y >> 1) * w + (x >> 1);
      if (lv.avoid[i]) avoid[j] = 1;
      if (lv.hole[i]) hole[j] = 1;
      else {
        cnt[j] = cnt[j]! + 1;
        for (let c = 0; c < nc; c++) img[j * nc + c] = img[j * nc + c]! + lv.img[i * nc + c]!;
      }
    }
  }
  for (let j = 0; j < w * h; j++) {
    if (hole[j]) {
      for (let c = 0; c < nc; c++) img[j * nc + c] = 0;
    } else if (cnt[j]! > 0) {
      for (let c = 0; c < nc; c++) img[j * nc + c] = img[j * nc + c]! / cnt[j]!;
    }
  }
  return makeLevel(w, h, img, hole, nc, reach, avoid);
}

/**
 * EM iterations at a level, by how many hole pixels the whole image has at that scale: more
 * where they are cheap, none at full resolution for big holes (there the upsampled field is
 * copied as it is). Keeps a 12 MP photo with a hole of a few percent within a few seconds.
 */
function emIterations(work: number, coarsest: boolean): number {
  const affordable = Math.floor(EM_BUDGET / work);
  return coarsest ? Math.max(1, Math.min(8, affordable)) : Math.max(0, Math.min(6, affordable));
}

/**
 * Completes the hole of one crop in place; false when there is nothing to go on (no known
 * pixel). `totalHole` (hole pixels over the whole image) sets the effort per pyramid level;
 * `avoid` (known pixels that must not be copied) is left out of the sources.
 */
export function completeCrop(
  img: Float32Array,
  w: number,
  h: number,
  nc: number,
  hole: Uint8Array,
  reach: number,
  totalHole: number,
  avoid: Uint8Array = new Uint8Array(w * h),
): boolean {
  const rng = xorshift(0x9e3779b9 ^ (w * 73856093) ^ (h * 19349663));
  const base = makeLevel(w, h, img, hole, nc, reach, avoid);
  if (base.holeIdx.length === 0) return true;
  let anyValid = false;
  for (let i = 0; i < w * h && !anyValid; i++) anyValid = base.valid[i] === 1;
  if (!anyValid) {
    // Nothing to copy from (the hole covers nearly everything): smooth membrane fill, or leave
    // the pixels alone when not a single pixel is known.
    if (base.holeIdx.length === w * h) return false;
    addCorrection(base, seamCorrection(base, nc, new Int32Array(w * h).fill(-1)), nc);
    return true;
  }
  // The coarsest level has the hole only a few patches across.
  const levels: Level[] = [base];
  while (true) {
    const cur = levels[levels.length - 1]!;
    const scale = 2 ** (levels.length - 1);
    if (reach / scale <= COARSEST_REACH) break;
    if (Math.min(cur.w, cur.h) / 2 < 6 * R + 2) break;
    const next = downsample(cur, nc, reach / (2 * scale));
    let validCount = 0;
    for (let i = 0; i < next.valid.length; i++) validCount += next.valid[i]!;
    if (validCount < 16) break;
    levels.push(next);
  }
  const L = levels.length - 1;
  // Structure first: the layout at the coarsest levels follows the lines that cross the hole's edge.
  GUIDE_WEIGHTS.forEach((weight, k) => {
    const lv = levels[L - k];
    if (!lv) return;
    lv.guide = structureGuide(lv, nc);
    lv.smooth = knownMean(lv, nc);
    lv.guideWeight = weight;
  });
  const coarse = levels[L]!;
  let nnf: Int32Array = new Int32Array(coarse.w * coarse.h).fill(-1);
  let nnfD = new Float32Array(coarse.w * coarse.h);
  onionPeel(coarse, nc, nnf, nnfD, rng, Math.max(coarse.holeIdx.length, totalHole / 4 ** L));
  // With no iterations at full resolution, that level copies the half-resolution field as it is
  // (each pixel's 2x2 block from under its source), so its seams are that level's seams: they
  // are solved there, on a quarter of the pixels.
  const copyOnly = L > 0 && emIterations(Math.max(base.holeIdx.length, totalHole), false) === 0;
  let halfCorrection: Float32Array | null = null;
  for (let l = L; l >= 0; l--) {
    const lv = levels[l]!;
    const iters = emIterations(Math.max(lv.holeIdx.length, totalHole / 4 ** l), l === L);
    if (l < L) {
      nnf = upsampleNnf(levels[l + 1]!, nnf, lv, rng);
      if (iters > 0) {
        vote(lv, nc, nnf, null, false);
        nnfD = new Float32Array(lv.w * lv.h);
        for (let k = 0; k < lv.holeIdx.length; k++) {
          const p = lv.holeIdx[k]!;
          nnfD[p] = matchCost(lv, nc, p, nnf[p]!, Infinity);
        }
      }
    }
    // Random search spans the whole window where the layout is decided (the two coarsest
    // levels); finer levels only refine locally.
    const searchRadius = l >= L - 1 ? 2 * lv.window : Math.min(lv.window, REFINE_RADIUS);
    for (let it = 0; it < iters; it++) {
      patchMatch(lv, nc, nnf, nnfD, (it + l) % 2 === 0, searchRadius, rng);
      if (l > 0 || it < iters - 1) vote(lv, nc, nnf, nnfD, false);
    }
    if (l === 1 && copyOnly) {
      vote(lv, nc, nnf, null, true);
      halfCorrection = seamCorrection(lv, nc, nnf);
    }
  }
  // Final: copy the matched full-resolution pixels (no averaging), then remove seams.
  vote(base, nc, nnf, null, true);
  if (halfCorrection) addUpsampled(base, levels[1]!, halfCorrection, nc);
  else addCorrection(base, seamCorrection(base, nc, nnf), nc);
  return true;
}

function addCorrection(lv: Level, corr: Float32Array, nc: number): void {
  const { img, holeIdx } = lv;
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    for (let c = 0; c < nc; c++) img[p * nc + c] = img[p * nc + c]! + corr[k * nc + c]!;
  }
}

/** Adds a correction computed on the next coarser level, bilinearly interpolated (0 on its known pixels). */
function addUpsampled(fine: Level, coarse: Level, corr: Float32Array, nc: number): void {
  const { w: cw, h: ch } = coarse;
  const pos = new Int32Array(cw * ch).fill(-1);
  for (let k = 0; k < coarse.holeIdx.length; k++) pos[coarse.holeIdx[k]!] = k;
  const at = (x: number, y: number, c: number): number => {
    const k = pos[Math.min(ch - 1, Math.max(0, y)) * cw + Math.min(cw - 1, Math.max(0, x))]!;
    return k < 0 ? 0 : corr[k * nc + c]!;
  };
  const { w, img, holeIdx } = fine;
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    const fx = (x - 0.5) / 2;
    const fy = (y - 0.5) / 2;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const tx = fx - x0;
    const ty = fy - y0;
    for (let c = 0; c < nc; c++) {
      const top = at(x0, y0, c) * (1 - tx) + at(x0 + 1, y0, c) * tx;
      const bottom = at(x0, y0 + 1, c) * (1 - tx) + at(x0 + 1, y0 + 1, c) * tx;
      img[p * nc + c] = img[p * nc + c]! + top * (1 - ty) + bottom * ty;
    }
  }
}

function xorshift(seed: number): () => number {
  let s = seed >>> 0 || 0x12345678;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
