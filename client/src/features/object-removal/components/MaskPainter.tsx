import { Brush, ImageOff, Trash2, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref, type SetStateAction } from 'react';
import { useRememberedState } from '../../../lib/rememberedState';
import { drawSegment, drawStroke, prepareBrush, type Stroke } from '../lib/mask';

export interface NaturalSize {
  width: number;
  height: number;
}

interface Props {
  src: string;
  fileName: string;
  /** Whether the brush is in use (optional help: the object is found by its name without it). */
  active: boolean;
  onActiveChange: (active: boolean) => void;
  strokes: Stroke[];
  onStrokesChange: (next: SetStateAction<Stroke[]>) => void;
  /** The image's full resolution once it has loaded; null when the browser cannot show it. */
  onNaturalSize: (size: NaturalSize | null) => void;
  disabled?: boolean;
  canvasRef?: Ref<HTMLCanvasElement>;
}

type Point = readonly [number, number];

const BRUSH_MIN = 8;
const BRUSH_MAX = 96;
const BRUSH_DEFAULT = 32;
/** Arrow keys move the keyboard brush by this fraction of the image (Shift: five times more). */
const KEY_STEP = 0.02;
const PAINT = '#ef4444';

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * The picked image, and a switch to brush over the object on it: optional help, since the
 * object is found by its name. While brushing, a canvas lies over the image: mouse, pen and
 * touch paint through pointer events; the keyboard paints too (arrows move the brush, Space
 * puts it down or lifts it). Painted areas show in semi-transparent red; strokes are kept
 * relative to the image.
 */
