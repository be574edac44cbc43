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
//    few reaches wide, each tile's fill serving as context for the next. A caller may rule
//    out sources (`avoid`: other objects and the target, as content-aware fill's sampling area
//    does) and pixels the hole's growth must not take (`keep`: other objects).
//  - Per crop, an image pyramid is built (hole = any child in the hole; known pixels are plain 2x2
//    means). At the coarsest level the hole's reach is about two patches: coarser, the texture's
//    structure (brick courses, a lattice) is a mush and the layout decided there ignores it.
//  - Coarsest level: greedy synthesis from the hole's boundary inwards, in Criminisi et al.'s
//    order (where an edge meets the front first, so lines are carried in before flat areas close
//    over them): every hole pixel takes the centre of the source patch in its window that best
//    matches its already-known/filled neighbourhood.
//  - Structure first, at the two coarsest levels: lines that cross the hole's edge are drawn
//    through it (inpaint-lines.ts) and every hole pixel gets a guide colour from the known pixels
//    along its clearest direction that crosses no other line (inpaint-structure.ts); the patch
//    search there also weighs how well a source fits that guide, so the horizon, the rail or
//    the siding course is carried through before texture is chosen.
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
//
// Files: this one plans the holes and crops; inpaint-crop.ts completes one crop (pyramid, EM);
// inpaint-patches.ts holds the patch search, voting and the greedy fill; inpaint-lines.ts and
// inpaint-structure.ts the structure guide; inpaint-seams.ts the seam removal (Poisson,
// multigrid); inpaint-base.ts the patch size and the level they share.
import sharp from 'sharp';
import { R } from './inpaint-base.js';
import { completeCrop } from './inpaint-crop.js';

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
/** Sources come from at most this many hole reaches beyond the hole (the crop's margin). */
const CONTEXT_REACHES = 2;
/** Holes are filled in tiles of at most this many reaches (and at least MIN_TILE px) a side. */
const TILE_REACHES = 8;
const MIN_TILE = 256;
/** Removes the masked region from the image by exemplar-based completion. PNG out, same size. */
export async function inpaintLocal(image: Buffer, mask: Buffer, opts: InpaintOptions = {}): Promise<Buffer> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const { data, info } = await sharp(image, { limitInputPixels: maxPixels }).rotate().toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const { width: W, height: H, channels: nc } = info;
  const hole = await loadMask(mask, W, H, maxPixels);
  fillHoles(data, W, H, nc, growHole(hole, W, H));
  return sharp(data, { raw: { width: W, height: H, channels: nc } })
    .png()
    .toBuffer();
}

/** Where a fill may write and copy from (width × height masks, non-zero = set). */
export interface FillLimits {
  /** Never written, whatever the hole's growth: other objects' pixels. */
  keep?: Uint8Array;
  /** Never copied from: other objects' outlines and the target itself (content-aware fill's "sampling area"). */
  avoid?: Uint8Array;
}

/**
 * The same on a decoded image, for callers that already hold the pixels (no PNG round trip):
 * `hole` (width × height, non-zero = remove) is grown like the PNG path's mask, but never into
 * `limits.keep`; no source patch touches `limits.avoid`. Returns a new buffer; the input is
 * left as it was.
 */
export function inpaintRaw(image: RawImage, hole: Uint8Array, limits: FillLimits = {}): Buffer {
  const { data, width: W, height: H, channels: nc } = image;
  if (data.length !== W * H * nc || hole.length !== W * H) throw new Error('inpaintRaw: image and hole sizes disagree');
  const out = Buffer.from(data);
  const grown = growHole(hole, W, H);
  if (limits.keep) for (let i = 0; i < grown.length; i++) if (limits.keep[i]) grown[i] = 0;
  fillHoles(out, W, H, nc, grown, limits.avoid);
  return out;
}

function fillHoles(data: Uint8Array, W: number, H: number, nc: number, hole: Uint8Array, avoid?: Uint8Array): void {
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
        fillBox(data, W, nc, hole, crop, t, region.reach, total, avoid);
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

interface Rect {
  x0: number;
  y0: number;
  x1: number; // exclusive
  y1: number; // exclusive
}

/** Completes the hole inside `crop` and writes back the part of it inside `write`. */
function fillBox(data: Uint8Array, W: number, nc: number, fullHole: Uint8Array, crop: Rect, write: Rect, reach: number, totalHole: number, fullAvoid?: Uint8Array): void {
  const w = crop.x1 - crop.x0;
  const h = crop.y1 - crop.y0;
  const img = new Float32Array(w * h * nc);
  const hole = new Uint8Array(w * h);
  const avoid = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const src = (crop.y0 + y) * W + crop.x0 + x;
      const i = y * w + x;
      hole[i] = fullHole[src]!;
      if (fullAvoid?.[src]) avoid[i] = 1;
      if (!hole[i]) for (let c = 0; c < nc; c++) img[i * nc + c] = data[src * nc + c]!;
    }
  }
  if (!completeCrop(img, w, h, nc, hole, reach, totalHole, avoid)) return;
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
