// Small raster helpers shared by the embedded image tools.

/** Exact squared Euclidean distance transform (Felzenszwalb & Huttenlocher) to pixels where `seed` is 1. */
export function squaredDistanceTransform(seed: Uint8Array, w: number, h: number): Float32Array {
  const INF = 1e20;
  const n = Math.max(w, h);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const out = new Float32Array(w * h);
  const tmp = new Float64Array(w * h);
  const pass = (len: number): void => {
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < len; q++) {
      let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      while (s <= z[k]!) {
        k--;
        s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < len; q++) {
      while (z[k + 1]! < q) k++;
      const dq = q - v[k]!;
      d[q] = dq * dq + f[v[k]!]!;
    }
  };
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) f[y] = seed[y * w + x] ? 0 : INF;
    pass(h);
    for (let y = 0; y < h; y++) tmp[y * w + x] = d[y]!;
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) f[x] = tmp[y * w + x]!;
    pass(w);
    for (let x = 0; x < w; x++) out[y * w + x] = Math.min(d[x]!, 1e12);
  }
  return out;
}

/**
 * The mask grown by `radius` px (a disc): set where the distance to the mask is ≤ radius.
 * Only the mask's bounding box grown by the radius can change, so the distance transform runs
 * there alone (a cup in a 12 MP photo: a fraction of the frame, not all of it).
 */
export function dilateDisc(mask: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (!mask[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  const out = new Uint8Array(mask.length);
  if (x1 < 0) return out;
  const r = Math.ceil(radius);
  const bx0 = Math.max(0, x0 - r);
  const by0 = Math.max(0, y0 - r);
  const bw = Math.min(w, x1 + r + 1) - bx0;
  const bh = Math.min(h, y1 + r + 1) - by0;
  const sub = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) sub.set(mask.subarray((y + by0) * w + bx0, (y + by0) * w + bx0 + bw), y * bw);
  const d2 = squaredDistanceTransform(sub, bw, bh);
  const r2 = radius * radius;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) if (d2[y * bw + x]! <= r2) out[(y + by0) * w + bx0 + x] = 1;
  }
  return out;
}

/** How many pixels of a 0/1 mask are set. */
export function countSet(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) n += v;
  return n;
}
