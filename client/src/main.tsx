import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

// The first render runs as a transition, so React yields to the browser every few
// milliseconds instead of holding the main thread for the whole page (Lighthouse counted
// that one task in Total Blocking Time).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
