// The app's one toast area (sonner's Toaster, App.tsx) is mounted only once something may toast:
// the signed-in area (AiLayout) asks for it when it mounts, the newsletter form before its
// answer. The public pages otherwise never load sonner, whose stylesheet, injected after
// hydration, made the browser restyle the whole landing page (docs/benchmarks.md).
import { useSyncExternalStore } from 'react';

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Asks for the Toaster; resolves once it listens (a toast sent before would be lost). */
export function toasterReady(): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return mounted;
}

/** App.tsx: whether to mount the Toaster. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}

/** App.tsx, once the Toaster has mounted (and subscribed to toasts). */
export function toasterMounted(): void {
  markMounted();
}
