// The patch search and voting of the inpainter (inpaint.ts explains the method): PatchMatch,
// the vote of overlapping patches, the nearest-neighbour field carried up a level, and the
// coarsest level's greedy fill from the boundary inwards (Criminisi et al.'s order).
import { R, PATCH_AREA, type Level } from './inpaint-base.js';

/** Candidate patches tried by the coarsest level's greedy fill, in all. */
const PEEL_BUDGET = 4_000_000;

/** SSD between the patch around target p (clipped to the crop) and source q; stops past `limit`. */
function patchDistance(lv: Level, nc: number, p: number, q: number, limit: number): number {
  const { w, h, img } = lv;
  const px = p % w;
  const py = (p - px) / w;
  const qx = q % w;
  const qy = (q - qx) / w;
  const dy0 = Math.max(-R, -py);
  const dy1 = Math.min(R, h - 1 - py);
  const dx0 = Math.max(-R, -px);
  const dx1 = Math.min(R, w - 1 - px);
  let sum = 0;
  for (let dy = dy0; dy <= dy1; dy++) {
    let a = ((py + dy) * w + px + dx0) * nc;
    let b = ((qy + dy) * w + qx + dx0) * nc;
    const end = a + (dx1 - dx0 + 1) * nc;
    while (a < end) {
      const d = img[a++]! - img[b++]!;
      sum += d * d;
    }
    if (sum > limit) return sum;
  }
  return lv.guide ? sum + lv.guideWeight * guideDistance(lv, nc, p, q) : sum;
}

/** SSD between source q's patch and the guide, over target p's hole pixels that have one. */
function guideDistance(lv: Level, nc: number, p: number, q: number): number {
  const { w, h, hole } = lv;
  const px = p % w;
  const py = (p - px) / w;
  const off = q - p;
  let sum = 0;
  for (let y = Math.max(0, py - R); y <= Math.min(h - 1, py + R); y++) {
    for (let x = Math.max(0, px - R); x <= Math.min(w - 1, px + R); x++) {
      const a = y * w + x;
      if (hole[a]) sum += guideMiss(lv, nc, a, a + off);
    }
  }
  return sum;
}

/** How far source pixel b (its 3×3 mean) is from the guide at target pixel a; 0 where a has none. */
function guideMiss(lv: Level, nc: number, a: number, b: number): number {
  const guide = lv.guide!;
  const smooth = lv.smooth!;
  if (Number.isNaN(guide[a * nc]!)) return 0;
  let sum = 0;
  for (let c = 0; c < nc; c++) {
    const d = smooth[b * nc + c]! - guide[a * nc + c]!;
    sum += d * d;
  }
  return sum;
}

/** Patch distance plus the distance penalty of taking q for p; stops past `limit`. */
export function matchCost(lv: Level, nc: number, p: number, q: number, limit: number): number {
  const w = lv.w;
  const dx = (q % w) - (p % w);
  const dy = Math.floor(q / w) - Math.floor(p / w);
  const pen = lv.penalty * (dx * dx + dy * dy);
  return pen >= limit ? Infinity : pen + patchDistance(lv, nc, p, q, limit - pen);
}

function patchArea(lv: Level, p: number): number {
  const px = p % lv.w;
  const py = (p - px) / lv.w;
  const nx = Math.min(R, lv.w - 1 - px) + Math.min(R, px) + 1;
  const ny = Math.min(R, lv.h - 1 - py) + Math.min(R, py) + 1;
  return nx * ny;
}

