// Landing page: the JavaScript `/` needs before it can render (from the built index.html),
// and Lighthouse on `/` served by the real app server, beside Lighthouse on a tiny static
// page in the same run (the ceiling this machine allows). Targets: initial JS ≤ 180 KB
// gzipped; performance and accessibility ≥ 95 on desktop.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { startServer } from '../server/app.js';
import { CLIENT_DIST, isClientBuilt } from '../server/http/client.js';
import { launchLighthouse, type FormFactor, type LighthouseSummary } from './lighthouse.js';
import type { BenchSection } from './stats.js';

export const INITIAL_JS_BUDGET_BYTES = 180 * 1024;
const ROUTER = resolve(import.meta.dirname, '../client/src/app/router.tsx');

interface Sized {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface LandingBundle {
  /** The entry module and every modulepreload link of index.html, in document order. */
  initialJs: Sized[];
  initialJsBytes: number;
  initialJsGzipBytes: number;
  css: Sized[];
  /** Whether router.tsx imports HomePage statically (then the entry chunks hold it). */
  homePageEager: boolean;
  /** Every .js file of the build (app, lazy routes, GraphiQL), for scale. */
  distJsFiles: number;
  distJsBytes: number;
  distJsGzipBytes: number;
  budgetGzipBytes: number;
}

function attrs(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)(?:="([^"]*)")?/gi)].slice(1).map((m) => [m[1]!.toLowerCase(), m[2] ?? '']));
}

function sized(dist: string, href: string): Sized {
  const data = readFileSync(join(dist, href.replace(/^\//, '')));
  return { file: href, bytes: data.length, gzipBytes: gzipSync(data).length };
}

export function measureLandingBundle(dist = CLIENT_DIST): LandingBundle {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const a = attrs(tag);
    if (tag.toLowerCase().startsWith('<script') && a.type === 'module' && a.src) scripts.push(a.src);
    else if (a.rel === 'modulepreload' && a.href) scripts.push(a.href);
    else if (a.rel === 'stylesheet' && a.href) styles.push(a.href);
  }
  if (!scripts.length) throw new Error(`${join(dist, 'index.html')} has no module script: is it a Vite build?`);
  const initialJs = [...new Set(scripts)].map((s) => sized(dist, s));
  const homePageEager = /^import\s*\{[^}]*\bHomePage\b[^}]*\}\s*from/m.test(readFileSync(ROUTER, 'utf8'));
  const assets = join(dist, 'assets');
  const distJs = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => sized(dist, `assets/${f}`));
  const sum = (xs: Sized[], k: 'bytes' | 'gzipBytes') => xs.reduce((s, x) => s + x[k], 0);
  return {
    initialJs,
    initialJsBytes: sum(initialJs, 'bytes'),
    initialJsGzipBytes: sum(initialJs, 'gzipBytes'),
    css: styles.map((s) => sized(dist, s)),
    homePageEager,
    distJsFiles: distJs.length,
    distJsBytes: sum(distJs, 'bytes'),
    distJsGzipBytes: sum(distJs, 'gzipBytes'),
    budgetGzipBytes: INITIAL_JS_BUDGET_BYTES,
  };
}

