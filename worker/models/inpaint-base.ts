// Shared by the inpainter's parts (inpaint.ts is the entry and explains the method): the patch
// size, the pyramid level every part works on, and the square dilation several of them use.

/** Patch radius: 7x7 patches. */
export const R = 3;
export const PATCH_AREA = (2 * R + 1) ** 2;

export interface Level {
  w: number;
  h: number;
  /** Interleaved float pixels (nc channels); hole pixels hold the current estimate. */
  img: Float32Array;
  hole: Uint8Array;
  /** Indices of hole pixels (scanline order). */
  holeIdx: Int32Array;
  /** Never a source (other objects, the target itself: docs/architecture.md, "Object removal"); known pixels all the same. */
  avoid: Uint8Array;
  /** Source validity: the whole patch centred here is inside the crop, known and clear of `avoid`. */
  valid: Uint8Array;
  /** Half-size of the square window around a target where its sources may lie. */
  window: number;
  /** Cost added per squared pixel of distance between a target and its source. */
  penalty: number;
  /**
   * The layout decided from the structure around the hole (inpaint-structure.ts), at the coarsest
   * levels only: nc floats per pixel, NaN where there is none. A source's patch, smoothed
   * (`smooth`: the 3×3 mean of known pixels, as coarse as the guide), is also compared with it
   * over the target patch's hole pixels, `guideWeight` times.
   */
  guide: Float32Array | null;
  smooth: Float32Array | null;
  guideWeight: number;
}

/** Binary dilation with a (2r+1)^2 square (separable running counts). */
export function dilateSquare(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
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
