// Painting on the mask canvas with mouse, pen, touch and keyboard, plus undo and clear.
import { useRef, type FocusEvent, type KeyboardEvent, type PointerEvent, type SetStateAction } from 'react';
import type { Stroke } from '../lib/mask';
import { clamp01, type MaskCanvas } from './useMaskCanvas';

/** Arrow keys move the keyboard brush by this fraction of the image (Shift: five times more). */
const KEY_STEP = 0.02;

/** The mask canvas's pointer, keyboard and focus handlers. */
export type MaskCanvasHandlers = ReturnType<typeof useMaskInput>['canvasHandlers'];

interface Options {
  surface: MaskCanvas;
  disabled: boolean;
  onStrokesChange: (next: SetStateAction<Stroke[]>) => void;
  /** Tells screen-reader users what just happened (a polite live region). */
  announce: (text: string) => void;
}

/**
 * The canvas's event handlers: pointers paint where they go; the keyboard paints too (arrows
 * move the brush, Space or Enter puts it down or lifts it, Escape lifts it, Ctrl+Z undoes).
 * Finished strokes go to `onStrokesChange`.
 */
export function useMaskInput({ surface, disabled, onStrokesChange, announce }: Options) {
  const { showCursor, hideCursor, begin, extend, takeStroke, stroking, pointOf } = surface;
  const keyboard = useRef<{ x: number; y: number; down: boolean }>({ x: 0.5, y: 0.5, down: false });

  function finish() {
    const stroke = takeStroke();
    keyboard.current.down = false;
    if (stroke) onStrokesChange((prev) => [...prev, stroke]);
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
    if (!stroking() || disabled) return;
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
        announce('Brush lifted. Stroke added.');
      } else {
        k.down = true;
        begin([k.x, k.y]);
        showCursor(k.x, k.y);
        announce('Painting. Move with the arrow keys; press Space to lift the brush.');
      }
    } else if (e.key === 'Escape' && k.down) {
      e.preventDefault();
      finish();
      announce('Brush lifted. Stroke added.');
    }
  }

  function undo() {
    onStrokesChange((prev) => prev.slice(0, -1));
    announce('Last stroke undone.');
  }

  function clear() {
    onStrokesChange([]);
    announce('Mask cleared.');
  }

  const canvasHandlers = {
    onPointerDown: pointerDown,
    onPointerMove: pointerMove,
    onPointerUp: finish,
    onPointerCancel: finish,
    onLostPointerCapture: () => stroking() && finish(),
    onPointerLeave: () => !stroking() && hideCursor(),
    onKeyDown: keyDown,
    onFocus: (e: FocusEvent<HTMLCanvasElement>) => {
      if (e.currentTarget.matches(':focus-visible')) showCursor(keyboard.current.x, keyboard.current.y);
    },
    onBlur: () => {
      if (keyboard.current.down) finish();
      hideCursor();
    },
  };

  return { canvasHandlers, undo, clear };
}