export function patchMatch(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array, forward: boolean, searchRadius: number, rng: () => number): void {
  const { w, h, hole, valid, holeIdx, window: win } = lv;
  const n = holeIdx.length;
  const step = forward ? 1 : -1;
  for (let k = forward ? 0 : n - 1; k >= 0 && k < n; k += step) {
    const p = holeIdx[k]!;
    const px = p % w;
    const py = (p - px) / w;
    // Sources stay inside the window around p (and inside the crop, patch and all).
    const wx0 = Math.max(R, px - win);
    const wx1 = Math.min(w - 1 - R, px + win);
    const wy0 = Math.max(R, py - win);
    const wy1 = Math.min(h - 1 - R, py + win);
    let best = nnf[p]!;
    let bestD = nnfD[p]!;
    // Propagation from the already-visited neighbours (left/up when forward, right/down otherwise).
    for (let t = 0; t < 2; t++) {
      const nx = t === 0 ? px - step : px;
      const ny = t === 0 ? py : py - step;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const nb = ny * w + nx;
      if (!hole[nb]) continue;
      const s = nnf[nb]!;
      if (s < 0) continue;
      const sx = (s % w) + (px - nx);
      const sy = (s - (s % w)) / w + (py - ny);
      if (sx < wx0 || sy < wy0 || sx > wx1 || sy > wy1) continue;
      const cand = sy * w + sx;
      if (cand === best || !valid[cand]) continue;
      const d = matchCost(lv, nc, p, cand, bestD);
      if (d < bestD) {
        bestD = d;
        best = cand;
      }
    }
    // Random search around the current best, halving the radius.
    const bx = best % w;
    const by = (best - bx) / w;
    for (let rad = searchRadius; rad >= 1; rad >>= 1) {
      const cx = Math.min(wx1, Math.max(wx0, bx + Math.round((rng() * 2 - 1) * rad)));
      const cy = Math.min(wy1, Math.max(wy0, by + Math.round((rng() * 2 - 1) * rad)));
      const cand = cy * w + cx;
      if (cand === best || !valid[cand]) continue;
      const d = matchCost(lv, nc, p, cand, bestD);
      if (d < bestD) {
        bestD = d;
        best = cand;
      }
    }
    nnf[p] = best;
    nnfD[p] = bestD;
  }
}

/**
 * M-step: each hole pixel = weighted mean of the pixels that the overlapping patches' matches put
 * there. `final` copies the centre match instead (no averaging: keeps grain and sharp edges).
 */
export function vote(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array | null, final: boolean): void {
  const { w, h, img, hole, holeIdx } = lv;
  const n = holeIdx.length;
  if (final) {
    const tmp = new Float32Array(n * nc);
    for (let k = 0; k < n; k++) {
      const s = nnf[holeIdx[k]!]!;
      for (let c = 0; c < nc; c++) tmp[k * nc + c] = img[s * nc + c]!;
    }
    for (let k = 0; k < n; k++) {
      const p = holeIdx[k]!;
      for (let c = 0; c < nc; c++) img[p * nc + c] = tmp[k * nc + c]!;
    }
    return;
  }
  // Weights: exp(-d / (2 sigma^2)) with sigma^2 the 75th percentile of per-pixel patch distances.
  let sigma2 = 1;
  const weights = new Float32Array(n).fill(1);
  if (nnfD) {
    const per = new Float32Array(n);
    for (let k = 0; k < n; k++) per[k] = nnfD[holeIdx[k]!]! / patchArea(lv, holeIdx[k]!);
    const sorted = Float32Array.from(per).sort();
    sigma2 = Math.max(1, sorted[Math.floor(0.75 * (n - 1))]!);
    for (let k = 0; k < n; k++) weights[k] = Math.exp(-per[k]! / (2 * sigma2)) + 1e-6;
  }
  const pos = new Int32Array(w * h).fill(-1);
  for (let k = 0; k < n; k++) pos[holeIdx[k]!] = k;
  const acc = new Float32Array(n * nc);
  const wsum = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const t = holeIdx[k]!;
    const s = nnf[t]!;
    const wt = weights[k]!;
    const tx = t % w;
    const ty = (t - tx) / w;
    for (let dy = -R; dy <= R; dy++) {
      const y = ty + dy;
      if (y < 0 || y >= h) continue;
      for (let dx = -R; dx <= R; dx++) {
        const x = tx + dx;
        if (x < 0 || x >= w) continue;
        const p = y * w + x;
        if (!hole[p]) continue;
        const j = pos[p]!;
        const q = (s + dy * w + dx) * nc;
        for (let c = 0; c < nc; c++) acc[j * nc + c] = acc[j * nc + c]! + img[q + c]! * wt;
        wsum[j] = wsum[j]! + wt;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    const p = holeIdx[k]!;
    const ws = wsum[k]!;
    if (ws > 0) for (let c = 0; c < nc; c++) img[p * nc + c] = acc[k * nc + c]! / ws;
  }
}

/** Offsets doubled: each fine hole pixel starts at the fine pixel under its parent's match. */
export function upsampleNnf(coarse: Level, cnnf: Int32Array, fine: Level, rng: () => number): Int32Array {
  const { w, h, holeIdx, valid } = fine;
  const nnf = new Int32Array(w * h).fill(-1);
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    const parent = (y >> 1) * coarse.w + (x >> 1);
    const cs = cnnf[parent]!;
    let sx = x;
    let sy = y;
    if (cs >= 0) {
      const cx = cs % coarse.w;
      const cy = (cs - cx) / coarse.w;
      sx = Math.min(w - 1 - R, Math.max(R, 2 * cx + (x & 1)));
      sy = Math.min(h - 1 - R, Math.max(R, 2 * cy + (y & 1)));
    }
    let cand = sy * w + sx;
    if (!valid[cand]) {
      // Nudge to a valid neighbour (the finer hole is smaller, so this is rare).
      cand = -1;
      for (let rad = 1; rad <= 4 && cand < 0; rad++) {
        for (let t = 0; t < 8; t++) {
          const xx = Math.min(w - 1 - R, Math.max(R, sx + Math.round((rng() * 2 - 1) * rad)));
          const yy = Math.min(h - 1 - R, Math.max(R, sy + Math.round((rng() * 2 - 1) * rad)));
          if (valid[yy * w + xx]) {
            cand = yy * w + xx;
            break;
          }
        }
      }
      if (cand < 0) cand = nearestValid(fine, x, y);
    }
    nnf[p] = cand;
  }
  return nnf;
}

