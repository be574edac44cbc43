// Serves the built client: hashed assets cached for a year, the public pages as the HTML
// prerendered at build time (scripts/prerender.ts), every other GET path index.html
// (client-side routes) — with 404 for an address the app has no page for, so crawlers and
// monitors see it (it was 200) — and a browser's GET /graphql gets GraphiQL.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { compressedAssets, compressedFile, pickEncoding } from './compressed-assets.js';

/** Where the built client lives; CLIENT_DIST moves it (parallel builds, a packaged image). */
export const CLIENT_DIST = resolve(process.env.CLIENT_DIST ?? resolve(import.meta.dirname, '../../client/dist'));

const notBuilt = 'The web client is not built yet: run "npm run build:client" (npm start does it for you).';

export function isClientBuilt(dir = CLIENT_DIST): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** A browser navigating to /graphql (not a GraphQL GET request). */
export function wantsGraphiQL(req: Request): boolean {
  return req.method === 'GET' && req.query.query === undefined && req.accepts(['application/json', 'text/html']) === 'text/html';
}

export function graphiqlHandler(enabled: boolean, dir = CLIENT_DIST): RequestHandler {
  return (req, res, next) => {
    if (!wantsGraphiQL(req)) return next();
    if (!enabled) return res.status(404).type('text').send('GraphiQL is turned off on this server.');
    const page = join(dir, 'graphiql.html');
    if (!existsSync(page)) return res.status(503).type('text').send(notBuilt);
    res.setHeader('Cache-Control', 'no-cache');
    return res.sendFile(page);
  };
}

/**
 * Where the build keeps the prerendered page of an address (`/` → prerendered/index.html,
 * `/legal/terms` → prerendered/legal/terms.html); null for addresses that cannot be one.
 */
export function prerenderedFile(dir: string, pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return join(dir, 'prerendered', 'index.html');
  return /^(\/[a-z0-9][a-z0-9-]*)+$/.test(path) ? join(dir, 'prerendered', `${path.slice(1)}.html`) : null;
}

/** The build's list of the app's addresses (client/src/app/router.tsx, appPaths). */
export const APP_ROUTES_FILE = 'routes.json';

/** The addresses the built app has a page for, lower case; null when the build has no list (every address is then a page). */
function appAddresses(dir: string): Set<string> | null {
  try {
    return new Set(JSON.parse(readFileSync(join(dir, APP_ROUTES_FILE), 'utf8')) as string[]);
  } catch {
    return null;
  }
}

/** An address as the app's router matches it: any case, trailing slashes ignored. */
const routeKey = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();

export function clientRoutes(dir = CLIENT_DIST): Router {
  const r = express.Router();
  const addresses = appAddresses(dir);
  r.use('/assets', compressedAssets(join(dir, 'assets')));
  r.use('/assets', express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false }));
  // A missing asset is a plain 404: the static server's own error named the file's path on this
  // machine (docs/security-testing.md, "A missing client asset").
  r.use('/assets', (_req, res) => void res.status(404).type('text').send('Not found'));
  r.use(express.static(dir, { index: false, maxAge: '1h' }));
  r.get(PAGES, async (req, res) => {
    // Prerendered at its bare address: a query (e.g. sign-in's ?redirect=) can change what the
    // page shows, and hydration must meet exactly the HTML React would render, so it gets the shell.
    const prerendered = req.url.includes('?') ? null : prerenderedFile(dir, req.path);
    const page = prerendered && existsSync(prerendered) ? prerendered : join(dir, 'index.html');
    if (!existsSync(page)) return res.status(503).type('text').send(notBuilt);
    // The same page (the app shows "Page not found"), with the status that says so.
    if (addresses && !addresses.has(routeKey(req.path))) res.status(404);
    res.setHeader('Cache-Control', 'no-cache');
    // Compressed like the assets (a prerendered landing page is ~115 KB of HTML, ~13 KB in gzip).
    const encoding = pickEncoding(req);
    const file = encoding && (await compressedFile(page, encoding).catch(() => null));
    // The answer depends on Accept-Encoding whichever way it goes: a cache must not give the plain one to all.
    res.vary('Accept-Encoding');
    if (!encoding || !file) return res.sendFile(page);
    res.type('html');
    res.setHeader('ETag', file.etag);
    if (req.fresh) return res.status(304).end();
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', file.data.length);
    return res.end(file.data);
  });
  // A page answers GET and HEAD only: another method is 405 with Allow, not "Page not found".
  r.all(PAGES, (_req, res) => {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).type('text').send('Method not allowed');
  });
  return r;
}

/** The client's pages: every path but the API's, the files' and the probes'. */
const PAGES = /^(?!\/(api|graphql|files|healthz|readyz|metrics)(\/|$)).*/;
