// The brush outline drawn over the mask canvas where the pointer or the keyboard brush is.
import { useCallback, useRef, type RefObject } from 'react';

/** The outline's element ref, and showing it (at fractions of the canvas, `brush` CSS pixels wide) or hiding it. */
export function useBrushCursor(canvas: RefObject<HTMLCanvasElement | null>, brush: number) {
  const cursorRef = useRef<HTMLDivElement>(null);

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
    [canvas, brush],
  );
  const hideCursor = () => {
    if (cursorRef.current) cursorRef.current.style.display = 'none';
  };

  return { cursorRef, showCursor, hideCursor };
}