/** The valid source nearest to (x, y) in square rings out to the window (there always is one). */
function nearestValid(lv: Level, x: number, y: number): number {
  const { w, h, valid } = lv;
  for (let r = 1; r <= Math.max(w, h); r++) {
    for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
      const edge = yy === y - r || yy === y + r;
      for (let xx = x - r; xx <= x + r; xx += edge ? 1 : 2 * r) {
        if (xx >= 0 && xx < w && valid[yy * w + xx]) return yy * w + xx;
      }
    }
  }
  throw new Error('inpaint: no source patch in the crop');
}

/**
 * Coarsest-level initialisation: fill the hole from its boundary inwards, one pixel at a time;
 * each copies the centre of the best-matching source patch in its window, compared on already
 * known/filled pixels only (plus the distance penalty). The order is Criminisi et al.'s: pixels
 * on the front where a structure (an edge, a line) meets it and whose neighbourhood is mostly
 * trustworthy go first, so lines are carried into the hole before flat areas close over them.
 */
export function onionPeel(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array, rng: () => number, work: number): void {
  const { holeIdx, window: win } = lv;
  const peel = startPeel(lv, nc);
  const { heap, known, stamp } = peel;
  for (let k = 0; k < holeIdx.length; k++) if (onFront(peel, holeIdx[k]!)) pushFront(peel, holeIdx[k]!);
  // Every candidate in the window when that is affordable; otherwise coherent ones plus random
  // ones, as many as the same budget allows. `work` is the image-wide hole at this scale (a long
  // thin stroke has a big coarsest level, in many tiles).
  const side = 2 * win + 1;
  const exhaustive = side * side * work <= PEEL_BUDGET;
  const randomCandidates = Math.max(16, Math.min(400, Math.floor(PEEL_BUDGET / work)));
  while (heap.size > 0) {
    const { value: p, tag } = heap.pop();
    if (known[p] || tag !== stamp[p]) continue; // filled already, or a stale priority
    fillFrom(peel, nnf, p, peelSource(peel, nnf, p, exhaustive, randomCandidates, rng));
  }
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    nnfD[p] = matchCost(lv, nc, p, nnf[p]!, Infinity);
  }
}

/** The greedy fill's state: which pixels are known (or filled), how far each is trusted, and the front's queue. */
interface Peel {
  lv: Level;
  nc: number;
  known: Uint8Array;
  confidence: Float32Array;
  /** Typical edge strength of the surroundings, to put the data term on a 0..1 scale. */
  edgeRef: number;
  heap: MaxHeap;
  /** Per pixel, the tag of its latest entry in the heap (older entries are stale). */
  stamp: Uint32Array;
}

