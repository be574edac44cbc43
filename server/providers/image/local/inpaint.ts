// Embedded, offline inpainting ("remove object"): multi-scale exemplar-based completion.
//
// Method (Wexler et al. "Space-time completion", with Barnes et al.'s PatchMatch as the
// nearest-neighbour search — the same family as "content-aware fill"), plus a gradient-domain
// seam removal step:
//  - The mask (any size; resized to the image) is binarised (luminance > 127, or alpha > 127 when
//    the mask uses transparency) and dilated by a 3 px disc. Each connected hole is completed on
//    its own crop (holes whose crops would overlap together).
//  - Sources are local. A hole's "reach" is how far its deepest pixel is from known pixels (its
//    radius, for a blob). The crop extends CONTEXT_REACHES reaches beyond the hole, a target
//    pixel only looks at sources within WINDOW_REACHES reaches of itself, and a source's cost
//    grows with its distance. So a fill continues what surrounds it: a distinctive object a few
//    hole-sizes away (a face next to a flag) is never a candidate, and among equally good
//    matches the nearest wins. A long thin hole (a wire across the photo) is filled in tiles a
//    few reaches wide, each tile's fill serving as context for the next.
//  - Per crop, an image pyramid is built (hole = any child in the hole; known pixels are plain 2x2
//    means). At the coarsest level the hole's reach is about two patches: coarser, the texture's
//    structure (brick courses, a lattice) is a mush and the layout decided there ignores it.
//  - Coarsest level: greedy synthesis from the hole's boundary inwards, in Criminisi et al.'s
//    order (where an edge meets the front first, so lines are carried in before flat areas close
//    over them): every hole pixel takes the centre of the source patch in its window that best
//    matches its already-known/filled neighbourhood.
//  - Every level: EM iterations. E-step: PatchMatch (propagation + random search, alternating
//    scan order) finds for each hole pixel's 7x7 patch the nearest fully-known patch in its
//    window. M-step: each hole pixel becomes the weighted vote of all overlapping source patches
//    (weights favour good matches). Below the two coarsest levels the layout is settled and the
//    random search only refines locally.
//  - Reduced resolution + detail: between levels the nearest-neighbour field is upsampled
//    (offsets doubled), so each finer level starts from copies of real finer-scale texture. At
//    full resolution the field points at actual full-resolution source pixels, and the result is
//    a plain copy of those (no averaging): the high-frequency detail (grain, sharp edges) is the
//    source's own, never blurred. The effort per level follows the image-wide hole size, so time
//    stays roughly linear in it: big holes get fewer iterations at the finest levels and none at
//    full resolution (a 12 MP photo then copies the field found at 3 MP, which already points at
//    coherent full-resolution texture).
//  - Seams: exemplar copies from different places rarely agree in low frequencies (gradients,
//    vignetting, blotches). A Poisson solve over the hole (known pixels as boundary, the copied
//    texture's own gradients as guidance, systematic jumps across seams removed; noise-level
//    jumps are left alone so grain does not drift, and jumps too large to be shading are left as
//    edges rather than bled across the fill) makes the fill seamless. It is solved by multigrid,
//    so even a hole hundreds of pixels wide has no residual blotch in its middle; when full
//    resolution only copies the half-resolution field, the seams are solved at half resolution.
//  - Only pixels inside the dilated mask are written; everything else is byte-identical.
import sharp from 'sharp';

export interface InpaintOptions {
  /** Refuse images with more pixels than this (decompression bombs). Default 40e6. */
  maxPixels?: number;
}

/** A decoded image: interleaved 8-bit samples, row-major (e.g. RGB or RGBA). */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

const DEFAULT_MAX_PIXELS = 40e6;
/** The mask is dilated by this radius (px) before filling. */
const DILATE_RADIUS = 3;
/** Patch radius: 7x7 patches. */
const R = 3;
const PATCH_AREA = (2 * R + 1) ** 2;
/** Sources come from at most this many hole reaches beyond the hole (the crop's margin). */
const CONTEXT_REACHES = 2;
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
/** Seam removal takes out colour offsets up to this size (all channels, 8-bit levels); larger jumps are structure. */
const SEAM_OFFSET_MAX = 24;
/** EM effort per level: iterations × hole pixels (image-wide) stays under this. */
const EM_BUDGET = 200_000;
/** Holes are filled in tiles of at most this many reaches (and at least MIN_TILE px) a side. */
const TILE_REACHES = 8;
const MIN_TILE = 256;
/** Candidate patches tried by the coarsest level's greedy fill, in all. */
const PEEL_BUDGET = 4_000_000;

