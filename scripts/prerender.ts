// The second half of `npm run build:client`, after `vite build`: renders every public page
// (client/src/prerender.tsx, built here for Node) into a copy of the built index.html, with
// the page's own <title> and description, as <dist>/prerendered/<path>.html. The server
// (server/http/client.ts) answers those addresses with them; the browser hydrates them.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rolldown } from 'vite';
import { CLIENT_DIST, prerenderedFile } from '../server/http/client.js';

/** The event main.tsx sends once it has called hydrateRoot (client/src/lib/prerendered.ts names it too). */
const HYDRATION_STARTED_EVENT = 'atelier:hydration-started';

const root = resolve(import.meta.dirname, '..');
const client = join(root, 'client');

interface Page {
  html: string;
  lazy: string[];
  title: string;
  description: string;
}

/** What client/src/prerender.tsx exports. */
interface Entry {
  prerenderedPaths: string[];
  renderPage(path: string): Promise<Page>;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Builds the prerender entry for Node inside node_modules (so its bare imports resolve) and loads it. */
async function loadEntry(outDir: string): Promise<Entry> {
  const output = (await build({
    configFile: join(client, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      // .mjs: ESM whatever a loader guesses for .js files under node_modules.
      rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry);
  if (!entry) throw new Error('prerender: the Node build of client/src/prerender.tsx produced no entry chunk');
  return (await import(pathToFileURL(join(outDir, entry.fileName)).href)) as Entry;
}

const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A module that starts the app once the prerendered page has painted: the entry and the
 * modules Vite preloads with it (as index.html names them) are asked for only then, so on a
 * slow line the page's HTML and CSS do not share the bandwidth with ~200 KB of JavaScript.
 * Returns its path under assets/ (named by its content, so cached like the other assets).
 */
export function writeBootModule(dist: string, template: string): string {
  const entry = ENTRY_TAG.exec(template)?.[1];
  if (!entry) throw new Error('prerender: index.html has no module script (is it a Vite build?)');
  const preloads = [...template.matchAll(PRELOAD_TAG)].map((m) => m[1]!);
  const code = `// Written by scripts/prerender.ts for the prerendered pages: the app starts after their first paint.
// Until React has taken the page over, a click on a button (or a form sent) would do nothing, or
// send the form the browser's way: they are held, and done again once hydration has begun
// (main.tsx announces it with the "${HYDRATION_STARTED_EVENT}" event). Plain links just work.
const held = [];
const hold = (event) => {
  const target = event.type === 'submit' ? event.target : event.target.closest?.('button, [role="button"], summary');
  if (!target) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!held.some((h) => h.target === target)) held.push({ type: event.type, target });
};
document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);
window.addEventListener('${HYDRATION_STARTED_EVENT}', () => {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  for (const { type, target } of held.splice(0)) {
    if (!target.isConnected) continue;
    if (type === 'submit') target.requestSubmit();
    else target.click();
  }
}, { once: true });
const start = () => {
  for (const href of ${JSON.stringify(preloads)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
};
// A frame callback runs once the page can render (its CSS is in); the timeout lets that frame paint.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
`;
  const name = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(dist, name), code);
  return `/${name}`;
}

/**
 * The built index.html with the page inside #root (data-lazy: the lazy parts main.tsx loads
 * before hydrating), its title and description in <head>, and the boot module for a script.
 * React starts its HTML with <link rel="preload"> hints for the page's first images: they
 * belong in <head>, not in what React hydrates.
 */
export function fillTemplate(template: string, page: Page, boot: string): string {
  const hints = /^(?:<link rel="preload"[^>]*>)*/.exec(page.html)![0];
  const body = page.html.slice(hints.length);
  const parts: [RegExp, string][] = [
    [PRELOAD_TAG, ''],
    [ENTRY_TAG, `<script type="module" crossorigin src="${boot}"></script>\n    `],
    // The first paint waits for the page's markup (Chrome's rel=expect): painted while still
    // arriving, the hero showed half-built and grew under its own corner label (a layout shift), and
    // its heading (the largest paint) came a frame after the first.
    [/<\/head>/, `${hints}<link rel="expect" href="#root" blocking="render" />\n  </head>`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`],
    [/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(page.description)}" />`],
    [/<div id="root"><\/div>/, `<div id="root" data-lazy="${escapeHtml(page.lazy.join(' '))}">${body}</div>`],
  ];
  return parts.reduce((html, [pattern, replacement]) => {
    if (html.search(pattern) < 0) throw new Error(`prerender: index.html has no ${pattern.source}`);
    return html.replace(pattern, () => replacement);
  }, template);
}

async function main() {
  const started = Date.now();
  // The app's GraphQL socket client wants a WebSocket class when it is created (it never
  // connects here: the socket is lazy); Node 20 has none built in.
  if (!('WebSocket' in globalThis)) Object.assign(globalThis, { WebSocket: (await import('ws')).WebSocket });
  const template = readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8');
  const outDir = join(root, 'node_modules/.cache/atelier-prerender', String(process.pid));
  try {
    const { renderPage, prerenderedPaths } = await loadEntry(outDir);
    rmSync(join(CLIENT_DIST, 'prerendered'), { recursive: true, force: true });
    const boot = writeBootModule(CLIENT_DIST, template);
    for (const path of prerenderedPaths) {
      const file = prerenderedFile(CLIENT_DIST, path);
      if (!file) throw new Error(`prerender: ${path} is not an address the server would serve prerendered`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, fillTemplate(template, await renderPage(path), boot));
    }
    console.log(`prerendered ${prerenderedPaths.length} public pages into ${join(CLIENT_DIST, 'prerendered')} in ${Date.now() - started} ms`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await main();
