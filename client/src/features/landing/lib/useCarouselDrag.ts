// Dragging the testimonials carousel with mouse, pen or touch: it follows the pointer and moves on release.
import { useRef, useState, type Dispatch, type PointerEvent, type SetStateAction } from 'react';
import { nextIndex, releaseVelocity } from './carousel';

interface Drag {
  pointerId: number;
  startX: number;
  samples: { x: number; t: number }[];
}

/**
 * The drag offset (px) while a pointer drags the viewport, whether one does, and the viewport's
 * pointer handlers. On release past the distance or speed threshold `setIndex` moves one card
 * (nextIndex, wrapping over `count`); a cancelled drag moves nothing.
 */
export function useCarouselDrag(count: number, setIndex: Dispatch<SetStateAction<number>>) {
  const [dragX, setDragX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointerId: e.pointerId, startX: e.clientX, samples: [{ x: e.clientX, t: performance.now() }] };
    setDragging(true);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    d.samples.push({ x: e.clientX, t: performance.now() });
    if (d.samples.length > 20) d.samples.shift();
    setDragX(e.clientX - d.startX);
  }
  function onPointerEnd(e: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    setDragging(false);
    setDragX(0);
    if (cancelled) return;
    d.samples.push({ x: e.clientX, t: performance.now() });
    const distance = e.clientX - d.startX;
    setIndex((i) => nextIndex(distance, releaseVelocity(d.samples), i, count));
  }

  const viewportHandlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => onPointerEnd(e, false),
    onPointerCancel: (e: PointerEvent<HTMLDivElement>) => onPointerEnd(e, true),
  };
  return { dragX, dragging, viewportHandlers };
}
