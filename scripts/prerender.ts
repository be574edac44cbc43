// The second half of `npm run build:client`, after `vite build`: renders every public page
// (client/src/prerender.tsx, built here for Node) into a copy of the built index.html, with
// the page's own <title> and description, as <dist>/prerendered/<path>.html. The server
// (server/http/client.ts) answers those addresses with them; the browser hydrates them. It
// also writes <dist>/routes.json, every address the app has a page for: the server answers
// any other address 404.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rolldown } from 'vite';
import { APP_ROUTES_FILE, CLIENT_DIST, prerenderedFile } from '../server/http/client.js';

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
  /** Every address the app answers: the server answers others 404. */
  appPaths: string[];
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

/**
 * The built index.html with the page inside #root (data-lazy: the lazy parts main.tsx loads
 * before hydrating) and its title and description in <head>.
 * React starts its HTML with <link rel="preload"> hints for the page's first images: they
 * belong in <head>, not in what React hydrates.
 * The page paints without the app, so it loads the boot module (client/src/boot.ts, `bootSrc`)
 * instead, which imports the app (data-app) after the first paint; the app's modulepreload
 * links go, or the browser would fetch ~180 KB before painting.
 */
export function fillTemplate(template: string, page: Page, bootSrc: string): string {
  const hints = /^(?:<link rel="preload"[^>]*>)*/.exec(page.html)![0];
  const body = page.html.slice(hints.length);
  const parts: [RegExp, string][] = [
    [/<\/head>/, `${hints}</head>`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`],
    [/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(page.description)}" />`],
    [/<div id="root"><\/div>/, `<div id="root" data-lazy="${escapeHtml(page.lazy.join(' '))}">${body}</div>`],
    [/\n?\s*<link rel="modulepreload"[^>]*>/g, ''],
  ];
  const appScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const app = appScript.exec(template)?.[1];
  if (!app) throw new Error(`prerender: index.html has no ${appScript.source}`);
  parts.push([appScript, `<script type="module" crossorigin src="${bootSrc}" data-app="${app}"></script>`]);
  return parts.reduce((html, [pattern, replacement]) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${pattern.source}`);
    return html.replace(pattern, () => replacement);
  }, template);
}

/** The built boot module's address, from Vite's manifest (vite.config.ts builds it as an entry). */
function bootSrc(): string {
  const manifest = JSON.parse(readFileSync(join(CLIENT_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const boot = manifest['src/boot.ts'];
  if (!boot) throw new Error('prerender: the build has no src/boot.ts entry (client/vite.config.ts)');
  return `/${boot.file}`;
}

async function main() {
  const started = Date.now();
  // The app's GraphQL socket client wants a WebSocket class when it is created (it never
  // connects here: the socket is lazy); Node 20 has none built in.
  if (!('WebSocket' in globalThis)) Object.assign(globalThis, { WebSocket: (await import('ws')).WebSocket });
  const template = readFileSync(join(CLIENT_DIST, 'index.html'), 'utf8');
  const boot = bootSrc();
  const outDir = join(root, 'node_modules/.cache/atelier-prerender', String(process.pid));
  try {
    const { renderPage, prerenderedPaths, appPaths } = await loadEntry(outDir);
    writeFileSync(join(CLIENT_DIST, APP_ROUTES_FILE), JSON.stringify(appPaths));
    rmSync(join(CLIENT_DIST, 'prerendered'), { recursive: true, force: true });
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
