// The brushed mask: strokes kept in image-relative units, so the same strokes draw the
// on-screen overlay at any display size and the uploaded mask at the image's full size.

export interface Stroke {
  /** Brush diameter as a fraction of the image's width. */
  size: number;
  /** Points as fractions of the image's width (x) and height (y). */
  points: ReadonlyArray<readonly [number, number]>;
}

/** One stroke onto a canvas `width` x `height` that covers the whole image. */
export function drawStroke(ctx: CanvasRenderingContext2D, stroke: Stroke, width: number, height: number): void {
  const diameter = Math.max(1, stroke.size * width);
  const [first, ...rest] = stroke.points;
  if (!first) return;
  if (rest.length === 0) {
    ctx.beginPath();
    ctx.arc(first[0] * width, first[1] * height, diameter / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.lineWidth = diameter;
  ctx.beginPath();
  ctx.moveTo(first[0] * width, first[1] * height);
  for (const [x, y] of rest) ctx.lineTo(x * width, y * height);
  ctx.stroke();
}

/** The segment from one point to the next, drawn while the pointer moves (no full redraw). */
export function drawSegment(ctx: CanvasRenderingContext2D, size: number, from: readonly [number, number], to: readonly [number, number], width: number, height: number): void {
  ctx.lineWidth = Math.max(1, size * width);
  ctx.beginPath();
  ctx.moveTo(from[0] * width, from[1] * height);
  ctx.lineTo(to[0] * width, to[1] * height);
  ctx.stroke();
}

export function prepareBrush(ctx: CanvasRenderingContext2D, colour: string): void {
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
}

/**
 * The mask the server expects, at the image's natural resolution: white where painted, black
 * elsewhere, as a PNG file.
 */
export async function renderMask(strokes: readonly Stroke[], width: number, height: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Your browser could not prepare the mask. Please try again.');
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, width, height);
  prepareBrush(ctx, '#ffffff');
  for (const stroke of strokes) drawStroke(ctx, stroke, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  // Release the bitmap now rather than whenever the collector gets to it: full-size masks are big.
  canvas.width = 0;
  canvas.height = 0;
  if (!blob) throw new Error('Your browser could not prepare the mask. Please try again.');
  return new File([blob], 'mask.png', { type: 'image/png' });
}
