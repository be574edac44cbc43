// A brushed mask as the worker's main thread reads it (object removal without a name,
// docs/jobs-and-events.md, "Object removal by name or by brush"): the painted pixels at the
// image's upright size, and rectangles around them for a service that takes rectangles rather
// than a mask (Cloudinary's generative remove). A mask is read as the embedded remover reads it
// (worker/models/objects.ts): painted = white, or opaque when the mask uses transparency,
// stretched to the image.
import sharp from 'sharp';
import { AppError, ErrorCode } from '../server/shared/platform/errors.js';

/** A mask that paints nothing, with no name beside it: there is nothing to remove. */
export const NOTHING_BRUSHED = 'Nothing is brushed on the mask. Brush over what to remove, or enter its name.';

export const nothingBrushed = (): AppError => new AppError(ErrorCode.BAD_USER_INPUT, NOTHING_BRUSHED, { field: 'mask', reason: 'NOTHING_BRUSHED' });

/** The painted pixels (1 = painted) of a `width` × `height` frame. */
export interface Brush {
  area: Uint8Array;
  width: number;
  height: number;
  painted: number;
}

/** A rectangle in pixels of the upright image. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The image's size as it is seen: turned by its EXIF orientation. */
export async function uprightSize(image: Buffer, maxPixels?: number): Promise<{ width: number; height: number; turned: boolean }> {
  const meta = await sharp(image, { limitInputPixels: maxPixels }).metadata();
  const turned = (meta.orientation ?? 1) > 1;
  return { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0, turned };
}

/** The mask's painted pixels at the (EXIF-oriented) image's size; null when nothing is painted. */
export async function readBrush(image: Buffer, mask: Buffer, maxPixels?: number): Promise<Brush | null> {
  const { width, height } = await uprightSize(image, maxPixels);
  const area = await brushAt(mask, width, height, maxPixels);
  return area ? { ...area, width, height } : null;
}

/** The mask's painted pixels stretched to `width` × `height` (1 = painted); null when nothing is painted. */
export async function brushAt(mask: Buffer, width: number, height: number, maxPixels?: number): Promise<{ area: Uint8Array; painted: number } | null> {
  const { data } = await sharp(mask, { limitInputPixels: maxPixels })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = width * height;
  let transparent = 0;
  for (let i = 0; i < n; i++) if (data[i * 4 + 3]! < 128) transparent++;
  // Transparency marks the painting only when part of the mask is transparent and part is not.
  const useAlpha = transparent > 0 && transparent < n;
  const area = new Uint8Array(n);
  let painted = 0;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    const on = useAlpha ? data[o + 3]! >= 128 : 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]! > 127;
    if (on) {
      area[i] = 1;
      painted++;
    }
  }
  return painted ? { area, painted } : null;
}

/**
 * Rectangles covering the painted pixels: one around each separate brushed patch (8-connected),
 * grown by `margin` pixels a side within the frame, overlapping ones joined; with more than `max`,
 * the two whose joining adds the least area are joined until `max` are left.
 */
export function brushBoxes(brush: Brush, opts: { margin: number; max: number }): Box[] {
  const { area, width: W, height: H } = brush;
  const seen = new Uint8Array(area.length);
  const stack = new Int32Array(area.length);
  let boxes: Box[] = [];
  for (let start = 0; start < area.length; start++) {
    if (!area[start] || seen[start]) continue;
    let [x0, y0, x1, y1] = [W, H, -1, -1];
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % W;
      const y = (i - x) / W;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const j = ny * W + nx;
          if (nx < 0 || nx >= W || !area[j] || seen[j]) continue;
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    const left = Math.max(0, x0 - opts.margin);
    const upper = Math.max(0, y0 - opts.margin);
    boxes.push({ x: left, y: upper, width: Math.min(W, x1 + 1 + opts.margin) - left, height: Math.min(H, y1 + 1 + opts.margin) - upper });
  }
  boxes = joinOverlapping(boxes);
  while (boxes.length > opts.max) {
    let best: [number, number, number] = [0, 1, Infinity];
    for (let a = 0; a < boxes.length; a++)
      for (let b = a + 1; b < boxes.length; b++) {
        const added = areaOf(union(boxes[a]!, boxes[b]!)) - areaOf(boxes[a]!) - areaOf(boxes[b]!);
        if (added < best[2]) best = [a, b, added];
      }
    const joined = union(boxes[best[0]]!, boxes[best[1]]!);
    boxes = joinOverlapping([...boxes.filter((_, k) => k !== best[0] && k !== best[1]), joined]);
  }
  return boxes.sort((a, b) => a.y - b.y || a.x - b.x);
}

const areaOf = (b: Box): number => b.width * b.height;

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Joins boxes that overlap until none do. */
function joinOverlapping(boxes: Box[]): Box[] {
  const out = [...boxes];
  for (let joined = true; joined;) {
    joined = false;
    for (let a = 0; a < out.length && !joined; a++)
      for (let b = a + 1; b < out.length && !joined; b++) {
        if (!overlap(out[a]!, out[b]!)) continue;
        out[a] = union(out[a]!, out[b]!);
        out.splice(b, 1);
        joined = true;
      }
  }
  return out;
}
