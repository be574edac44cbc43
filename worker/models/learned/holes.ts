// Where a learned inpainter looks: each hole (a connected part of the mask) with context around
// it, crops that would overlap merged into one, so every hole lies whole inside exactly one crop
// and the model sees it with what surrounds it. And how strongly the fill replaces each hole
// pixel: fully inside, feathered over the outermost pixels so no seam shows.

export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Context around a hole: half its longer side, at least this many pixels (MI-GAN's own pipeline pads by 128). */
export const MIN_CONTEXT = 128;
/** Past this many separate holes (a speckled brush), one crop around them all. */
const MAX_CROPS = 64;
/** Hole pixels this close to a kept pixel are blended with it (1 of 3, 2 of 3), the rest are the fill's. */
export const FEATHER = 2;

/** The bounding box of each 8-connected part of the hole. */
function holeBoxes(hole: Uint8Array, W: number, H: number): Crop[] {
  const seen = new Uint8Array(W * H);
  const stack: number[] = [];
  const boxes: Crop[] = [];
  for (let start = 0; start < hole.length; start++) {
    if (!hole[start] || seen[start]) continue;
    let [x0, y0, x1, y1] = [W, H, -1, -1];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const px = p % W;
      const py = (p - px) / W;
      if (px < x0) x0 = px;
      if (px > x1) x1 = px;
      if (py < y0) y0 = py;
      if (py > y1) y1 = py;
      for (let dy = -1; dy <= 1; dy++) {
        const qy = py + dy;
        if (qy < 0 || qy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const qx = px + dx;
          const q = qy * W + qx;
          if (qx >= 0 && qx < W && hole[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    boxes.push({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 });
  }
  return boxes;
}

const grown = (b: Crop, W: number, H: number): Crop => {
  const m = Math.max(MIN_CONTEXT, Math.round(Math.max(b.width, b.height) / 2));
  const x = Math.max(0, b.x - m);
  const y = Math.max(0, b.y - m);
  return { x, y, width: Math.min(W, b.x + b.width + m) - x, height: Math.min(H, b.y + b.height + m) - y };
};

const overlap = (a: Crop, b: Crop): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const union = (a: Crop, b: Crop): Crop => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/** The crops to fill the hole (1 = fill) of a W × H image in: disjoint, each holding whole holes with context. */
export function holeCrops(hole: Uint8Array, W: number, H: number): Crop[] {
  const boxes = holeBoxes(hole, W, H);
  if (!boxes.length) return [];
  let crops = boxes.length > MAX_CROPS ? [grown(boxes.reduce(union), W, H)] : boxes.map((b) => grown(b, W, H));
  for (let merged = true; merged;) {
    merged = false;
    const next: Crop[] = [];
    for (const c of crops) {
      const i = next.findIndex((n) => overlap(n, c));
      if (i < 0) next.push(c);
      else {
        next[i] = union(next[i]!, c);
        merged = true;
      }
    }
    crops = next;
  }
  return crops;
}

/**
 * For each pixel of a crop's hole (1 = hole, w × h), the share of the fill it takes: 1/3 next to a
 * kept pixel, 2/3 one further in, 1 beyond; 0 outside the hole.
 */
export function fillWeights(hole: Uint8Array, w: number, h: number): Float32Array {
  const depth = new Uint8Array(w * h);
  for (let i = 0; i < depth.length; i++) depth[i] = hole[i] ? FEATHER + 1 : 0;
  for (let d = 1; d <= FEATHER; d++) {
    const next = depth.slice();
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (depth[i]! <= d) continue;
        let near = false;
        for (let dy = -1; dy <= 1 && !near; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const qx = x + dx;
            const qy = y + dy;
            if (qx >= 0 && qx < w && qy >= 0 && qy < h && depth[qy * w + qx]! === d - 1) near = true;
          }
        }
        if (near) next[i] = d;
      }
    }
    depth.set(next);
  }
  const weights = new Float32Array(w * h);
  for (let i = 0; i < weights.length; i++) weights[i] = depth[i]! / (FEATHER + 1);
  return weights;
}