/** Removes the masked region from the image by exemplar-based completion. PNG out, same size. */
export async function inpaintLocal(image: Buffer, mask: Buffer, opts: InpaintOptions = {}): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width: W, height: H, channels: nc } = info;
  const hole = await loadMask(mask, W, H, maxPixels);
  fillHoles(data, W, H, nc, growHole(hole, W, H));
  return sharp(data, { raw: { width: W, height: H, channels: nc } }).png().toBuffer();
}

/**
 * The same on a decoded image, for callers that already hold the pixels (no PNG round trip):
 * `hole` (width × height, non-zero = remove) is grown like the PNG path's mask. Returns a new
 * buffer; the input is left as it was.
 */
export function inpaintRaw(image: RawImage, hole: Uint8Array): Buffer {
  const { data, width: W, height: H, channels: nc } = image;
  if (data.length !== W * H * nc || hole.length !== W * H) throw new Error('inpaintRaw: image and hole sizes disagree');
  const out = Buffer.from(data);
  fillHoles(out, W, H, nc, growHole(hole, W, H));
  return out;
}

function fillHoles(data: Uint8Array, W: number, H: number, nc: number, hole: Uint8Array): void {
  let total = 0;
  for (let i = 0; i < hole.length; i++) total += hole[i]!;
  if (total === 0) return;
  for (const region of planRegions(hole, W, H)) {
    // A long thin hole (a wire, a brush stroke across the photo) would make one crop of nearly
    // the whole image: it is filled tile by tile instead, each tile's fill then serving as
    // known context for the next, so crops stay a few reaches wide and nothing seams between tiles.
    const tile = Math.max(MIN_TILE, Math.ceil(TILE_REACHES * region.reach));
    const margin = Math.max(6 * R, Math.ceil(CONTEXT_REACHES * region.reach) + 2 * R);
    for (let ty = region.y0; ty < region.y1; ty += tile) {
      for (let tx = region.x0; tx < region.x1; tx += tile) {
        const t = { x0: tx, y0: ty, x1: Math.min(region.x1, tx + tile), y1: Math.min(region.y1, ty + tile) };
        let x0 = W;
        let y0 = H;
        let x1 = -1;
        let y1 = -1;
        for (let y = t.y0; y < t.y1; y++) {
          for (let x = t.x0; x < t.x1; x++) {
            if (!hole[y * W + x]) continue;
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
          }
        }
        if (x1 < 0) continue;
        const crop = { x0: Math.max(0, x0 - margin), y0: Math.max(0, y0 - margin), x1: Math.min(W, x1 + 1 + margin), y1: Math.min(H, y1 + 1 + margin) };
        fillBox(data, W, nc, hole, crop, t, region.reach, total);
        for (let y = t.y0; y < t.y1; y++) hole.fill(0, y * W + t.x0, y * W + t.x1);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Mask handling

/** Binary mask at image size (1 = fill). */
async function loadMask(mask: Buffer, W: number, H: number, maxPixels: number): Promise<Uint8Array> {
  const { data, info } = await sharp(mask, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .resize(W, H, { fit: 'fill' })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const ch = info.channels;
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
  const out = new Uint8Array(W * H);
  for (let i = 0; i < out.length; i++) {
    const s = i * ch;
    const a = ch === 4 ? data[s + 3]! : ch === 2 ? data[s + 1]! : 255;
    const lum = ch >= 3 ? 0.299 * data[s]! + 0.587 * data[s + 1]! + 0.114 * data[s + 2]! : data[s]!;
    // Luminance of the mask composited over black, so transparent-but-white pixels are not painted.
    if ((lum * a) / 255 > 127 || (alphaUsed && a > 127)) out[i] = 1;
  }
  return out;
}

/** The hole (non-zero = fill) as 0/1, dilated by a DILATE_RADIUS disc (stamped on its boundary pixels). */
function growHole(hole: Uint8Array, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H);
  const disc: Array<[number, number]> = [];
  for (let dy = -DILATE_RADIUS; dy <= DILATE_RADIUS; dy++) {
    for (let dx = -DILATE_RADIUS; dx <= DILATE_RADIUS; dx++) if (dx * dx + dy * dy <= DILATE_RADIUS ** 2) disc.push([dx, dy]);
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!hole[i]) continue;
      out[i] = 1;
      const inner = (x === 0 || hole[i - 1]) && (x === W - 1 || hole[i + 1]) && (y === 0 || hole[i - W]) && (y === H - 1 || hole[i + W]);
      if (inner) continue;
      for (const [dx, dy] of disc) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < W && yy < H) out[yy * W + xx] = 1;
      }
    }
  }
  return out;
}

