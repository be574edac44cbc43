// Build-time entry (scripts/prerender.ts builds it for Node): renders one public page to the
// HTML that main.tsx then hydrates. It renders exactly the tree main.tsx does, with a memory
// router at the page's address, and waits for every lazy route chunk, so the HTML is whole.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './app/App';
import { pageMetaOf } from './app/pageTitles';
import { appPaths, prerenderedPaths, routes } from './app/router';
import { recordLazyRenders } from './lib/lazyNamed';

export { appPaths, prerenderedPaths };

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The lazyNamed components the page rendered: the browser loads them before hydrating. */
  lazy: string[];
  title: string;
  description: string;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const errors: unknown[] = [];
  const lazy = new Set<string>();
  recordLazyRenders(lazy);
  const { prelude } = await prerender(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // React writes a large Suspense boundary apart, with an inline script that moves it into
      // place (made for streaming, and the CSP forbids inline scripts): keep the page in order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  recordLazyRenders(null);
  // A component that threw would leave its part to the browser (and a hydration error): fail the build instead.
  if (errors.length) throw new AggregateError(errors, `prerendering ${path} failed: ${errors.map(String).join('; ')}`);
  if (/<script|<template/i.test(html)) throw new Error(`prerendering ${path}: React streamed part of the page (an inline script or template)`);
  return { html, lazy: [...lazy].sort(), ...pageMetaOf(path) };
}
