import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/router';
import { HYDRATED_EVENT } from './lib/hydratedEvent';
import { preloadLazy } from './lib/lazyNamed';
import { startedFromPrerender } from './lib/prerendered';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

/** Its effect runs once the whole first render is committed (a parent's effects follow its children's). */
function Committed({ children }: { children: ReactNode }) {
  useEffect(() => void window.dispatchEvent(new Event(HYDRATED_EVENT)), []);
  return children;
}

const app = (
  <StrictMode>
    <Committed>
      <App router={createBrowserRouter(routes)} />
    </Committed>
  </StrictMode>
);

// The first render runs as a transition, so React yields to the browser every few
// milliseconds instead of holding the main thread for the whole page (Lighthouse counts
// such a task in Total Blocking Time).
if (startedFromPrerender) {
  // A public page arrives prerendered (scripts/prerender.ts): React adopts that HTML instead
  // of building it again. Its lazy parts load first, so hydration covers the whole page at
  // once (a click on a part still waiting for its code would be lost).
  const lazy = container.dataset.lazy?.split(' ').filter(Boolean) ?? [];
  void preloadLazy(lazy)
    .catch(() => undefined) // a chunk that failed to load fails again in render, where an error boundary shows it
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  startTransition(() => createRoot(container).render(app));
}
