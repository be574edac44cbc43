// Tiled enlargement, so memory stays bounded whatever the photo's size and no seam shows. The
// image is cut into tiles (at most TILE px a side, or the model's fixed size); each is run with
// PAD px of the photo around it (what the model sees near a tile's edge is then the photo, not a
// border), and neighbouring tiles are blended over FEATHER px across each cut, linearly, so what
// differences remain fade instead of stepping. Tiles are assembled one row at a time in a float
// strip (blended across the vertical cuts exactly), and each strip is blended into the 8-bit
// result across the horizontal cuts.

export interface TileGeometry {
  /** The longest stretch of the image one tile keeps, per axis. */
  interior: number;
  /** Context read around a tile. */
  pad: number;
  /** Width of the blend across a cut (split evenly on either side). */
  feather: number;
  /** A model's fixed input size: every tile's input is exactly this (a smaller image is padded). */
  fixed: { width: number; height: number } | null;
}

/** Tiles of at most 192 px kept, 240 px seen, for a model with free input size. */
export const FREE_TILES: TileGeometry = { interior: 192, pad: 24, feather: 16, fixed: null };

/** The geometry for a model whose input is fixed at `width` × `height`. */
export function fixedTiles(width: number, height: number): TileGeometry {
  const pad = Math.max(2, Math.min(24, Math.floor(Math.min(width, height) / 8)));
  return { interior: Math.min(width, height) - 2 * pad, pad, feather: Math.min(16, pad), fixed: { width, height } };
}

interface Span {
  /** What the tile keeps: [keep0, keep1). */
  keep0: number;
  keep1: number;
  /** What it reads: [read0, read1), within the image. */
  read0: number;
  read1: number;
  /** Its input's length (the fixed size, or read1 − read0). */
  input: number;
}

/** One axis of `length` px cut into spans. */
export function planAxis(length: number, g: TileGeometry, fixedLength: number | null): Span[] {
  const n = Math.max(1, Math.ceil(length / g.interior));
  const spans: Span[] = [];
  for (let i = 0; i < n; i++) {
    const keep0 = Math.round((i * length) / n);
    const keep1 = Math.round(((i + 1) * length) / n);
    let read0 = Math.max(0, keep0 - g.pad);
    let read1 = Math.min(length, keep1 + g.pad);
    if (fixedLength !== null) {
      read0 = length <= fixedLength ? 0 : Math.max(0, Math.min(keep0 - g.pad, length - fixedLength));
      read1 = Math.min(length, read0 + fixedLength);
    }
    spans.push({ keep0, keep1, read0, read1, input: fixedLength ?? read1 - read0 });
  }
  return spans;
}

/** A tile's weight at output position `at` (k output px per input px) along an axis: ramps across the cuts it shares. */
function weightAt(at: number, span: Span, first: boolean, last: boolean, half: number, k: number): number {
  const x = at + 0.5;
  if (!first && x < k * (span.keep0 + half)) return Math.max(0, (x - k * (span.keep0 - half)) / (2 * k * half));
  if (!last && x > k * (span.keep1 - half)) return Math.max(0, 1 - (x - k * (span.keep1 - half)) / (2 * k * half));
  return 1;
}

/** Where along an axis a tile writes in the output: its kept span widened by the blend at shared cuts. */
const writes = (span: Span, first: boolean, last: boolean, half: number, k: number): [number, number] => [
  k * (first ? span.keep0 : span.keep0 - half),
  k * (last ? span.keep1 : span.keep1 + half),
];

/** A tile's enlarged pixels: its read region made k times larger, interleaved RGB floats 0..255. */
export type RunTile = (region: { x: number; y: number; width: number; height: number; inputWidth: number; inputHeight: number }) => Promise<Float32Array>;

export interface TiledResult {
  rgb: Buffer;
  width: number;
  height: number;
  tiles: number;
  /** The largest input a tile gave the model. */
  largest: { width: number; height: number };
}

/** An RGB image of w × h made k times larger tile by tile (`run` enlarges one tile's region). */
export async function enlargeTiled(w: number, h: number, k: number, g: TileGeometry, run: RunTile, signal?: AbortSignal): Promise<TiledResult> {
  const half = g.feather / 2;
  const cols = planAxis(w, g, g.fixed?.width ?? null);
  const rows = planAxis(h, g, g.fixed?.height ?? null);
  const W = w * k;
  const out = Buffer.alloc(W * h * k * 3);
  const largest = { width: 0, height: 0 };
  for (const [r, row] of rows.entries()) {
    const [firstRow, lastRow] = [r === 0, r === rows.length - 1];
    const [y0, y1] = writes(row, firstRow, lastRow, half, k);
    const strip = new Float32Array((y1 - y0) * W * 3);
    for (const [c, col] of cols.entries()) {
      signal?.throwIfAborted();
      const [first, last] = [c === 0, c === cols.length - 1];
      const tile = await run({ x: col.read0, y: row.read0, width: col.read1 - col.read0, height: row.read1 - row.read0, inputWidth: col.input, inputHeight: row.input });
      largest.width = Math.max(largest.width, col.input);
      largest.height = Math.max(largest.height, row.input);
      const tw = (col.read1 - col.read0) * k;
      const [x0, x1] = writes(col, first, last, half, k);
      for (let Y = y0; Y < y1; Y++) {
        const from = (Y - k * row.read0) * tw;
        const into = (Y - y0) * W;
        for (let X = x0; X < x1; X++) {
          const wgt = weightAt(X, col, first, last, half, k);
          const s = (from + X - k * col.read0) * 3;
          const d = (into + X) * 3;
          strip[d]! += wgt * tile[s]!;
          strip[d + 1]! += wgt * tile[s + 1]!;
          strip[d + 2]! += wgt * tile[s + 2]!;
        }
      }
    }
    blendStrip(out, strip, W, y0, y1, row, firstRow, half, k);
  }
  return { rgb: out, width: W, height: h * k, tiles: rows.length * cols.length, largest };
}

/**
 * A finished strip into the 8-bit result. Across the cut above it (not for the first row) its
 * share ramps in over what the strip above wrote; everywhere else it is written as it is (below,
 * the next strip ramps in over it).
 */
function blendStrip(out: Buffer, strip: Float32Array, W: number, y0: number, y1: number, row: Span, first: boolean, half: number, k: number): void {
  for (let Y = y0; Y < y1; Y++) {
    const x = Y + 0.5;
    const share = !first && x < k * (row.keep0 + half) ? (x - k * (row.keep0 - half)) / (2 * k * half) : 1;
    const at = Y * W * 3;
    const from = (Y - y0) * W * 3;
    for (let i = 0; i < W * 3; i++) {
      const v = share >= 1 ? strip[from + i]! : out[at + i]! * (1 - share) + strip[from + i]! * share;
      out[at + i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
}
