import type { ReactNode } from 'react';
import { useReducedMotion } from '../lib/useReducedMotion';

/**
 * A short looping animation standing in for a video: CSS animations inside it run only while
 * `active` (and never under reduced motion). `data-playing` exposes the state.
 */
export function LoopMedia({ active, className = '', children }: { active: boolean; className?: string; children: ReactNode }) {
  const reduced = useReducedMotion();
  const playing = active && !reduced;
  return (
    <div data-playing={playing} className={`atelier-media ${className}`}>
      {children}
      <span aria-hidden className="atelier-sweep" />
    </div>
  );
}
