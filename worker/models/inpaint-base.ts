// Shared by the inpainter's parts (inpaint.ts is the entry and explains the method): the patch
// size and the pyramid level every part works on.

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