export function MaskPainter({ src, fileName, active, onActiveChange, strokes, onStrokesChange, onNaturalSize, disabled = false, canvasRef }: Props) {
  const ids = useId();
  const hintId = `${ids}-hint`;
  const sizeId = `${ids}-size`;
  const switchId = `${ids}-switch`;
  const switchHintId = `${ids}-switch-hint`;
  const imgRef = useRef<HTMLImageElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const [brush, setBrush] = useRememberedState('object-removal:brush', BRUSH_DEFAULT);
  const [broken, setBroken] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // Drawing state lives in refs: pointer moves must not re-render.
  const strokesRef = useRef(strokes);
  useLayoutEffect(() => {
    strokesRef.current = strokes;
  }, [strokes]);
  const current = useRef<{ size: number; points: Point[] } | null>(null);
  const keyboard = useRef<{ x: number; y: number; down: boolean }>({ x: 0.5, y: 0.5, down: false });

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

  // The canvas bitmap follows the image's displayed size (sharp on high-DPI screens).
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

  useEffect(redraw, [strokes, redraw]);

  /** Shows the brush outline at (x, y), in fractions of the image. */
  const showCursor = useCallback(
    (x: number, y: number) => {
      const el = canvas.current;
      const cursor = cursorRef.current;
      if (!el || !cursor) return;
      cursor.style.width = cursor.style.height = `${brush}px`;
      cursor.style.transform = `translate(${x * el.clientWidth - brush / 2}px, ${y * el.clientHeight - brush / 2}px)`;
      cursor.style.display = 'block';
    },
    [brush],
  );
  const hideCursor = () => {
    if (cursorRef.current) cursorRef.current.style.display = 'none';
  };

  function begin(point: Point) {
    const el = canvas.current;
    if (!el) return;
    current.current = { size: brush / Math.max(1, el.clientWidth), points: [point] };
    const ctx = context();
    if (ctx) drawStroke(ctx, current.current, el.width, el.height);
  }

  function extend(point: Point) {
    const stroke = current.current;
    const el = canvas.current;
    const last = stroke?.points.at(-1);
    if (!stroke || !el || !last || (last[0] === point[0] && last[1] === point[1])) return;
    stroke.points.push(point);
    const ctx = context();
    if (ctx) drawSegment(ctx, stroke.size, last, point, el.width, el.height);
  }

  function finish() {
    const stroke = current.current;
    current.current = null;
    keyboard.current.down = false;
    if (stroke) onStrokesChange((prev) => [...prev, stroke]);
  }

  function pointOf(e: { clientX: number; clientY: number }): Point {
    const rect = canvas.current!.getBoundingClientRect();
    return [clamp01((e.clientX - rect.left) / rect.width), clamp01((e.clientY - rect.top) / rect.height)];
  }

  function pointerDown(e: PointerEvent<HTMLCanvasElement>) {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus({ preventScroll: true });
    begin(pointOf(e));
  }

  function pointerMove(e: PointerEvent<HTMLCanvasElement>) {
    const here = pointOf(e);
    if (e.pointerType !== 'touch') showCursor(here[0], here[1]);
    if (!current.current || disabled) return;
    // Fast strokes deliver several positions per frame; use them all for a smooth line.
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    if (events.length > 0) for (const ev of events) extend(pointOf(ev));
    else extend(here);
  }

  function keyDown(e: KeyboardEvent<HTMLCanvasElement>) {
    if (disabled) return;
    const k = keyboard.current;
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      if (k.down) finish();
      undo();
      return;
    }
    const step = e.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      k.x = clamp01(k.x + move[0]);
      k.y = clamp01(k.y + move[1]);
      showCursor(k.x, k.y);
      if (k.down) extend([k.x, k.y]);
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (k.down) {
        finish();
        setAnnouncement('Brush lifted. Stroke added.');
      } else {
        k.down = true;
        begin([k.x, k.y]);
        showCursor(k.x, k.y);
        setAnnouncement('Painting. Move with the arrow keys; press Space to lift the brush.');
      }
    } else if (e.key === 'Escape' && k.down) {
      e.preventDefault();
      finish();
      setAnnouncement('Brush lifted. Stroke added.');
    }
  }

  function undo() {
    onStrokesChange((prev) => prev.slice(0, -1));
    setAnnouncement('Last stroke undone.');
  }

  function clear() {
    onStrokesChange([]);
    setAnnouncement('Mask cleared.');
  }

  const painted = strokes.length > 0;
  const brushing = active && !broken;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-center rounded-xl border border-slate-200 bg-slate-100 p-2">
        {broken ? (
          <p className="flex flex-col items-center gap-1 px-4 py-10 text-center text-sm text-slate-600">
            <ImageOff aria-hidden className="size-6" />
            This browser cannot show this image, so you cannot brush over it. The object can still be found by its name.
          </p>
        ) : (
          <div className="relative inline-block max-w-full rounded-sm has-[canvas:focus-visible]:outline-3 has-[canvas:focus-visible]:outline-offset-2 has-[canvas:focus-visible]:outline-indigo-600">
            <img
              ref={imgRef}
              src={src}
              alt={`Preview of ${fileName}`}
              draggable={false}
              onLoad={(e) => onNaturalSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
              onError={() => {
                setBroken(true);
                onNaturalSize(null);
              }}
              className="block h-auto max-h-[360px] w-auto max-w-full select-none"
            />
            {brushing && (
              <canvas
                ref={setCanvas}
                tabIndex={disabled ? -1 : 0}
                aria-label={`Mask canvas over ${fileName}: optionally paint over the object to remove. ${painted ? `${strokes.length} ${strokes.length === 1 ? 'stroke' : 'strokes'} painted.` : 'Nothing painted yet.'}`}
                aria-describedby={hintId}
                aria-disabled={disabled || undefined}
                onPointerDown={pointerDown}
                onPointerMove={pointerMove}
                onPointerUp={finish}
                onPointerCancel={finish}
                onLostPointerCapture={() => current.current && finish()}
                onPointerLeave={() => !current.current && hideCursor()}
                onKeyDown={keyDown}
                onFocus={(e) => {
                  if (e.currentTarget.matches(':focus-visible')) showCursor(keyboard.current.x, keyboard.current.y);
                }}
                onBlur={() => {
                  if (keyboard.current.down) finish();
                  hideCursor();
                }}
                className={`absolute inset-0 h-full w-full touch-none opacity-50 outline-none ${disabled ? 'cursor-not-allowed' : 'cursor-none'}`}
              />
            )}
            <div
              ref={cursorRef}
              aria-hidden
              className="pointer-events-none absolute top-0 left-0 hidden rounded-full border-2 border-white bg-red-500/20 shadow-[0_0_0_1px_rgb(220_38_38)]"
            />
          </div>
        )}
      </div>

      {!broken && (
        <div className="flex items-start gap-2.5">
          <input
            id={switchId}
            type="checkbox"
            checked={active}
            disabled={disabled}
            onChange={(e) => onActiveChange(e.target.checked)}
            aria-describedby={switchHintId}
            className="mt-0.5 size-4 shrink-0 accent-indigo-600"
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={switchId} className="text-sm font-medium text-slate-700">
              Brush over the object <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <p id={switchHintId} className="text-xs text-slate-500">
              Not needed: the object is found by its name. Brush to pick one of several, or to remove something that is not found by name.
            </p>
          </div>
        </div>
      )}

      {brushing && (
        <>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <div className="flex min-w-48 flex-1 items-center gap-2">
              <Brush aria-hidden className="size-4 shrink-0 text-slate-500" />
              <label htmlFor={sizeId} className="shrink-0 text-sm font-medium text-slate-700">
                Brush size
              </label>
              <input
                id={sizeId}
                type="range"
                min={BRUSH_MIN}
                max={BRUSH_MAX}
                step={2}
                value={brush}
                disabled={disabled}
                onChange={(e) => setBrush(Number(e.target.value))}
                aria-valuetext={`${brush} pixels`}
                className="min-w-0 flex-1 accent-indigo-600"
              />
              <output htmlFor={sizeId} className="w-12 shrink-0 text-right text-sm text-slate-600 tabular-nums">
                {brush} px
              </output>
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={undo}
                disabled={disabled || !painted}
                className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
              >
                <Undo2 aria-hidden className="size-4" />
                Undo
              </button>
              <button
                type="button"
                onClick={clear}
                disabled={disabled || !painted}
                className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
              >
                <Trash2 aria-hidden className="size-4" />
                Clear
              </button>
            </div>
          </div>

          <p id={hintId} className="text-xs text-slate-500">
            Brush over the object with your mouse, finger or pen. Keyboard: focus the image, move with the arrow keys (Shift for bigger steps), and press Space to start or stop
            painting; Ctrl+Z undoes.
          </p>
        </>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
