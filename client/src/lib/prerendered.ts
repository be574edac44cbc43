// Public pages arrive as HTML built at build time (scripts/prerender.ts), which React then
// hydrates: the first render in the browser must produce exactly that HTML, so whatever
// only the browser knows (the stored session, the window's size) waits until just after it.
import { startTransition, useEffect, useState } from 'react';

/**
 * Sent on window once React has hydrated the whole prerendered page: the page's boot module
 * (scripts/prerender.ts) then hands the app what was typed, and replays the clicks and form
 * submissions it held until React was there to answer them.
 */
export const HYDRATED_EVENT = 'atelier:hydrated';

// React hydrates the page's shell first and each Suspense boundary (a lazy route, the landing's
// lower sections) after it: the page is whole once App and every lazy part have committed.
let waiting: Set<string> | null = null;

/** main.tsx, before hydrating: the lazy parts the page holds besides the app itself. */
export function awaitHydrationOf(lazyParts: string[]): void {
  waiting = new Set(['app', ...lazyParts]);
}

/** A part of the page (App, a lazyNamed component) has committed; the last one sends HYDRATED_EVENT. */
export function hydratedPart(part: string): void {
  if (!waiting?.delete(part) || waiting.size > 0) return;
  waiting = null;
  // Also left on the document, for whoever looks later (a browser test waiting to interact).
  document.documentElement.dataset.hydrated = '';
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}

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
