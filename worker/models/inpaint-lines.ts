// The lines that cross a hole (docs/architecture.md, "Object removal", structure first): an edge
// that meets the hole's boundary on one side — a rail's top, a horizon, the shadow under a siding
// course — and an edge of the same direction and colours on each side near where it would come
// out on the other side are one line, drawn through the hole from one to the other; an edge with
// no such partner (a flag's stripe that goes on behind a person) is drawn straight across. The structure guide
// (inpaint-structure.ts) then never lets a pixel take its colour across a line: a pixel of a rail
// between its two edges can only look along the rail, not at the wood above and below it.
import { type Level } from './inpaint-base.js';

/** A boundary edge counts when its gradient energy is at least this many times the ring's median... */
const STRONG = 3;
/** ...and at least this (squared 8-bit steps, channels summed, per pixel). */
const MIN_EDGE = 150;
/** ...and its gradients agree in direction at least this much (structure tensor coherence). */
const COHERENT = 0.5;
/** Two crossings are one line when their directions differ by at most this (radians)... */
const MAX_TURN = 0.45;
/** ...the exit lies within this many pixels of where the first one's line comes out... */
const EXIT_SLACK = 2.5;
/** ...and the colours on each side agree within this RMS per channel. */
const SIDE_MATCH = 28;

interface Crossing {
  /** Ring pixel. */
  i: number;
  x: number;
  y: number;
  /** Unit normal (across the edge) and strength. */
  nx: number;
  ny: number;
  strength: number;
}

/**
 * The hole's pixels on lines through it: 0 = none, otherwise the line's number (from 1). At most
 * one number per pixel; where lines cross, the later one's.
 */
export function holeLines(lv: Level, nc: number): Int32Array {
  const { w, h, hole, avoid } = lv;
  const lines = new Int32Array(w * h);
  const crossings = boundaryEdges(lv, nc);
  const byPixel = new Map<number, Crossing>();
  for (const c of crossings) byPixel.set(c.i, c);
  const used = new Set<number>();
  let next = 1;
  crossings.sort((a, b) => b.strength - a.strength);
  for (const a of crossings) {
    if (used.has(a.i)) continue;
    // Along the edge (perpendicular to its normal), into the hole.
    let ux = -a.ny;
    let uy = a.nx;
    if (!isHole(lv, a.x + 1.5 * ux, a.y + 1.5 * uy)) {
      ux = -ux;
      uy = -uy;
      if (!isHole(lv, a.x + 1.5 * ux, a.y + 1.5 * uy)) continue;
    }
    let t = 1;
    let ex = -1;
    let ey = -1;
    for (; t <= 2 * lv.window + 2; t++) {
      const x = Math.round(a.x + ux * t);
      const y = Math.round(a.y + uy * t);
      if (x < 0 || y < 0 || x >= w || y >= h || avoid[y * w + x]) break;
      if (!hole[y * w + x]) {
        ex = x;
        ey = y;
        break;
      }
    }
    if (ex < 0) continue;
    const b = matchingExit(lv, nc, a, ux, uy, ex, ey, byPixel, used);
    if (!b) {
      // No partner (the line is hidden past the hole, or bends): carried straight across, so no
      // pixel takes its colour from across it.
      drawLine(lines, w, hole, a.x, a.y, ex, ey, next++);
      continue;
    }
    used.add(a.i);
    used.add(b.i);
    drawLine(lines, w, hole, a.x, a.y, b.x, b.y, next++);
  }
  return lines;
}

/** The crossing near (ex, ey) that continues `a`'s line, if there is one. */
function matchingExit(lv: Level, nc: number, a: Crossing, ux: number, uy: number, ex: number, ey: number, byPixel: Map<number, Crossing>, used: Set<number>): Crossing | null {
  const { w } = lv;
  const r = Math.ceil(EXIT_SLACK);
  let best: Crossing | null = null;
  let bestD = Infinity;
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const d = Math.hypot(dx, dy);
      if (d > EXIT_SLACK || d >= bestD) continue;
      const b = byPixel.get((ey + dy) * w + ex + dx);
      if (!b || used.has(b.i) || b.i === a.i) continue;
      // The same direction (either sign: the normal's sign is arbitrary).
      if (Math.abs(a.nx * b.nx + a.ny * b.ny) < Math.cos(MAX_TURN)) continue;
      if (!sidesAgree(lv, nc, a, b, -uy, ux)) continue;
      best = b;
      bestD = d;
    }
  }
  return best;
}

