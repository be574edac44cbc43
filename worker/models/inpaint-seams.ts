// Seam removal for the inpainter (inpaint.ts explains the method): the colour offsets between
// copied patches are taken out by a Poisson solve over the hole (multigrid), keeping grain
// and edges; the systematic part of the jumps is found by robust local smoothing.
import { type Level } from './inpaint-base.js';

/** Seam removal takes out colour offsets up to this size (all channels, 8-bit levels); larger jumps are structure. */
const SEAM_OFFSET_MAX = 24;
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
export function seamCorrection(lv: Level, nc: number, nnf: Int32Array): Float32Array {
  const { holeIdx } = lv;
  const n = holeIdx.length;
  const frame = holeFrame(lv);
  const { fw, fh } = frame;
  const hasField = n > 0 && nnf[holeIdx[0]!]! >= 0;
  const { jump, seam } = seamJumps(lv, nc, nnf, frame, hasField);
  const sys = hasField ? [smoothSystematic(jump[0]!, seam[0]!, fw, fh, nc, 4), smoothSystematic(jump[1]!, seam[1]!, fw, fh, nc, 4)] : null;
  const div = guidanceDivergence(lv, nc, nnf, frame, seam, sys);
  const { grid, rhs } = correctionSystem(lv, nc, frame, div);
  return solvePoisson(grid, rhs, nc);
}

/** The hole's bounding frame (box + 1 px, clipped to the crop) and index maps between it and the crop. */
interface Frame {
  fw: number;
  fh: number;
  toCrop: (f: number) => number;
  toFrame: (p: number) => number;
}

/** The frame seam removal works on: the hole's bounding box grown by 1 px, within the crop. */
function holeFrame(lv: Level): Frame {
  const { w, h, holeIdx } = lv;
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
  return { fw, fh, toCrop, toFrame };
}

/** Calls `visit(a, o)` for every edge touching the hole: o = 0 for (a, a+1), 1 for (a, a+w). */
function forEachHoleEdge(lv: Level, visit: (a: number, o: number) => void): void {
  const { w, h, hole, holeIdx } = lv;
  for (let k = 0; k < holeIdx.length; k++) {
    const p = holeIdx[k]!;
    const x = p % w;
    const y = (p - x) / w;
    if (x > 0 && !hole[p - 1]) visit(p - 1, 0);
    if (x < w - 1) visit(p, 0);
    if (y > 0 && !hole[p - w]) visit(p - w, 1);
    if (y < h - 1) visit(p, 1);
  }
}

/**
 * Jumps on seam edges, by frame index a: orientation 0 = (a, a+1), 1 = (a, a+fw); `seam` marks
 * the edges that are seams. Both stay empty without a field.
 */
function seamJumps(lv: Level, nc: number, nnf: Int32Array, frame: Frame, hasField: boolean): { jump: Float32Array[]; seam: Uint8Array[] } {
  const { w, img, hole } = lv;
  const { fw, fh, toFrame } = frame;
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
  if (hasField) forEachHoleEdge(lv, visitEdge);
  return { jump, seam };
}

/**
 * Desired difference along each edge (a, a+off): the copy's own, minus the systematic jump at
 * seams (flat without a field, `sys` null). Accumulated into the divergence of both end points
 * in the hole, per hole pixel (holeIdx order).
 */
function guidanceDivergence(lv: Level, nc: number, nnf: Int32Array, frame: Frame, seam: Uint8Array[], sys: Float32Array[] | null): Float32Array {
  const { w, img, hole, holeIdx } = lv;
  const { fw, fh, toFrame } = frame;
  const n = holeIdx.length;
  const pos = new Int32Array(fw * fh).fill(-1);
  for (let k = 0; k < n; k++) pos[toFrame(holeIdx[k]!)] = k;
  const div = new Float32Array(n * nc);
  forEachHoleEdge(lv, (a, o) => {
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
  return div;
}

/**
 * The system for the correction C = X - F of the current fill F: same operator, zero on known
 * pixels, right-hand side the residual of F (the guidance's divergence minus F's own).
 */
function correctionSystem(lv: Level, nc: number, frame: Frame, div: Float32Array): { grid: Grid; rhs: Float32Array } {
  const { img, holeIdx } = lv;
  const { fw, fh, toCrop, toFrame } = frame;
  const n = holeIdx.length;
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
  return { grid, rhs };
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
