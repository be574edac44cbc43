// Embedded, offline inpainting ("remove object"): multi-scale exemplar-based completion.
//
// Method (Wexler et al. "Space-time completion", with Barnes et al.'s PatchMatch as the
// nearest-neighbour search — the same family as "content-aware fill"), plus a gradient-domain
// seam removal step:
//  - The mask (any size; resized to the image) is binarised (luminance > 127, or alpha > 127 when
//    the mask uses transparency), dilated by a 3 px disc, and split into regions: each connected
//    hole with a context margin around it (overlapping boxes merged) is completed on its own crop.
//  - Per crop, an image pyramid is built (hole = any child in the hole; known pixels are plain 2x2
//    means). The coarsest level is chosen so the hole is only a few patches across.
//  - Coarsest level: greedy "onion-peel" synthesis from the hole boundary inwards: every hole
//    pixel takes the centre of the known 7x7 patch that best matches its already-known/filled
//    neighbourhood (exhaustive search when affordable, random + propagated candidates otherwise).
//  - Every level: EM iterations. E-step: PatchMatch (propagation + random search, alternating
//    scan order) finds for each hole pixel's 7x7 patch the nearest fully-known patch in the crop.
//    M-step: each hole pixel becomes the weighted vote of all overlapping source patches
//    (weights favour good matches).
//  - Reduced resolution + detail: synthesis (search and voting) runs on the pyramid; between
//    levels the nearest-neighbour field is upsampled (offsets doubled), so each finer level starts
//    from copies of real finer-scale texture. At full resolution the field points at actual
//    full-resolution source pixels, and the result is a plain copy of those (no averaging): the
//    high-frequency detail (grain, sharp stripe edges) is the source's own, never blurred. The
//    effort per level follows the image-wide hole size (few full-resolution iterations for big
//    masks; beyond ~1 M hole pixels the finest levels only inherit the upsampled field).
//  - Seams: exemplar copies from different places rarely agree in low frequencies (gradients,
//    vignetting, blotches). The copy is offset by a smooth field matching the systematic mismatch
//    along the hole's rim, then a Poisson solve over the hole (known pixels as boundary, the copied
//    texture's own gradients as guidance, systematic jumps across seams removed; noise-level
//    jumps are left alone so grain does not drift) makes the fill seamless.
//  - Only pixels inside the dilated mask are written; everything else is byte-identical.
import sharp from 'sharp';
import { squaredDistanceTransform } from './background.js';

export interface InpaintOptions {
  /** Refuse images with more pixels than this (decompression bombs). Default 40e6. */
  maxPixels?: number;
}

const DEFAULT_MAX_PIXELS = 40e6;
/** The mask is dilated by this radius (px) before filling. */
const DILATE_RADIUS = 3;
/** Patch radius: 7x7 patches. */
const R = 3;

/** Removes the masked region from the image by exemplar-based completion. PNG out, same size. */
export async function inpaintLocal(image: Buffer, mask: Buffer, opts: InpaintOptions = {}): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const nc = info.channels;
  const hole = await loadMask(mask, W, H, maxPixels);
  const encode = (): Promise<Buffer> => sharp(data, { raw: { width: W, height: H, channels: nc } }).png().toBuffer();

  const regions = planRegions(hole, W, H);
  let total = 0;
  for (let i = 0; i < hole.length; i++) total += hole[i]!;
  for (const box of regions) fillBox(data, W, nc, hole, box, total);
  return encode();
}

// ---------------------------------------------------------------------------------------------
// Mask handling