/** Whether the colours left of the line (normal (lx, ly)) at a and b agree, and those right of it. */
function sidesAgree(lv: Level, nc: number, a: Crossing, b: Crossing, lx: number, ly: number): boolean {
  let checked = 0;
  for (const s of [2, -2]) {
    const ca = knownAt(lv, nc, a.x + s * lx, a.y + s * ly);
    const cb = knownAt(lv, nc, b.x + s * lx, b.y + s * ly);
    if (!ca || !cb) continue;
    let sq = 0;
    for (let c = 0; c < nc; c++) sq += (ca[c]! - cb[c]!) ** 2;
    if (Math.sqrt(sq / nc) > SIDE_MATCH) return false;
    checked++;
  }
  return checked > 0;
}

/** The known, usable pixel's colour at (x, y) (rounded), or null. */
function knownAt(lv: Level, nc: number, x: number, y: number): Float32Array | null {
  const xi = Math.round(x);
  const yi = Math.round(y);
  if (xi < 0 || yi < 0 || xi >= lv.w || yi >= lv.h) return null;
  const i = yi * lv.w + xi;
  if (lv.hole[i] || lv.avoid[i]) return null;
  return lv.img.subarray(i * nc, i * nc + nc);
}

function isHole(lv: Level, x: number, y: number): boolean {
  const xi = Math.round(x);
  const yi = Math.round(y);
  return xi >= 0 && yi >= 0 && xi < lv.w && yi < lv.h && lv.hole[yi * lv.w + xi] === 1;
}

/**
 * Known pixels next to the hole where a strong, coherent edge meets it (local maxima along the
 * ring), with the edge's normal from the structure tensor of the known pixels around.
 */
function boundaryEdges(lv: Level, nc: number): Crossing[] {
  const { w, h, hole, avoid, img } = lv;
  const usable = (i: number): boolean => !hole[i] && !avoid[i];
  const ring: Crossing[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!usable(i) || !(hole[i - 1] || hole[i + 1] || hole[i - w] || hole[i + w])) continue;
      let jxx = 0;
      let jxy = 0;
      let jyy = 0;
      let n = 0;
      for (let yy = Math.max(1, y - 1); yy <= Math.min(h - 2, y + 1); yy++) {
        for (let xx = Math.max(1, x - 1); xx <= Math.min(w - 2, x + 1); xx++) {
          const j = yy * w + xx;
          if (!usable(j) || !usable(j - 1) || !usable(j + 1) || !usable(j - w) || !usable(j + w)) continue;
          for (let c = 0; c < nc; c++) {
            const gx = (img[(j + 1) * nc + c]! - img[(j - 1) * nc + c]!) / 2;
            const gy = (img[(j + w) * nc + c]! - img[(j - w) * nc + c]!) / 2;
            jxx += gx * gx;
            jxy += gx * gy;
            jyy += gy * gy;
          }
          n++;
        }
      }
      if (n === 0) continue;
      const tr = jxx + jyy;
      const det = Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy);
      const l1 = (tr + det) / 2;
      const l2 = (tr - det) / 2;
      if (l1 <= 0 || (l1 - l2) / (l1 + l2) < COHERENT) continue;
      // The gradient's direction: the major eigenvector.
      const angle = 0.5 * Math.atan2(2 * jxy, jxx - jyy);
      ring.push({ i, x, y, nx: Math.cos(angle), ny: Math.sin(angle), strength: l1 / n });
    }
  }
  if (ring.length === 0) return [];
  const sorted = ring.map((c) => c.strength).sort((a, b) => a - b);
  const floor = Math.max(MIN_EDGE, STRONG * sorted[sorted.length >> 1]!);
  const strong = ring.filter((c) => c.strength >= floor);
  // One crossing per edge: the strongest among ring pixels within 2 px.
  return strong.filter(
    (c) => !strong.some((o) => o !== c && Math.abs(o.x - c.x) <= 2 && Math.abs(o.y - c.y) <= 2 && (o.strength > c.strength || (o.strength === c.strength && o.i < c.i))),
  );
}

/** Marks the hole pixels on the segment (x0, y0)–(x1, y1) with `id`, 4-connected (no diagonal gaps). */
function drawLine(lines: Int32Array, w: number, hole: Uint8Array, x0: number, y0: number, x1: number, y1: number, id: number): void {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  let px = x0;
  let py = y0;
  for (let s = 1; s <= steps; s++) {
    const x = Math.round(x0 + ((x1 - x0) * s) / steps);
    const y = Math.round(y0 + ((y1 - y0) * s) / steps);
    if (x !== px && y !== py && hole[py * w + x]) lines[py * w + x] = id;
    if (hole[y * w + x]) lines[y * w + x] = id;
    px = x;
    py = y;
  }
}
