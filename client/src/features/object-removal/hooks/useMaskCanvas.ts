// The mask canvas over the picked image: its bitmap, the strokes painted on it, the stroke in progress and the brush outline.
import { useCallback, useEffect, useLayoutEffect, useRef, type Ref, type RefObject } from 'react';
import { drawSegment, drawStroke, prepareBrush, type Stroke } from '../lib/mask';
import { useBrushCursor } from './useBrushCursor';

/** A position on the image, as fractions of its width and height. */
export type Point = readonly [number, number];

const PAINT = '#ef4444';

export const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

interface Options {
  src: string;
  active: boolean;
  broken: boolean;
  /** Brush diameter in CSS pixels. */
  brush: number;
  strokes: Stroke[];
  canvasRef?: Ref<HTMLCanvasElement>;
}

/**
 * The canvas bitmap follows the image's displayed size (sharp on high-DPI screens), fitted
 * again when the image, its failure to load or the brush switch changes; each fit repaints.
 */
function useCanvasFollowsImage(
  imgRef: RefObject<HTMLImageElement | null>,
  canvas: RefObject<HTMLCanvasElement | null>,
  redraw: () => void,
  src: string,
  broken: boolean,
  active: boolean,
) {
  useLayoutEffect(() => {
    const img = imgRef.current;
    const el = canvas.current;
    if (!img || !el) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = Math.max(1, Math.round(img.clientWidth * ratio));
      const height = Math.max(1, Math.round(img.clientHeight * ratio));
      if (el.width !== width || el.height !== height) {
        el.width = width;
        el.height = height;
      }
      redraw();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(img);
    return () => observer.disconnect();
  }, [redraw, src, broken, active]);
}

/** What useMaskCanvas gives the painter: refs for the image, canvas and brush outline, and the drawing steps. */
export type MaskCanvas = ReturnType<typeof useMaskCanvas>;

/**
 * The canvas lying over the image while brushing: its bitmap follows the image's displayed
 * size, every stroke is repainted after a resize, undo or clear, and a stroke in progress is
 * drawn segment by segment without re-rendering.
 */
export function useMaskCanvas({ src, active, broken, brush, strokes, canvasRef }: Options) {
  const imgRef = useRef<HTMLImageElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);

  // Drawing state lives in refs: pointer moves must not re-render.
  const strokesRef = useRef(strokes);
  useLayoutEffect(() => {
    strokesRef.current = strokes;
  }, [strokes]);
  const current = useRef<{ size: number; points: Point[] } | null>(null);

  const setCanvas = useCallback(
    (node: HTMLCanvasElement | null) => {
      canvas.current = node;
      if (typeof canvasRef === 'function') canvasRef(node);
      else if (canvasRef) canvasRef.current = node;
    },
    [canvasRef],
  );

  const context = useCallback(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) prepareBrush(ctx, PAINT);
    return ctx ?? null;
  }, []);

  /** Repaints every stroke (after a resize, undo or clear). */
  const redraw = useCallback(() => {
    const el = canvas.current;
    const ctx = context();
    if (!el || !ctx) return;
    ctx.clearRect(0, 0, el.width, el.height);
    for (const stroke of strokesRef.current) drawStroke(ctx, stroke, el.width, el.height);
    if (current.current) drawStroke(ctx, current.current, el.width, el.height);
  }, [context]);

  useCanvasFollowsImage(imgRef, canvas, redraw, src, broken, active);

  useEffect(redraw, [strokes, redraw]);

  const { cursorRef, showCursor, hideCursor } = useBrushCursor(canvas, brush);

  /** Starts a stroke at `point` and draws its first dab. */
  function begin(point: Point) {
    const el = canvas.current;
    if (!el) return;
    current.current = { size: brush / Math.max(1, el.clientWidth), points: [point] };
    const ctx = context();
    if (ctx) drawStroke(ctx, current.current, el.width, el.height);
  }

  /** Adds `point` to the stroke in progress and draws the new segment. */
  function extend(point: Point) {
    const stroke = current.current;
    const el = canvas.current;
    const last = stroke?.points.at(-1);
    if (!stroke || !el || !last || (last[0] === point[0] && last[1] === point[1])) return;
    stroke.points.push(point);
    const ctx = context();
    if (ctx) drawSegment(ctx, stroke.size, last, point, el.width, el.height);
  }

  /** Ends the stroke in progress and hands it over (null when there was none). */
  function takeStroke(): Stroke | null {
    const stroke = current.current;
    current.current = null;
    return stroke;
  }

  /** Whether a stroke is in progress. */
  const stroking = () => current.current !== null;

  /** Where a pointer event falls on the image, clamped to its edges. */
  function pointOf(e: { clientX: number; clientY: number }): Point {
    const rect = canvas.current!.getBoundingClientRect();
    return [clamp01((e.clientX - rect.left) / rect.width), clamp01((e.clientY - rect.top) / rect.height)];
  }

  return { imgRef, cursorRef, setCanvas, showCursor, hideCursor, begin, extend, takeStroke, stroking, pointOf };
}
