// Apart from prerendered.ts (which needs React) so the boot module (boot.ts) can read it
// without loading React.

/** This page load began with prerendered markup in #root (main.tsx hydrates it). */
export const startedFromPrerender = typeof document !== 'undefined' && document.getElementById('root')?.firstElementChild != null;
