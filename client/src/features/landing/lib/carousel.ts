import { CAROUSEL_BREAKPOINTS, DRAG_DISTANCE_PX, DRAG_VELOCITY_PX_S } from '../constants';

/** How many testimonials fit side by side at this viewport width (product §4). */
export function visibleCount(width: number): 1 | 2 | 3 {
  if (width < CAROUSEL_BREAKPOINTS.one) return 1;
  if (width < CAROUSEL_BREAKPOINTS.two) return 2;
  return 3;
}

/** `index + step` wrapped into 0…count-1. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * Where a released drag leaves the carousel. `distance` and `velocity` are signed
 * (negative = leftwards, px and px/s): a drag left past 50 px or faster than 500 px/s
 * advances one, the same to the right goes back one, wrapping; anything less stays.
 */
export function nextIndex(distance: number, velocity: number, index: number, count: number): number {
  if (distance < -DRAG_DISTANCE_PX || velocity < -DRAG_VELOCITY_PX_S) return wrapIndex(index, 1, count);
  if (distance > DRAG_DISTANCE_PX || velocity > DRAG_VELOCITY_PX_S) return wrapIndex(index, -1, count);
  return index;
}

/** Release speed (px/s) from recent pointer samples: only the last `windowMs` count, so a pause before letting go reads as slow. */
export function releaseVelocity(samples: readonly { x: number; t: number }[], windowMs = 100): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const first = samples.find((s) => last.t - s.t <= windowMs) ?? last;
  const dt = last.t - first.t;
  return dt > 0 ? ((last.x - first.x) / dt) * 1000 : 0;
}