/** The greedy fill's starting state: known pixels fully trusted, the hole not at all, nothing queued. */
function startPeel(lv: Level, nc: number): Peel {
  const { w, h, hole, valid } = lv;
  const known = new Uint8Array(w * h);
  const confidence = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    known[i] = hole[i] ? 0 : 1;
    confidence[i] = known[i]!;
  }
  const peel: Peel = { lv, nc, known, confidence, edgeRef: 0, heap: new MaxHeap(), stamp: new Uint32Array(w * h) };
  // Typical edge strength of the surroundings, to put the data term on a 0..1 scale.
  let edgeSum = 0;
  let edgeCount = 0;
  for (let i = 0; i < w * h; i++) {
    if (!valid[i]) continue;
    edgeSum += edgeStrength(peel, i);
    edgeCount++;
  }
  peel.edgeRef = Math.max(1, edgeSum / Math.max(1, edgeCount));
  return peel;
}

/** Edge strength at a known/filled pixel: the gradient over its known/filled neighbours. */
function edgeStrength(peel: Peel, q: number): number {
  const { lv, nc, known } = peel;
  const { w, h, img } = lv;
  const x = q % w;
  const y = (q - x) / w;
  let sum = 0;
  for (let c = 0; c < nc; c++) {
    let gx = 0;
    let gy = 0;
    if (x + 1 < w && known[q + 1]) gx = img[(q + 1) * nc + c]! - img[q * nc + c]!;
    else if (x > 0 && known[q - 1]) gx = img[q * nc + c]! - img[(q - 1) * nc + c]!;
    if (y + 1 < h && known[q + w]) gy = img[(q + w) * nc + c]! - img[q * nc + c]!;
    else if (y > 0 && known[q - w]) gy = img[q * nc + c]! - img[(q - w) * nc + c]!;
    sum += gx * gx + gy * gy;
  }
  return Math.sqrt(sum);
}

/** How much of p's patch is trustworthy: known pixels count 1, filled ones what they had when filled. */
function patchConfidence(peel: Peel, p: number): number {
  const { lv, known, confidence } = peel;
  const { w, h } = lv;
  const px = p % w;
  const py = (p - px) / w;
  let conf = 0;
  let area = 0;
  for (let y = Math.max(0, py - R); y <= Math.min(h - 1, py + R); y++) {
    for (let x = Math.max(0, px - R); x <= Math.min(w - 1, px + R); x++) {
      area++;
      if (known[y * w + x]) conf += confidence[y * w + x]!;
    }
  }
  return conf / area;
}

/** Fill priority of front pixel p: its patch's confidence times the strongest known edge next to it. */
function priority(peel: Peel, p: number): number {
  const { lv, known, edgeRef } = peel;
  const { w, h } = lv;
  const px = p % w;
  const py = (p - px) / w;
  let strongest = 0;
  for (let y = Math.max(0, py - 1); y <= Math.min(h - 1, py + 1); y++) {
    for (let x = Math.max(0, px - 1); x <= Math.min(w - 1, px + 1); x++) if (known[y * w + x]) strongest = Math.max(strongest, edgeStrength(peel, y * w + x));
  }
  return patchConfidence(peel, p) * (0.1 + strongest / (strongest + edgeRef));
}

/** Queues p at its current priority; the tag makes its earlier entries stale. */
function pushFront(peel: Peel, p: number): void {
  const { heap, stamp } = peel;
  stamp[p] = stamp[p]! + 1;
  heap.push(priority(peel, p), p, stamp[p]!);
}

/** Whether p touches a known or filled pixel (8-neighbourhood, p included). */
function onFront(peel: Peel, p: number): boolean {
  const { lv, known } = peel;
  const { w, h } = lv;
  const x = p % w;
  const y = (p - x) / w;
  for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
    for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) if (known[yy * w + xx]) return true;
  }
  return false;
}

/** SSD between target p's and source q's patches on p's known/filled pixels, plus the distance penalty; Infinity past `limit`. */
function maskedDistance(peel: Peel, p: number, q: number, limit: number): number {
  const { lv, nc, known } = peel;
  const { w, h, img } = lv;
  const px = p % w;
  const py = (p - px) / w;
  const qx = q % w;
  const qy = (q - qx) / w;
  let sum = 0;
  let cnt = 0;
  for (let dy = -R; dy <= R; dy++) {
    const y = py + dy;
    if (y < 0 || y >= h) continue;
    for (let dx = -R; dx <= R; dx++) {
      const x = px + dx;
      if (x < 0 || x >= w) continue;
      const a = y * w + x;
      const b = (qy + dy) * w + qx + dx;
      if (!known[a]) {
        // Not filled yet: the layout decided from the structure around says what belongs here.
        if (lv.guide) sum += lv.guideWeight * guideMiss(lv, nc, a, b);
        continue;
      }
      for (let c = 0; c < nc; c++) {
        const d = img[a * nc + c]! - img[b * nc + c]!;
        sum += d * d;
      }
      cnt++;
    }
    if (sum > limit) return Infinity;
  }
  // The penalty counts per compared pixel, like the distance it is added to.
  return cnt > 0 ? sum + (lv.penalty * ((qx - px) ** 2 + (qy - py) ** 2) * cnt) / PATCH_AREA : Infinity;
}