/** Connected holes (merged when their crops would overlap): the hole's bounding box and reach. */
interface Region {
  x0: number;
  y0: number;
  x1: number; // exclusive
  y1: number; // exclusive
  /** How far (px) the deepest hole pixel is from the nearest known pixel. */
  reach: number;
}

/**
 * Distance layers from the hole's boundary inwards, alternating 4- and 8-neighbour steps (an
 * octagonal distance, within a few percent of the Euclidean one): the reach of the component
 * `pixels`, which `seen` marks 1 (they are marked 2 on the way).
 */
function componentReach(pixels: Int32Array, hole: Uint8Array, seen: Uint8Array, W: number, H: number): number {
  const n = pixels.length;
  const queue = new Int32Array(n);
  let qt = 0;
  for (let k = 0; k < n; k++) {
    const i = pixels[k]!;
    const x = i % W;
    const y = (i - x) / W;
    if ((x > 0 && !hole[i - 1]) || (x < W - 1 && !hole[i + 1]) || (y > 0 && !hole[i - W]) || (y < H - 1 && !hole[i + W])) {
      seen[i] = 2;
      queue[qt++] = i;
    }
  }
  if (qt === 0) return Math.max(W, H); // nothing known around it
  let layers = 0;
  let start = 0;
  while (start < qt) {
    const end = qt;
    const diagonal = layers % 2 === 1;
    for (let k = start; k < end; k++) {
      const i = queue[k]!;
      const x = i % W;
      const y = (i - x) / W;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (!diagonal && dx !== 0 && dy !== 0)) continue;
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
          const j = yy * W + xx;
          if (seen[j] === 1) {
            seen[j] = 2;
            queue[qt++] = j;
          }
        }
      }
    }
    start = end;
    layers++;
  }
  return layers;
}