/** Binary, dilated mask at image size (1 = fill). */
async function loadMask(mask: Buffer, W: number, H: number, maxPixels: number): Promise<Uint8Array> {
  const { data, info } = await sharp(mask, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .resize(W, H, { fit: 'fill' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const ch = info.channels;
  const n = W * H;
  // The alpha rule only applies when the mask actually uses transparency.
  let alphaUsed = false;
  if (ch === 4 || ch === 2) {
    for (let i = ch - 1; i < data.length; i += ch) {
      if (data[i]! < 255) {
        alphaUsed = true;
        break;
      }
    }
  }
  const out = new Uint8Array(n);
  let x0 = W;
  let y0 = H;
  let x1 = -1;
  let y1 = -1;
  for (let i = 0; i < n; i++) {
    const s = i * ch;
    const a = ch === 4 ? data[s + 3]! : ch === 2 ? data[s + 1]! : 255;
    const lum = ch >= 3 ? 0.299 * data[s]! + 0.587 * data[s + 1]! + 0.114 * data[s + 2]! : data[s]!;
    // Luminance of the mask composited over black, so transparent-but-white pixels are not painted.
    if ((lum * a) / 255 > 127 || (alphaUsed && a > 127)) {
      out[i] = 1;
      const x = i % W;
      const y = (i - x) / W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return out;
  // Disc dilation via an exact distance transform, restricted to the mask's bounding box.
  const bx0 = Math.max(0, x0 - DILATE_RADIUS);
  const by0 = Math.max(0, y0 - DILATE_RADIUS);
  const bx1 = Math.min(W - 1, x1 + DILATE_RADIUS);
  const by1 = Math.min(H - 1, y1 + DILATE_RADIUS);
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  const sub = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) sub.set(out.subarray((by0 + y) * W + bx0, (by0 + y) * W + bx0 + bw), y * bw);
  const d2 = squaredDistanceTransform(sub, bw, bh);
  const r2 = DILATE_RADIUS * DILATE_RADIUS;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) if (d2[y * bw + x]! <= r2) out[(by0 + y) * W + bx0 + x] = 1;
  }
  return out;
}

interface Box {
  x0: number;
  y0: number;
  x1: number; // exclusive
  y1: number; // exclusive
}

/** One crop per connected hole, with a context margin; overlapping crops are merged. */
function planRegions(hole: Uint8Array, W: number, H: number): Box[] {
  const boxes: Box[] = [];
  const seen = new Uint8Array(W * H);
  let queue = new Int32Array(1024);
  for (let s = 0; s < W * H; s++) {
    if (!hole[s] || seen[s]) continue;
    let qh = 0;
    let qt = 0;
    seen[s] = 1;
    queue[qt++] = s;
    let x0 = W;
    let y0 = H;
    let x1 = 0;
    let y1 = 0;
    while (qh < qt) {
      const i = queue[qh++]!;
      const x = i % W;
      const y = (i - x) / W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W) continue;
          const j = yy * W + xx;
          if (hole[j] && !seen[j]) {
            seen[j] = 1;
            if (qt === queue.length) {
              const nq = new Int32Array(queue.length * 2);
              nq.set(queue);
              queue = nq;
            }
            queue[qt++] = j;
          }
        }
      }
    }
    const size = Math.max(x1 - x0 + 1, y1 - y0 + 1);
    const m = Math.max(24, Math.round(0.6 * size) + 16);
    boxes.push({ x0: Math.max(0, x0 - m), y0: Math.max(0, y0 - m), x1: Math.min(W, x1 + 1 + m), y1: Math.min(H, y1 + 1 + m) });
  }
  // Merge overlapping boxes until stable.
  let merged = true;
  while (merged) {
    merged = false;
    for (let a = 0; a < boxes.length && !merged; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        const A = boxes[a]!;
        const B = boxes[b]!;
        if (A.x0 < B.x1 && B.x0 < A.x1 && A.y0 < B.y1 && B.y0 < A.y1) {
          boxes[a] = { x0: Math.min(A.x0, B.x0), y0: Math.min(A.y0, B.y0), x1: Math.max(A.x1, B.x1), y1: Math.max(A.y1, B.y1) };
          boxes.splice(b, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return boxes;
}

// ---------------------------------------------------------------------------------------------
// Completion of one crop

interface Level {
  w: number;
  h: number;
  /** Interleaved float pixels (nc channels); hole pixels hold the current estimate. */
  img: Float32Array;
  hole: Uint8Array;
  /** Indices of hole pixels (scanline order). */
  holeIdx: Int32Array;
  /** Source validity: the whole patch centred here is inside the crop and known. */
  valid: Uint8Array;
  validIdx: Int32Array;
}

function fillBox(data: Buffer, W: number, nc: number, fullHole: Uint8Array, box: Box, totalHole: number): void {
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const img = new Float32Array(w * h * nc);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const src = (box.y0 + y) * W + box.x0 + x;
      const i = y * w + x;
      hole[i] = fullHole[src]!;
      if (!hole[i]) for (let c = 0; c < nc; c++) img[i * nc + c] = data[src * nc + c]!;
    }
  }
  const filled = completeCrop(img, w, h, nc, hole, totalHole);
  if (!filled) return;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      const dst = ((box.y0 + y) * W + box.x0 + x) * nc;
      for (let c = 0; c < nc; c++) {
        const v = Math.round(filled[i * nc + c]!);
        data[dst + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}

function makeLevel(w: number, h: number, img: Float32Array, hole: Uint8Array): Level {
  const holeList: number[] = [];
  for (let i = 0; i < w * h; i++) if (hole[i]) holeList.push(i);
  // valid = patch fully inside and free of hole pixels: dilate the hole by R (square), then trim borders.
  const near = dilateSquare(hole, w, h, R);
  const valid = new Uint8Array(w * h);
  const validList: number[] = [];
  for (let y = R; y < h - R; y++) {
    for (let x = R; x < w - R; x++) {
      const i = y * w + x;
      if (!near[i]) {
        valid[i] = 1;
        validList.push(i);
      }
    }
  }
  return { w, h, img, hole, holeIdx: Int32Array.from(holeList), valid, validIdx: Int32Array.from(validList) };
}

function downsample(lv: Level, nc: number): Level {
  const w = Math.ceil(lv.w / 2);
  const h = Math.ceil(lv.h / 2);
  const img = new Float32Array(w * h * nc);
  const hole = new Uint8Array(w * h);
  const cnt = new Uint8Array(w * h);
  for (let y = 0; y < lv.h; y++) {
    for (let x = 0; x < lv.w; x++) {
      const i = y * lv.w + x;
      const j = (y >> 1) * w + (x >> 1);
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
  return makeLevel(w, h, img, hole);
}

/** Returns the crop with its hole completed (same buffer as `img`). */
/**
 * Completes the hole of one crop in place. `totalHole` (hole pixels over the whole image) sets the
 * effort per pyramid level so the total time stays roughly linear in the masked area.
 */
function completeCrop(img: Float32Array, w: number, h: number, nc: number, hole: Uint8Array, totalHole: number): Float32Array | null {
  const rng = xorshift(0x9e3779b9 ^ (w * 73856093) ^ (h * 19349663));
  const base = makeLevel(w, h, img, hole);
  if (base.holeIdx.length === 0) return img;
  if (base.validIdx.length === 0) {
    // Nothing to copy from (the hole covers nearly everything): smooth membrane fill, or leave
    // the pixels alone when not a single pixel is known.
    return diffusionFill(img, w, h, nc, hole) ? img : null;
  }
  // How far the hole reaches from known pixels decides the pyramid depth (distance transform on
  // the hole's bounding box + 1 px, whose rim is known, so this is exact).
  let bx0 = w;
  let by0 = h;
  let bx1 = 0;
  let by1 = 0;
  for (let k = 0; k < base.holeIdx.length; k++) {
    const p = base.holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    if (x < bx0) bx0 = x;
    if (x > bx1) bx1 = x;
    if (y < by0) by0 = y;
    if (y > by1) by1 = y;
  }
  bx0 = Math.max(0, bx0 - 1);
  by0 = Math.max(0, by0 - 1);
  bx1 = Math.min(w - 1, bx1 + 1);
  by1 = Math.min(h - 1, by1 + 1);
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  const known = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) known[y * bw + x] = hole[(by0 + y) * w + bx0 + x] ? 0 : 1;
  const d2 = squaredDistanceTransform(known, bw, bh);
  let maxD2 = 0;
  for (let i = 0; i < bw * bh; i++) if (!known[i] && d2[i]! > maxD2) maxD2 = d2[i]!;
  const reach = Math.sqrt(maxD2);
  const levels: Level[] = [base];
  while (true) {
    const cur = levels[levels.length - 1]!;
    const scale = 2 ** (levels.length - 1);
    if (reach / scale <= R) break;
    if (Math.min(cur.w, cur.h) / 2 < 6 * R + 2) break;
    const next = downsample(cur, nc);
    if (next.validIdx.length < 16) break;
    levels.push(next);
  }
  const L = levels.length - 1;
  const coarse = levels[L]!;
  let nnf: Int32Array = new Int32Array(coarse.w * coarse.h).fill(-1);
  let nnfD = new Float32Array(coarse.w * coarse.h);
  onionPeel(coarse, nc, nnf, nnfD, rng);
  for (let l = L; l >= 0; l--) {
    const lv = levels[l]!;
    if (l < L) {
      const up = upsampleNnf(levels[l + 1]!, nnf, lv, rng);
      nnf = up;
      nnfD = new Float32Array(lv.w * lv.h);
      if (Math.max(lv.holeIdx.length, totalHole / 4 ** l) > 1_000_000) continue; // inherit the field only (see below)
      vote(lv, nc, nnf, null, false);
      for (let k = 0; k < lv.holeIdx.length; k++) {
        const p = lv.holeIdx[k]!;
        nnfD[p] = patchDistance(lv, nc, p, nnf[p]!, Infinity);
      }
    }
    // EM schedule by the image-wide amount of hole at this level: more iterations where they are
    // cheap; very large holes are synthesised at coarser levels only and the finest levels just
    // inherit the upsampled field (then copy).
    const work = Math.max(lv.holeIdx.length, totalHole / 4 ** l);
    const iters = l === L ? 6 : work > 1_000_000 ? 0 : work > 150_000 ? 1 : work > 40_000 ? 2 : l === 0 ? 3 : 4;
    const searchRadius = l >= L - 1 ? Math.max(lv.w, lv.h) : Math.max(8, Math.min(lv.w, lv.h) >> 2);
    for (let it = 0; it < iters; it++) {
      patchMatch(lv, nc, nnf, nnfD, (it + l) % 2 === 0, searchRadius, rng);
      if (l > 0 || it < iters - 1) vote(lv, nc, nnf, nnfD, false);
    }
  }
  // Final: copy the matched full-resolution pixels (no averaging), then remove seams.
  vote(base, nc, nnf, null, true);
  seamCorrect(base, nc, nnf);
  poissonBlend(base, nc, nnf, base.holeIdx.length > 1_000_000 ? 20 : 60);
  return img;
}

// ---------------------------------------------------------------------------------------------
// Patch distance, PatchMatch, voting

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
  return sum;
}

function patchArea(lv: Level, p: number): number {
  const px = p % lv.w;
  const py = (p - px) / lv.w;
  const nx = Math.min(R, lv.w - 1 - px) + Math.min(R, px) + 1;
  const ny = Math.min(R, lv.h - 1 - py) + Math.min(R, py) + 1;
  return nx * ny;
}

function patchMatch(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array, forward: boolean, searchRadius: number, rng: () => number): void {
  const { w, h, hole, valid, holeIdx } = lv;
  const n = holeIdx.length;
  const step = forward ? 1 : -1;
  for (let k = forward ? 0 : n - 1; k >= 0 && k < n; k += step) {
    const p = holeIdx[k]!;
    const px = p % w;
    const py = (p - px) / w;
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
      const sy = ((s - (s % w)) / w) + (py - ny);
      if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
      const cand = sy * w + sx;
      if (cand === best || !valid[cand]) continue;
      const d = patchDistance(lv, nc, p, cand, bestD);
      if (d < bestD) {
        bestD = d;
        best = cand;
      }
    }
    // Random search around the current best, halving the radius.
    const bx = best % w;
    const by = (best - bx) / w;
    for (let rad = searchRadius; rad >= 1; rad >>= 1) {
      const cx = Math.min(w - 1 - R, Math.max(R, bx + Math.round((rng() * 2 - 1) * rad)));
      const cy = Math.min(h - 1 - R, Math.max(R, by + Math.round((rng() * 2 - 1) * rad)));
      const cand = cy * w + cx;
      if (cand === best || !valid[cand]) continue;
      const d = patchDistance(lv, nc, p, cand, bestD);
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
function vote(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array | null, final: boolean): void {
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
function upsampleNnf(coarse: Level, cnnf: Int32Array, fine: Level, rng: () => number): Int32Array {
  const { w, h, holeIdx, valid, validIdx } = fine;
  const nnf = new Int32Array(w * h).fill(-1);
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    const parent = (y >> 1) * coarse.w + (x >> 1);
    const cs = cnnf[parent]!;
    let cand = -1;
    if (cs >= 0) {
      const cx = cs % coarse.w;
      const cy = (cs - cx) / coarse.w;
      const sx = Math.min(w - 1 - R, Math.max(R, 2 * cx + (x & 1)));
      const sy = Math.min(h - 1 - R, Math.max(R, 2 * cy + (y & 1)));
      cand = sy * w + sx;
      if (!valid[cand]) {
        // Nudge to a valid neighbour (the finer hole is smaller, so this is rare).
        let found = -1;
        for (let rad = 1; rad <= 4 && found < 0; rad++) {
          for (let t = 0; t < 8; t++) {
            const xx = Math.min(w - 1 - R, Math.max(R, sx + Math.round((rng() * 2 - 1) * rad)));
            const yy = Math.min(h - 1 - R, Math.max(R, sy + Math.round((rng() * 2 - 1) * rad)));
            if (valid[yy * w + xx]) {
              found = yy * w + xx;
              break;
            }
          }
        }
        cand = found;
      }
    }
    if (cand < 0) cand = validIdx[Math.floor(rng() * validIdx.length)]!;
    nnf[p] = cand;
  }
  return nnf;
}

/**
 * Coarsest-level initialisation: fill the hole from its boundary inwards; each pixel copies the
 * centre of the best-matching source patch, compared on already known/filled pixels only.
 */
function onionPeel(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array, rng: () => number): void {
  const { w, h, img, hole, holeIdx, validIdx } = lv;
  const known = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) known[i] = hole[i] ? 0 : 1;
  // Order: BFS layers from the known region (8-neighbourhood).
  const order = new Int32Array(holeIdx.length);
  const queued = new Uint8Array(w * h);
  let qt = 0;
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    let border = false;
    for (let dy = -1; dy <= 1 && !border; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && !hole[yy * w + xx]) {
          border = true;
          break;
        }
      }
    }
    if (border) {
      order[qt++] = p;
      queued[p] = 1;
    }
  }
  if (qt === 0 && holeIdx.length > 0) {
    order[qt++] = holeIdx[0]!;
    queued[holeIdx[0]!] = 1;
  }
  for (let qh = 0; qh < qt; qh++) {
    const p = order[qh]!;
    const x = p % w;
    const y = (p - x) / w;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
        const j = yy * w + xx;
        if (hole[j] && !queued[j]) {
          queued[j] = 1;
          order[qt++] = j;
        }
      }
    }
  }
  const exhaustive = validIdx.length * holeIdx.length <= 3_000_000;
  const maskedDistance = (p: number, q: number, limit: number): number => {
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
        if (!known[a]) continue;
        const b = (qy + dy) * w + qx + dx;
        for (let c = 0; c < nc; c++) {
          const d = img[a * nc + c]! - img[b * nc + c]!;
          sum += d * d;
        }
        cnt++;
      }
      if (sum > limit) return Infinity;
    }
    return cnt > 0 ? sum : Infinity;
  };
  for (let k = 0; k < qt; k++) {
    const p = order[k]!;
    const px = p % w;
    const py = (p - px) / w;
    let best = -1;
    let bestD = Infinity;
    const tryCand = (q: number): void => {
      if (q < 0 || !lv.valid[q] || q === best) return;
      const d = maskedDistance(p, q, bestD);
      if (d < bestD) {
        bestD = d;
        best = q;
      }
    };
    if (exhaustive) {
      for (let s = 0; s < validIdx.length; s++) tryCand(validIdx[s]!);
    } else {
      // Coherent candidates from filled neighbours, then random ones.
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
          if (sx >= 0 && sy >= 0 && sx < w && sy < h) tryCand(sy * w + sx);
        }
      }
      for (let t = 0; t < 400; t++) tryCand(validIdx[Math.floor(rng() * validIdx.length)]!);
    }
    if (best < 0) best = validIdx[Math.floor(rng() * validIdx.length)]!;
    nnf[p] = best;
    for (let c = 0; c < nc; c++) img[p * nc + c] = img[best * nc + c]!;
    known[p] = 1;
  }
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    nnfD[p] = patchDistance(lv, nc, p, nnf[p]!, Infinity);
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

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