/**
 * The source for hole pixel p by masked distance, among every candidate in its window when
 * `exhaustive`, otherwise the coherent ones from filled neighbours and `randomCandidates`
 * random ones; the nearest valid source when none could be compared.
 */
function peelSource(peel: Peel, nnf: Int32Array, p: number, exhaustive: boolean, randomCandidates: number, rng: () => number): number {
  const { lv } = peel;
  const { w, h, hole, valid, window: win } = lv;
  const px = p % w;
  const py = (p - px) / w;
  const wx0 = Math.max(R, px - win);
  const wx1 = Math.min(w - 1 - R, px + win);
  const wy0 = Math.max(R, py - win);
  const wy1 = Math.min(h - 1 - R, py + win);
  let best = -1;
  let bestD = Infinity;
  const tryCand = (q: number): void => {
    if (!valid[q] || q === best) return;
    const d = maskedDistance(peel, p, q, bestD);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  };
  if (exhaustive) {
    for (let y = wy0; y <= wy1; y++) for (let x = wx0; x <= wx1; x++) tryCand(y * w + x);
  } else {
    // Coherent candidates from filled neighbours, then random ones in the window.
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = px + dx;
        const yy = py + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const j = yy * w + xx;
        const s = nnf[j]!;
        if (!hole[j] || s < 0) continue;
        const sx = (s % w) - dx;
        const sy = (s - (s % w)) / w - dy;
        if (sx >= wx0 && sy >= wy0 && sx <= wx1 && sy <= wy1) tryCand(sy * w + sx);
      }
    }
    for (let t = 0; t < randomCandidates; t++) tryCand((wy0 + Math.floor(rng() * (wy1 - wy0 + 1))) * w + wx0 + Math.floor(rng() * (wx1 - wx0 + 1)));
  }
  if (best < 0) best = nearestValid(lv, px, py);
  return best;
}

/** Fills p with source `best`'s pixel, records how far it is trusted and queues its unfilled neighbours. */
function fillFrom(peel: Peel, nnf: Int32Array, p: number, best: number): void {
  const { lv, nc, known, confidence } = peel;
  const { w, h, img } = lv;
  const px = p % w;
  const py = (p - px) / w;
  nnf[p] = best;
  for (let c = 0; c < nc; c++) img[p * nc + c] = img[best * nc + c]!;
  confidence[p] = patchConfidence(peel, p);
  known[p] = 1;
  for (let y = Math.max(0, py - 1); y <= Math.min(h - 1, py + 1); y++) {
    for (let x = Math.max(0, px - 1); x <= Math.min(w - 1, px + 1); x++) if (!known[y * w + x]) pushFront(peel, y * w + x);
  }
}

/** Binary max-heap of (priority, value, tag). */
class MaxHeap {
  private keys: number[] = [];
  private values: number[] = [];
  private tags: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, value: number, tag: number): void {
    const { keys, values, tags } = this;
    let i = keys.length;
    keys.push(key);
    values.push(value);
    tags.push(tag);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! >= key) break;
      keys[i] = keys[parent]!;
      values[i] = values[parent]!;
      tags[i] = tags[parent]!;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
    tags[i] = tag;
  }
  pop(): { value: number; tag: number } {
    const { keys, values, tags } = this;
    const top = { value: values[0]!, tag: tags[0]! };
    const key = keys.pop()!;
    const value = values.pop()!;
    const tag = tags.pop()!;
    const n = keys.length;
    if (n === 0) return top;
    let i = 0;
    while (true) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1]! > keys[child]!) child++;
      if (keys[child]! <= key) break;
      keys[i] = keys[child]!;
      values[i] = values[child]!;
      tags[i] = tags[child]!;
      i = child;
    }
    keys[i] = key;
    values[i] = value;
    tags[i] = tag;
    return top;
  }
}