/** The connected holes, each with its reach; holes whose crops would overlap are merged. */
function planRegions(hole: Uint8Array, W: number, H: number): Region[] {
  const regions: Region[] = [];
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
    const reach = componentReach(queue.subarray(0, qt), hole, seen, W, H);
    regions.push({ x0, y0, x1: x1 + 1, y1: y1 + 1, reach });
  }
  // Merge regions whose crops (hole box + context margin) overlap, until stable.
  const margin = (r: Region): number => Math.max(6 * R, Math.ceil(CONTEXT_REACHES * r.reach) + 2 * R);
  let merged = true;
  while (merged) {
    merged = false;
    for (let a = 0; a < regions.length && !merged; a++) {
      for (let b = a + 1; b < regions.length; b++) {
        const A = regions[a]!;
        const B = regions[b]!;
        const m = margin(A) + margin(B);
        if (A.x0 < B.x1 + m && B.x0 < A.x1 + m && A.y0 < B.y1 + m && B.y0 < A.y1 + m) {
          regions[a] = {
            x0: Math.min(A.x0, B.x0),
            y0: Math.min(A.y0, B.y0),
            x1: Math.max(A.x1, B.x1),
            y1: Math.max(A.y1, B.y1),
            reach: Math.max(A.reach, B.reach),
          };
          regions.splice(b, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return regions;
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
  /** Half-size of the square window around a target where its sources may lie. */
  window: number;
  /** Cost added per squared pixel of distance between a target and its source. */
  penalty: number;
}

interface Rect {
  x0: number;
  y0: number;
  x1: number; // exclusive
  y1: number; // exclusive
}

/** Completes the hole inside `crop` and writes back the part of it inside `write`. */
function fillBox(data: Uint8Array, W: number, nc: number, fullHole: Uint8Array, crop: Rect, write: Rect, reach: number, totalHole: number): void {
  const w = crop.x1 - crop.x0;
  const h = crop.y1 - crop.y0;
  const img = new Float32Array(w * h * nc);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const src = (crop.y0 + y) * W + crop.x0 + x;
      const i = y * w + x;
      hole[i] = fullHole[src]!;
      if (!hole[i]) for (let c = 0; c < nc; c++) img[i * nc + c] = data[src * nc + c]!;
    }
  }
  if (!completeCrop(img, w, h, nc, hole, reach, totalHole)) return;
  for (let y = Math.max(0, write.y0 - crop.y0); y < Math.min(h, write.y1 - crop.y0); y++) {
    for (let x = Math.max(0, write.x0 - crop.x0); x < Math.min(w, write.x1 - crop.x0); x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      const dst = ((crop.y0 + y) * W + crop.x0 + x) * nc;
      for (let c = 0; c < nc; c++) {
        const v = Math.round(img[i * nc + c]!);
        data[dst + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}

/** A pyramid level; `reach` is the hole's reach at this scale (sets the source window). */
function makeLevel(w: number, h: number, img: Float32Array, hole: Uint8Array, nc: number, reach: number): Level {
  const holeList: number[] = [];
  for (let i = 0; i < w * h; i++) if (hole[i]) holeList.push(i);
  // valid = patch fully inside and free of hole pixels: dilate the hole by R (square), then trim borders.
  const near = dilateSquare(hole, w, h, R);
  const valid = new Uint8Array(w * h);
  for (let y = R; y < h - R; y++) for (let x = R; x < w - R; x++) if (!near[y * w + x]) valid[y * w + x] = 1;
  // The window must hold at least the nearest valid source of the hole's deepest pixel.
  const window = Math.max(Math.ceil(WINDOW_REACHES * reach), Math.ceil(reach) + 2 * R + 2);
  const penalty = (DISTANCE_PENALTY * PATCH_AREA * textureEnergy(img, valid, w, h, nc)) / (window * window);
  return { w, h, img, hole, holeIdx: Int32Array.from(holeList), valid, window, penalty };
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
  return makeLevel(w, h, img, hole, nc, reach);
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
 * pixel). `totalHole` (hole pixels over the whole image) sets the effort per pyramid level.
 */
function completeCrop(img: Float32Array, w: number, h: number, nc: number, hole: Uint8Array, reach: number, totalHole: number): boolean {
  const rng = xorshift(0x9e3779b9 ^ (w * 73856093) ^ (h * 19349663));
  const base = makeLevel(w, h, img, hole, nc, reach);
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

/** Patch distance plus the distance penalty of taking q for p; stops past `limit`. */
function matchCost(lv: Level, nc: number, p: number, q: number, limit: number): number {
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

function patchMatch(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array, forward: boolean, searchRadius: number, rng: () => number): void {
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
function onionPeel(lv: Level, nc: number, nnf: Int32Array, nnfD: Float32Array, rng: () => number, work: number): void {
  const { w, h, img, hole, holeIdx, valid, window: win } = lv;
  const known = new Uint8Array(w * h);
  const confidence = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    known[i] = hole[i] ? 0 : 1;
    confidence[i] = known[i]!;
  }
  // Edge strength at a known/filled pixel: the gradient over its known/filled neighbours.
  const edge = (q: number): number => {
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
  };
  // Typical edge strength of the surroundings, to put the data term on a 0..1 scale.
  let edgeSum = 0;
  let edgeCount = 0;
  for (let i = 0; i < w * h; i++) {
    if (!valid[i]) continue;
    edgeSum += edge(i);
    edgeCount++;
  }
  const edgeRef = Math.max(1, edgeSum / Math.max(1, edgeCount));
  // How much of p's patch is trustworthy: known pixels count 1, filled ones what they had when filled.
  const patchConfidence = (p: number): number => {
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
  };
  const priority = (p: number): number => {
    const px = p % w;
    const py = (p - px) / w;
    let strongest = 0;
    for (let y = Math.max(0, py - 1); y <= Math.min(h - 1, py + 1); y++) {
      for (let x = Math.max(0, px - 1); x <= Math.min(w - 1, px + 1); x++) if (known[y * w + x]) strongest = Math.max(strongest, edge(y * w + x));
    }
    return patchConfidence(p) * (0.1 + strongest / (strongest + edgeRef));
  };
  const heap = new MaxHeap();
  const stamp = new Uint32Array(w * h);
  const push = (p: number): void => {
    stamp[p] = stamp[p]! + 1;
    heap.push(priority(p), p, stamp[p]!);
  };
  const onFront = (p: number): boolean => {
    const x = p % w;
    const y = (p - x) / w;
    for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
      for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) if (known[yy * w + xx]) return true;
    }
    return false;
  };
  for (let k = 0; k < holeIdx.length; k++) if (onFront(holeIdx[k]!)) push(holeIdx[k]!);
  // Every candidate in the window when that is affordable; otherwise coherent ones plus random
  // ones, as many as the same budget allows. `work` is the image-wide hole at this scale (a long
  // thin stroke has a big coarsest level, in many tiles).
  const side = 2 * win + 1;
  const exhaustive = side * side * work <= PEEL_BUDGET;
  const randomCandidates = Math.max(16, Math.min(400, Math.floor(PEEL_BUDGET / work)));
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
    // The penalty counts per compared pixel, like the distance it is added to.
    return cnt > 0 ? sum + (lv.penalty * ((qx - px) ** 2 + (qy - py) ** 2) * cnt) / PATCH_AREA : Infinity;
  };
  while (heap.size > 0) {
    const { value: p, tag } = heap.pop();
    if (known[p] || tag !== stamp[p]) continue; // filled already, or a stale priority
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
      const d = maskedDistance(p, q, bestD);
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
    nnf[p] = best;
    for (let c = 0; c < nc; c++) img[p * nc + c] = img[best * nc + c]!;
    confidence[p] = patchConfidence(p);
    known[p] = 1;
    for (let y = Math.max(0, py - 1); y <= Math.min(h - 1, py + 1); y++) {
      for (let x = Math.max(0, px - 1); x <= Math.min(w - 1, px + 1); x++) if (!known[y * w + x]) push(y * w + x);
    }
  }
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    nnfD[p] = matchCost(lv, nc, p, nnf[p]!, Infinity);
  }
}

// ---------------------------------------------------------------------------------------------
// Seam removal: a Poisson solve over the hole

/**
 * Gradient-domain reconstruction: solves the Poisson equation on the hole (known pixels are the
 * boundary values) with, as guidance, the gradients of the copied texture — except that across
 * seams (neighbours whose sources are not neighbours, and the hole's rim) the systematic part of
 * the jump is removed. The jump at a seam edge is measured against the two sources' own
 * gradients, averaged locally along the seam and shrunk by the noise level, so that real colour
 * offsets between copied regions disappear while noise (which has no systematic jump) is left
 * alone and cannot drift. With no field (nnf all -1) the guidance is flat: a membrane fill.
 * Returns the correction to add to the current fill, per hole pixel (holeIdx order).
 *
 * Everything lives on the hole's bounding frame (box + 1 px), not the crop: the crop can be many
 * times larger than the hole.
 */
function seamCorrection(lv: Level, nc: number, nnf: Int32Array): Float32Array {
  const { w, h, img, hole, holeIdx } = lv;
  const n = holeIdx.length;
  let fx0 = w;
  let fy0 = h;
  let fx1 = 0;
  let fy1 = 0;
  for (let k = 0; k < n; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    if (x < fx0) fx0 = x;
    if (x > fx1) fx1 = x;
    if (y < fy0) fy0 = y;
    if (y > fy1) fy1 = y;
  }
  fx0 = Math.max(0, fx0 - 1);
  fy0 = Math.max(0, fy0 - 1);
  const fw = Math.min(w - 1, fx1 + 1) - fx0 + 1;
  const fh = Math.min(h - 1, fy1 + 1) - fy0 + 1;
  const toCrop = (f: number): number => (fy0 + Math.floor(f / fw)) * w + fx0 + (f % fw);
  const toFrame = (p: number): number => (Math.floor(p / w) - fy0) * fw + (p % w) - fx0;
  const hasField = n > 0 && nnf[holeIdx[0]!]! >= 0;
  // Jumps on seam edges, by frame index a: orientation 0 = (a, a+1), 1 = (a, a+fw).
  const jump = [new Float32Array(fw * fh * nc), new Float32Array(fw * fh * nc)];
  const seam = [new Uint8Array(fw * fh), new Uint8Array(fw * fh)];
  const visitEdge = (a: number, o: number): void => {
    const off = o === 0 ? 1 : w;
    const b = a + off;
    const ha = hole[a]!;
    const hb = hole[b]!;
    if (!ha && !hb) return;
    const J = jump[o]!;
    const fa = toFrame(a) * nc;
    if (ha && hb) {
      const sa = nnf[a]!;
      const sb = nnf[b]!;
      if (sb === sa + off) return; // coherent: no seam
      for (let c = 0; c < nc; c++) {
        const actual = img[sa * nc + c]! - img[sb * nc + c]!;
        const desired = 0.5 * (img[sa * nc + c]! - img[(sa + off) * nc + c]! + img[(sb - off) * nc + c]! - img[sb * nc + c]!);
        J[fa + c] = actual - desired;
      }
    } else if (ha) {
      const sa = nnf[a]!;
      for (let c = 0; c < nc; c++) J[fa + c] = img[(sa + off) * nc + c]! - img[b * nc + c]!;
    } else {
      const sb = nnf[b]!;
      for (let c = 0; c < nc; c++) J[fa + c] = img[a * nc + c]! - img[(sb - off) * nc + c]!;
    }
    seam[o]![toFrame(a)] = 1;
  };
  const edges = (visit: (a: number, o: number) => void): void => {
    for (let k = 0; k < n; k++) {
      const p = holeIdx[k]!;
      const x = p % w;
      const y = (p - x) / w;
      if (x > 0 && !hole[p - 1]) visit(p - 1, 0);
      if (x < w - 1) visit(p, 0);
      if (y > 0 && !hole[p - w]) visit(p - w, 1);
      if (y < h - 1) visit(p, 1);
    }
  };
  if (hasField) edges(visitEdge);
  const sys = hasField ? [smoothSystematic(jump[0]!, seam[0]!, fw, fh, nc, 4), smoothSystematic(jump[1]!, seam[1]!, fw, fh, nc, 4)] : null;
  // Desired difference along each edge (a, a+off): the copy's own, minus the systematic jump at
  // seams (flat without a field). Accumulated into the divergence of both end points in the hole.
  const pos = new Int32Array(fw * fh).fill(-1);
  for (let k = 0; k < n; k++) pos[toFrame(holeIdx[k]!)] = k;
  const div = new Float32Array(n * nc);
  edges((a, o) => {
    const off = o === 0 ? 1 : w;
    const b = a + off;
    const fa = toFrame(a);
    const ka = pos[fa]!;
    const kb = pos[toFrame(b)]!;
    if (!sys) return;
    const sa = (hole[a] ? nnf[a]! : a) * nc;
    const sb = (hole[b] ? nnf[b]! : b) * nc;
    const sy = sys[o]!;
    // A jump too big to be a shading offset is a structure that does not continue: leave it as an
    // edge rather than bleed its colour across the fill.
    let norm = 0;
    if (seam[o]![fa]) for (let c = 0; c < nc; c++) norm += sy[fa * nc + c]! ** 2;
    const keep = norm > SEAM_OFFSET_MAX ** 2 ? SEAM_OFFSET_MAX / Math.sqrt(norm) : 1;
    for (let c = 0; c < nc; c++) {
      const d = img[sa + c]! - img[sb + c]! - keep * sy[fa * nc + c]!;
      if (ka >= 0) div[ka * nc + c] = div[ka * nc + c]! + d;
      if (kb >= 0) div[kb * nc + c] = div[kb * nc + c]! - d;
    }
  });
  // Solve for the correction C = X - F of the current fill F: same operator, zero on known
  // pixels, right-hand side the residual of F.
  const xs = new Int32Array(n);
  const ys = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const f = toFrame(holeIdx[k]!);
    xs[k] = f % fw;
    ys[k] = Math.floor(f / fw);
  }
  const grid = buildGrid(xs, ys, fw, fh);
  const rhs = new Float32Array(n * nc);
  for (let k = 0; k < n; k++) {
    for (let t = 0; t < 4; t++) {
      const nb = grid.nb[4 * k + t]!;
      if (nb === NO_EDGE) continue;
      const q = nb === KNOWN ? toCrop(neighbourOf(xs[k]!, ys[k]!, t, fw)) : holeIdx[nb]!;
      const p = holeIdx[k]!;
      for (let c = 0; c < nc; c++) rhs[k * nc + c] = rhs[k * nc + c]! - (img[p * nc + c]! - img[q * nc + c]!);
    }
    for (let c = 0; c < nc; c++) rhs[k * nc + c] = rhs[k * nc + c]! + div[k * nc + c]!;
  }
  return solvePoisson(grid, rhs, nc);
}

// ---------------------------------------------------------------------------------------------
// Multigrid Poisson solver on an irregular set of cells

/** Neighbour slots: another cell's index, or one of these. */
const KNOWN = -1; // a known pixel: the unknown there is 0 (Dirichlet)
const NO_EDGE = -2; // outside the crop: no edge (Neumann)

interface Grid {
  n: number;
  gw: number;
  gh: number;
  xs: Int32Array;
  ys: Int32Array;
  /** Cell index by grid position, -1 where there is no cell. */
  index: Int32Array;
  /** 4 neighbours per cell (left, right, up, down). */
  nb: Int32Array;
  /** Number of edges per cell. */
  cnt: Uint8Array;
  coarse: Grid | null;
  /** Bilinear transfer to the coarse grid: per cell, 4 coarse cells (-1: none) and their weights. */
  toCoarse: Int32Array;
  weights: Float32Array;
}

function neighbourOf(x: number, y: number, t: number, gw: number): number {
  return t === 0 ? y * gw + x - 1 : t === 1 ? y * gw + x + 1 : t === 2 ? (y - 1) * gw + x : (y + 1) * gw + x;
}

/** The cells (xs, ys) of a gw × gh grid, with their coarser grids down to a few cells. */
function buildGrid(xs: Int32Array, ys: Int32Array, gw: number, gh: number): Grid {
  const n = xs.length;
  const index = new Int32Array(gw * gh).fill(-1);
  for (let k = 0; k < n; k++) index[ys[k]! * gw + xs[k]!] = k;
  const nb = new Int32Array(4 * n);
  const cnt = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const x = xs[k]!;
    const y = ys[k]!;
    for (let t = 0; t < 4; t++) {
      const xx = t === 0 ? x - 1 : t === 1 ? x + 1 : x;
      const yy = t === 2 ? y - 1 : t === 3 ? y + 1 : y;
      if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) {
        nb[4 * k + t] = NO_EDGE;
        continue;
      }
      const j = index[yy * gw + xx]!;
      nb[4 * k + t] = j >= 0 ? j : KNOWN;
      cnt[k] = cnt[k]! + 1;
    }
  }
  // Coarser grid: cells whose in-grid children are all cells. Keeping the partly known ones out
  // keeps the known boundary (the Dirichlet condition) at every scale; thin parts of the domain
  // vanish from the coarse grids, but there the smoother alone converges fast.
  let coarse: Grid | null = null;
  if (n > 64) {
    const cw = Math.ceil(gw / 2);
    const ch = Math.ceil(gh / 2);
    const cxs: number[] = [];
    const cys: number[] = [];
    const seen = new Uint8Array(cw * ch);
    for (let k = 0; k < n; k++) {
      const X = xs[k]! >> 1;
      const Y = ys[k]! >> 1;
      if (seen[Y * cw + X]) continue;
      seen[Y * cw + X] = 1;
      let all = true;
      for (let y = 2 * Y; y < Math.min(gh, 2 * Y + 2) && all; y++) for (let x = 2 * X; x < Math.min(gw, 2 * X + 2); x++) if (index[y * gw + x]! < 0) all = false;
      if (!all) continue;
      cxs.push(X);
      cys.push(Y);
    }
    if (cxs.length > 0) coarse = buildGrid(Int32Array.from(cxs), Int32Array.from(cys), cw, ch);
  }
  const toCoarse = new Int32Array(coarse ? 4 * n : 0);
  const weights = new Float32Array(coarse ? 4 * n : 0);
  if (coarse) bilinear(xs, ys, coarse, toCoarse, weights);
  return { n, gw, gh, xs, ys, index, nb, cnt, coarse, toCoarse, weights };
}

/**
 * Bilinear (cell-centred) transfer between a grid and its coarser one: each fine cell takes
 * 9/16 of its parent, 3/16 of the parent's two neighbours towards it and 1/16 of the diagonal
 * one. A coarse position outside the grid mirrors back to the parent (no edge there); one
 * inside but without a cell is (partly) known, worth 0.
 */
function bilinear(xs: Int32Array, ys: Int32Array, cg: Grid, toCoarse: Int32Array, weights: Float32Array): void {
  for (let k = 0; k < xs.length; k++) {
    const x = xs[k]!;
    const y = ys[k]!;
    const X = x >> 1;
    const Y = y >> 1;
    let X2 = X + (x & 1 ? 1 : -1);
    let Y2 = Y + (y & 1 ? 1 : -1);
    if (X2 < 0 || X2 >= cg.gw) X2 = X;
    if (Y2 < 0 || Y2 >= cg.gh) Y2 = Y;
    toCoarse[4 * k] = cg.index[Y * cg.gw + X]!;
    toCoarse[4 * k + 1] = cg.index[Y * cg.gw + X2]!;
    toCoarse[4 * k + 2] = cg.index[Y2 * cg.gw + X]!;
    toCoarse[4 * k + 3] = cg.index[Y2 * cg.gw + X2]!;
    weights[4 * k] = 9 / 16;
    weights[4 * k + 1] = 3 / 16;
    weights[4 * k + 2] = 3 / 16;
    weights[4 * k + 3] = 1 / 16;
  }
}

/** Gauss-Seidel sweeps for sum over edges of (x_k - x_nb) = rhs_k (known neighbours are 0). */
function relax(g: Grid, x: Float32Array, rhs: Float32Array, nc: number, sweeps: number): void {
  const { n, nb, cnt } = g;
  for (let s = 0; s < sweeps; s++) {
    const forward = s % 2 === 0;
    for (let k0 = 0; k0 < n; k0++) {
      const k = forward ? k0 : n - 1 - k0;
      const ct = cnt[k]!;
      if (ct === 0) continue;
      const inv = 1 / ct;
      const a = nb[4 * k]! * nc;
      const b = nb[4 * k + 1]! * nc;
      const u = nb[4 * k + 2]! * nc;
      const d = nb[4 * k + 3]! * nc;
      for (let c = 0; c < nc; c++) {
        let v = rhs[k * nc + c]!;
        if (a >= 0) v += x[a + c]!;
        if (b >= 0) v += x[b + c]!;
        if (u >= 0) v += x[u + c]!;
        if (d >= 0) v += x[d + c]!;
        x[k * nc + c] = v * inv;
      }
    }
  }
}

/**
 * One multigrid V-cycle. The residual goes down by the transpose of the bilinear transfer
 * (weights summing to 4 per coarse cell: the coarse equation has twice the spacing).
 */
function vCycle(g: Grid, x: Float32Array, rhs: Float32Array, nc: number): void {
  if (!g.coarse) {
    relax(g, x, rhs, nc, 50);
    return;
  }
  relax(g, x, rhs, nc, 2);
  const { n, nb, cnt, toCoarse, weights } = g;
  const cg = g.coarse;
  const cr = new Float32Array(cg.n * nc);
  for (let k = 0; k < n; k++) {
    const a = nb[4 * k]! * nc;
    const b = nb[4 * k + 1]! * nc;
    const u = nb[4 * k + 2]! * nc;
    const d = nb[4 * k + 3]! * nc;
    for (let c = 0; c < nc; c++) {
      let r = rhs[k * nc + c]! - cnt[k]! * x[k * nc + c]!;
      if (a >= 0) r += x[a + c]!;
      if (b >= 0) r += x[b + c]!;
      if (u >= 0) r += x[u + c]!;
      if (d >= 0) r += x[d + c]!;
      for (let t = 4 * k; t < 4 * k + 4; t++) {
        const j = toCoarse[t]!;
        if (j >= 0) cr[j * nc + c] = cr[j * nc + c]! + weights[t]! * r;
      }
    }
  }
  const cx = new Float32Array(cg.n * nc);
  vCycle(cg, cx, cr, nc);
  for (let k = 0; k < n; k++) {
    for (let t = 4 * k; t < 4 * k + 4; t++) {
      const j = toCoarse[t]!;
      if (j < 0) continue;
      const wt = weights[t]!;
      for (let c = 0; c < nc; c++) x[k * nc + c] = x[k * nc + c]! + wt * cx[j * nc + c]!;
    }
  }
  relax(g, x, rhs, nc, 2);
}

/** Three V-cycles from zero: the error is then well under a grey level. */
function solvePoisson(g: Grid, rhs: Float32Array, nc: number): Float32Array {
  const x = new Float32Array(g.n * nc);
  for (let cycle = 0; cycle < 3; cycle++) vCycle(g, x, rhs, nc);
  return x;
}

// ---------------------------------------------------------------------------------------------
// Helpers


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
