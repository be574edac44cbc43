// Public pages arrive as HTML built at build time (scripts/prerender.ts), which React then
// hydrates: the first render in the browser must produce exactly that HTML, so whatever
// only the browser knows (the stored session, the window's size) waits until just after it.
import { startTransition, useEffect, useState } from 'react';

/**
 * Sent on window once hydrateRoot has been called: the prerendered page's boot module
 * (scripts/prerender.ts) then replays the clicks and form submissions it held until React
 * was there to answer them (React itself hydrates whatever such an event reaches first).
 */
export const HYDRATION_STARTED_EVENT = 'atelier:hydration-started';

/** This page load began with prerendered markup in #root (main.tsx hydrates it). */
export const startedFromPrerender = typeof document !== 'undefined' && document.getElementById('root')?.firstElementChild != null;

/**
 * False on the server and during hydration, true from a render just after it (and from the
 * start when the page was rendered in the browser alone, with nothing to match). The switch
 * comes in a task of its own, as a transition: what it starts (a query, a lazy part) neither
 * lengthens hydration's last task nor holds the main thread in one piece.
 */
export function useAfterHydration(): boolean {
  const [after, setAfter] = useState(!startedFromPrerender && typeof document !== 'undefined');
  useEffect(() => {
    if (after) return;
    const timer = setTimeout(() => startTransition(() => setAfter(true)));
    return () => clearTimeout(timer);
  }, [after]);
  return after;
}
