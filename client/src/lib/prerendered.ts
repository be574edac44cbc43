// Public pages arrive as HTML built at build time (scripts/prerender.ts), which React then
// hydrates: the first render in the browser must produce exactly that HTML, so whatever
// only the browser knows (the stored session, the window's size) waits until just after it.
import { startTransition, useEffect, useState } from 'react';

/** This page load began with prerendered markup in #root (main.tsx hydrates it). */
export const startedFromPrerender = typeof document !== 'undefined' && document.getElementById('root')?.firstElementChild != null;

/**
 * False on the server and during hydration, true from the first render after it (and from
 * the start when the page was rendered in the browser alone, with nothing to match). The
 * switch is a transition: React renders what it turns on in slices, not in one long task.
 */
export function useAfterHydration(): boolean {
  const [after, setAfter] = useState(!startedFromPrerender && typeof document !== 'undefined');
  useEffect(() => {
    if (!after) startTransition(() => setAfter(true));
  }, [after]);
  return after;
}