function invert(mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = mask[i] ? 0 : 1;
  return out;
}

/** Binary dilation with a (2r+1)^2 square (separable running counts). */
function dilateSquare(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let c = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) c += mask[row + x]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = c > 0 ? 1 : 0;
      if (x + r + 1 < w) c += mask[row + x + r + 1]!;
      if (x - r >= 0) c -= mask[row + x - r]!;
    }
  }
  for (let x = 0; x < w; x++) {
    let c = 0;
    for (let y = 0; y <= Math.min(r, h - 1); y++) c += tmp[y * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = c > 0 ? 1 : 0;
      if (y + r + 1 < h) c += tmp[(y + r + 1) * w + x]!;
      if (y - r >= 0) c -= tmp[(y - r) * w + x]!;
    }
  }
  return out;
}

/**
 * Push-pull (pyramid normalised convolution) interpolation of interleaved values known where
 * `known` is set: returns a smooth field that equals the samples on known pixels.
 */
function pushPullFill(values: Float32Array, known: Uint8Array, w: number, h: number, nc: number): Float32Array {
  const levels: Array<{ w: number; h: number; sum: Float32Array; wt: Float32Array }> = [];
  {
    const sum = new Float32Array(w * h * nc);
    const wt = new Float32Array(w * h);
    for (let i = 0; i < w * h; i++) {
      if (!known[i]) continue;
      wt[i] = 1;
      for (let c = 0; c < nc; c++) sum[i * nc + c] = values[i * nc + c]!;
    }
    levels.push({ w, h, sum, wt });
  }
  while (true) {
    const p = levels[levels.length - 1]!;
    if (p.w <= 1 && p.h <= 1) break;
    const nw = Math.ceil(p.w / 2);
    const nh = Math.ceil(p.h / 2);
    const sum = new Float32Array(nw * nh * nc);
    const wt = new Float32Array(nw * nh);
    for (let y = 0; y < p.h; y++) {
      for (let x = 0; x < p.w; x++) {
        const i = y * p.w + x;
        const j = (y >> 1) * nw + (x >> 1);
        wt[j] = wt[j]! + p.wt[i]!;
        for (let c = 0; c < nc; c++) sum[j * nc + c] = sum[j * nc + c]! + p.sum[i * nc + c]!;
      }
    }
    levels.push({ w: nw, h: nh, sum, wt });
  }
  const top = levels[levels.length - 1]!;
  let val = new Float32Array(nc);
  for (let c = 0; c < nc; c++) val[c] = top.wt[0]! > 0 ? top.sum[c]! / top.wt[0]! : 0;
  for (let l = levels.length - 2; l >= 0; l--) {
    const lv = levels[l]!;
    const up = levels[l + 1]!;
    const next = new Float32Array(lv.w * lv.h * nc);
    for (let y = 0; y < lv.h; y++) {
      const fy = Math.min(up.h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
      const y0 = Math.floor(fy);
      const y1 = Math.min(up.h - 1, y0 + 1);
      const ty = fy - y0;
      for (let x = 0; x < lv.w; x++) {
        const i = y * lv.w + x;
        const wt = lv.wt[i]!;
        if (wt > 0) {
          for (let c = 0; c < nc; c++) next[i * nc + c] = lv.sum[i * nc + c]! / wt;
          continue;
        }
        const fx = Math.min(up.w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
        const x0 = Math.floor(fx);
        const x1 = Math.min(up.w - 1, x0 + 1);
        const tx = fx - x0;
        const a = (y0 * up.w + x0) * nc;
        const b = (y0 * up.w + x1) * nc;
        const d = (y1 * up.w + x0) * nc;
        const e = (y1 * up.w + x1) * nc;
        for (let c = 0; c < nc; c++) {
          next[i * nc + c] = (val[a + c]! * (1 - tx) + val[b + c]! * tx) * (1 - ty) + (val[d + c]! * (1 - tx) + val[e + c]! * tx) * ty;
        }
      }
    }
    val = next;
  }
  return val;
}

/**
 * Box sum (radius r) of an interleaved nc-channel field that is zero outside the rectangle
 * [x0, x1) x [y0, y1); results are computed inside that rectangle only (separable, O(area)).
 */
function boxSum(src: Float32Array, w: number, nc: number, r: number, x0: number, y0: number, x1: number, y1: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const acc = new Float64Array(nc);
  for (let y = y0; y < y1; y++) {
    const row = y * w;
    let empty = true;
    for (let i = (row + x0) * nc, e = (row + x1) * nc; i < e; i++) {
      if (src[i] !== 0) {
        empty = false;
        break;
      }
    }
    if (empty) continue; // tmp row stays zero
    acc.fill(0);
    for (let x = x0; x < Math.min(x0 + r, x1); x++) for (let c = 0; c < nc; c++) acc[c] = acc[c]! + src[(row + x) * nc + c]!;
    for (let x = x0; x < x1; x++) {
      const add = x + r;
      const rem = x - r - 1;
      for (let c = 0; c < nc; c++) {
        if (add < x1) acc[c] = acc[c]! + src[(row + add) * nc + c]!;
        if (rem >= x0) acc[c] = acc[c]! - src[(row + rem) * nc + c]!;
        tmp[(row + x) * nc + c] = acc[c]!;
      }
    }
  }
  for (let x = x0; x < x1; x++) {
    acc.fill(0);
    for (let y = y0; y < Math.min(y0 + r, y1); y++) for (let c = 0; c < nc; c++) acc[c] = acc[c]! + tmp[(y * w + x) * nc + c]!;
    for (let y = y0; y < y1; y++) {
      const add = y + r;
      const rem = y - r - 1;
      for (let c = 0; c < nc; c++) {
        if (add < y1) acc[c] = acc[c]! + tmp[(add * w + x) * nc + c]!;
        if (rem >= y0) acc[c] = acc[c]! - tmp[(rem * w + x) * nc + c]!;
        out[(y * w + x) * nc + c] = acc[c]!;
      }
    }
  }
  return out;
}

/** Robust per-channel noise variance of zero-mean samples: median(x^2) / 0.455 (Gaussian). */
function robustVariance(values: Float32Array, mask: Uint8Array, nc: number): Float64Array {
  const out = new Float64Array(nc);
  const idx: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) idx.push(i);
  if (idx.length === 0) return out;
  const stride = Math.max(1, Math.floor(idx.length / 20000));
  for (let c = 0; c < nc; c++) {
    const sq: number[] = [];
    for (let k = 0; k < idx.length; k += stride) sq.push(values[idx[k]! * nc + c]! ** 2);
    sq.sort((a, b) => a - b);
    out[c] = sq[Math.floor(sq.length / 2)]! / 0.455;
  }
  return out;
}

/**
 * Local means of a sparse per-pixel signal (present where `mask` is set) over a (2r+1)^2 window,
 * shrunk towards zero by how much of them noise could explain (Wiener-style): only consistent,
 * systematic offsets survive, pure noise averages away.
 */
function smoothSystematic(values: Float32Array, mask: Uint8Array, w: number, h: number, nc: number, r: number): Float32Array {
  const noiseVar = robustVariance(values, mask, nc);
  const counts = new Float32Array(w * h);
  let x0 = w;
  let y0 = h;
  let x1 = 0;
  let y1 = 0;
  for (let i = 0; i < w * h; i++) {
    if (!mask[i]) continue;
    counts[i] = 1;
    const x = i % w;
    const y = (i - x) / w;
    if (x < x0) x0 = x;
    if (x >= x1) x1 = x + 1;
    if (y < y0) y0 = y;
    if (y >= y1) y1 = y + 1;
  }
  const out = new Float32Array(values.length);
  if (x1 <= x0) return out;
  const sums = boxSum(values, w, nc, r, x0, y0, x1, y1);
  const cnt = boxSum(counts, w, 1, r, x0, y0, x1, y1);
  for (let i = 0; i < w * h; i++) {
    if (!mask[i]) continue;
    const n = cnt[i]!;
    for (let c = 0; c < nc; c++) {
      const m = sums[i * nc + c]! / n;
      const nv = (1.5 * noiseVar[c]!) / n;
      const m2 = m * m;
      out[i * nc + c] = m2 <= nv ? 0 : m * (1 - nv / m2);
    }
  }
  return out;
}

/**
 * Seam correction, first step: the synthesised fill S is offset by a smooth field M that, on the
 * hole's boundary, matches the systematic (low-passed, noise-shrunk) difference between the real
 * pixels and what the matched source patches predict there, interpolated into the hole by
 * push-pull. This removes the far-field part of low-frequency mismatches (gradients, vignetting,
 * blotches) and is the starting point of the gradient-domain solve below.
 */
function seamCorrect(lv: Level, nc: number, nnf: Int32Array): void {
  const { w, h, img, hole, holeIdx } = lv;
  const N = w * h;
  const res = new Float32Array(N * nc);
  const cnt = new Float32Array(N);
  const onRing = new Uint8Array(N);
  let any = false;
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    const s = nnf[p]!;
    const x = p % w;
    const y = (p - x) / w;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= w) continue;
        const b = yy * w + xx;
        if (hole[b]) continue;
        const q = s + dy * w + dx;
        onRing[b] = 1;
        any = true;
        cnt[b] = cnt[b]! + 1;
        for (let c = 0; c < nc; c++) res[b * nc + c] = res[b * nc + c]! + img[b * nc + c]! - img[q * nc + c]!;
      }
    }
  }
  if (!any) return;
  for (let b = 0; b < N; b++) if (onRing[b]) for (let c = 0; c < nc; c++) res[b * nc + c] = res[b * nc + c]! / cnt[b]!;
  const smooth = smoothSystematic(res, onRing, w, h, nc, 8);
  const M = pushPullFill(smooth, onRing, w, h, nc);
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    for (let c = 0; c < nc; c++) img[p * nc + c] = img[p * nc + c]! + M[p * nc + c]!;
  }
}

