import { useSyncExternalStore } from 'react';

// Which sensitive pictures the viewer chose to see (docs/screening.md, "Blur mode"): for this page
// load, shared by the gallery's card and the full-screen viewer, so revealing one reveals both.
const revealed = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows (true) or blurs again (false) one creation's sensitive picture. */
export function setRevealed(id: string, show: boolean): void {
  if (show === revealed.has(id)) return;
  if (show) revealed.add(id);
  else revealed.delete(id);
  for (const l of listeners) l();
}

/** Whether the viewer chose to see this creation's sensitive picture. */
export function useRevealed(id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => revealed.has(id),
    () => false,
  );
}