// The ceiling: a well-formed page with nothing to load, from a bare node:http server.
const STATIC_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A static page: the Lighthouse ceiling on this machine."><link rel="icon" href="data:,"><title>Baseline</title></head>
<body><main><h1>Baseline</h1><p>One heading and one paragraph, served by node:http with nothing else to load.</p></main></body></html>`;

async function startStaticServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(STATIC_PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

export interface LandingResult {
  bundle: LandingBundle;
  /** `load`: the 1-minute load average around the runs (other work on the machine skews timings). */
  lighthouse: { name: string; summary: LighthouseSummary; report: string; load: number }[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function landingBench(opts: { runs: number; pages: string[]; formFactor: FormFactor }): Promise<LandingResult> {
  if (!isClientBuilt()) throw new Error(`bench landing: ${CLIENT_DIST} is missing; run "npm run build:client" first (the bench measures the build, it does not make one).`);
  const step = (m: string) => process.stderr.write(`[bench:landing] ${m}\n`);
  const bundle = measureLandingBundle();
  step(`initial JS ${kb(bundle.initialJsGzipBytes)} gzipped in ${bundle.initialJs.length} files`);

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_bench',
    REDIS_PREFIX: `atelier-bench-landing-${Date.now()}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const { applyMigrations } = await import('../server/db/migrations.js');
  await applyMigrations(config.DATABASE_URL);
  const app = await startServer(config, createLogger('error', 'bench-landing'));
  const baseline = await startStaticServer();
  // A deployed server is warm: compress the first download once (and let the JIT settle) before measuring.
  for (const href of ['/', ...bundle.initialJs.map((f) => f.file), ...bundle.css.map((f) => f.file)]) {
    await fetch(new URL(href, app.url), { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
  }
  const browser = await launchLighthouse();
  const reportDir = join(tmpdir(), 'atelier-lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const lighthouse: LandingResult['lighthouse'] = [];
  try {
    const targets = [...opts.pages.map((p) => ({ name: p, url: new URL(p, app.url).href })), { name: 'static baseline', url: baseline.url }];
    for (const t of targets) {
      step(`Lighthouse ${opts.formFactor} × ${opts.runs}: ${t.url}`);
      const loadBefore = loadavg()[0]!;
      const { summary, median } = await browser.run(t.url, opts.formFactor, opts.runs);
      const load = Math.round(((loadBefore + loadavg()[0]!) / 2) * 10) / 10;
      const report = join(reportDir, `${opts.formFactor}-${t.name === '/' ? 'root' : t.name.replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '')}.json`);
      writeFileSync(report, JSON.stringify(median));
      lighthouse.push({ name: t.name, summary, report, load });
    }
  } finally {
    await browser.close();
    baseline.server.close();
    await app.close();
  }
  return { bundle, lighthouse };
}

export async function landingSection(): Promise<BenchSection> {
  const formFactor: FormFactor = process.env.BENCH_LANDING_FORM_FACTOR === 'mobile' ? 'mobile' : 'desktop';
  const pages = (process.env.BENCH_LANDING_PAGES ?? '/').split(',').map((p) => p.trim()).filter(Boolean);
  const r = await landingBench({ runs: Number(process.env.BENCH_LANDING_RUNS ?? 3), pages, formFactor });
  const b = r.bundle;
  const verdict = (ok: boolean) => (ok ? 'within' : '**over**');
  const md = [
    `### Landing page: initial JavaScript and Lighthouse (${formFactor})`,
    '',
    `Initial JS of \`/\` (entry + modulepreloads of index.html${b.homePageEager ? '; HomePage is in the entry' : '; HomePage is lazy and NOT counted here'}): ` +
      `**${kb(b.initialJsGzipBytes)} gzipped** (${kb(b.initialJsBytes)} raw, ${b.initialJs.length} files), ${verdict(b.initialJsGzipBytes <= b.budgetGzipBytes)} the ${kb(b.budgetGzipBytes)} budget. ` +
      `CSS ${kb(b.css.reduce((s, c) => s + c.gzipBytes, 0))} gzipped. Whole build: ${b.distJsFiles} JS files, ${kb(b.distJsGzipBytes)} gzipped (${kb(b.distJsBytes)} raw, GraphiQL included).`,
    '',
    `| page | runs | perf (each run) | a11y | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | JS fetched (wire / decoded) | load avg (${cpus().length} CPUs) |`,
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...r.lighthouse.map(({ name, summary: s, load }) =>
      `| ${name} | ${s.runs} | ${s.scores.performance} (${s.performanceRuns.join(', ')}) | ${s.scores.accessibility} | ${s.scores.bestPractices} | ${s.scores.seo} | ${s.metrics.fcpMs} | ${s.metrics.lcpMs} | ${s.metrics.tbtMs} | ${s.metrics.cls} | ${s.scripts.count} files, ${kb(s.scripts.transferBytes)} / ${kb(s.scripts.resourceBytes)} | ${load} |`,
    ),
    '',
  ];
  for (const { name, summary: s, report } of r.lighthouse) {
    if (s.foreignRequests.length) md.push(`- ${name}: **requests left the origin**: ${s.foreignRequests.join(', ')}`);
    if (s.failing.length) md.push(`- ${name}: audits under 0.9: ${s.failing.map((f) => `${f.id} (${f.score}${f.displayValue ? `, ${f.displayValue}` : ''})`).join('; ')}`);
    if (s.warnings.length) md.push(`- ${name}: Lighthouse warnings: ${s.warnings.join(' | ')}`);
    md.push(`- ${name}: median report ${report} (open with https://googlechrome.github.io/lighthouse/viewer/ or read the JSON)`);
  }
  md.push('', 'Scores are the median run (Lighthouse computeMedianRun). Simulated throttling: timings move with whatever else the machine is running.', '');
  return { result: r, markdown: md };
}