/**
 * Gradient-domain reconstruction: solves the Poisson equation on the hole (known pixels are the
 * boundary values) with, as guidance, the gradients of the copied texture — except that across
 * seams (neighbours whose sources are not neighbours, and the hole's rim) the systematic part of
 * the jump is removed. The jump at a seam edge is measured against the two sources' own
 * gradients, averaged locally along the seam and shrunk by the noise level, so that real colour
 * offsets between copied regions disappear while noise (which has no systematic jump) is left
 * alone and cannot drift. Successive over-relaxation from the seam-corrected copy.
 */
function poissonBlend(lv: Level, nc: number, nnf: Int32Array, iterations: number): void {
  const { w, h, img, hole, holeIdx } = lv;
  const N = w * h;
  const n = holeIdx.length;
  // Jumps on seam edges: index a = first pixel, orientation 0 = (a, a+1), 1 = (a, a+w).
  const jump = [new Float32Array(N * nc), new Float32Array(N * nc)];
  const seam = [new Uint8Array(N), new Uint8Array(N)];
  const visitEdge = (a: number, o: number): void => {
    const off = o === 0 ? 1 : w;
    const b = a + off;
    const ha = hole[a]!;
    const hb = hole[b]!;
    if (!ha && !hb) return;
    const J = jump[o]!;
    if (ha && hb) {
      const sa = nnf[a]!;
      const sb = nnf[b]!;
      if (sb === sa + off) return; // coherent: no seam
      for (let c = 0; c < nc; c++) {
        const actual = img[sa * nc + c]! - img[sb * nc + c]!;
        const desired = 0.5 * (img[sa * nc + c]! - img[(sa + off) * nc + c]! + img[(sb - off) * nc + c]! - img[sb * nc + c]!);
        J[a * nc + c] = actual - desired;
      }
    } else if (ha) {
      const sa = nnf[a]!;
      for (let c = 0; c < nc; c++) J[a * nc + c] = img[(sa + off) * nc + c]! - img[b * nc + c]!;
    } else {
      const sb = nnf[b]!;
      for (let c = 0; c < nc; c++) J[a * nc + c] = img[a * nc + c]! - img[(sb - off) * nc + c]!;
    }
    seam[o]![a] = 1;
  };
  for (let k = 0; k < n; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    if (x > 0 && !hole[p - 1]) visitEdge(p - 1, 0);
    if (x < w - 1) visitEdge(p, 0);
    if (y > 0 && !hole[p - w]) visitEdge(p - w, 1);
    if (y < h - 1) visitEdge(p, 1);
  }
  const sys = [smoothSystematic(jump[0]!, seam[0]!, w, h, nc, 4), smoothSystematic(jump[1]!, seam[1]!, w, h, nc, 4)];
  // Desired difference along edge (a, a+off) = S(a) - S(a+off) - systematic jump; accumulated
  // into the divergence of both end points that are in the hole.
  const pos = new Int32Array(N).fill(-1);
  for (let k = 0; k < n; k++) pos[holeIdx[k]!] = k;
  const div = new Float32Array(n * nc);
  const nbCount = new Uint8Array(n);
  const addEdge = (a: number, o: number): void => {
    const off = o === 0 ? 1 : w;
    const b = a + off;
    const ka = pos[a]!;
    const kb = pos[b]!;
    const sa = (hole[a] ? nnf[a]! : a) * nc;
    const sb = (hole[b] ? nnf[b]! : b) * nc;
    const isSeam = seam[o]![a] === 1;
    const sy = sys[o]!;
    for (let c = 0; c < nc; c++) {
      let d = img[sa + c]! - img[sb + c]!;
      if (isSeam) d -= sy[a * nc + c]!;
      if (ka >= 0) div[ka * nc + c] = div[ka * nc + c]! + d;
      if (kb >= 0) div[kb * nc + c] = div[kb * nc + c]! - d;
    }
  };
  for (let k = 0; k < n; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    let cnt = 0;
    if (x > 0) {
      cnt++;
      if (!hole[p - 1]) addEdge(p - 1, 0);
    }
    if (x < w - 1) {
      cnt++;
      addEdge(p, 0);
    }
    if (y > 0) {
      cnt++;
      if (!hole[p - w]) addEdge(p - w, 1);
    }
    if (y < h - 1) {
      cnt++;
      addEdge(p, 1);
    }
    nbCount[k] = cnt;
  }
  const omega = 1.85;
  for (let it = 0; it < iterations; it++) {
    const forward = it % 2 === 0;
    for (let k0 = 0; k0 < n; k0++) {
      const k = forward ? k0 : n - 1 - k0;
      const p = holeIdx[k]!;
      const x = p % w;
      const y = (p - x) / w;
      const cnt = nbCount[k]!;
      if (cnt === 0) continue;
      for (let c = 0; c < nc; c++) {
        let a = div[k * nc + c]!;
        if (x > 0) a += img[(p - 1) * nc + c]!;
        if (x < w - 1) a += img[(p + 1) * nc + c]!;
        if (y > 0) a += img[(p - w) * nc + c]!;
        if (y < h - 1) a += img[(p + w) * nc + c]!;
        const i = p * nc + c;
        img[i] = img[i]! + omega * (a / cnt - img[i]!);
      }
    }
  }
}

/** Fallback when no source patch exists: smooth membrane fill from the known pixels. */
function diffusionFill(img: Float32Array, w: number, h: number, nc: number, hole: Uint8Array): boolean {
  const known = invert(hole);
  let any = false;
  for (let i = 0; i < w * h && !any; i++) any = known[i] === 1;
  if (!any) return false; // nothing to go on
  const filled = pushPullFill(img, known, w, h, nc);
  for (let i = 0; i < w * h; i++) if (hole[i]) for (let c = 0; c < nc; c++) img[i * nc + c] = filled[i * nc + c]!;
  return true;
}
