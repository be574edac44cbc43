// Landing page: the JavaScript `/` needs before it can render (from the built index.html),
// and Lighthouse, mobile and desktop, on `/` and on every other public page (the pages the
// build prerendered, plus the community gallery signed out) served by the real app server,
// beside Lighthouse on a tiny static page in the same run (the ceiling this machine allows).
// Targets: initial JS ≤ 180 KB gzipped; `/` performance ≥ 95 in every run on mobile and
// desktop, the other public pages ≥ 90; accessibility ≥ 95.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
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
  /** The app with its static imports, and the boot module of prerendered pages (initialScripts). */
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

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The JavaScript `/` runs before it is interactive, from Vite's manifest: the app (index.html's
 * module, src/main.tsx) with its static imports, and the boot module a prerendered page loads
 * first (src/boot.ts, which imports the app once the page has painted).
 */
function initialScripts(dist: string): string[] {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: rebuild the client ("npm run build:client"; vite.config.ts sets build.manifest)`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${file} has no chunk ${key}`);
    seen.add(key);
    for (const k of manifest[key].imports ?? []) visit(k);
  };
  visit('index.html');
  visit('src/boot.ts');
  return [...seen].map((k) => `/${manifest[k]!.file}`);
}

export function measureLandingBundle(dist = CLIENT_DIST): LandingBundle {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const styles = [...html.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => attrs(tag))
    .filter((a) => a.rel === 'stylesheet' && a.href)
    .map((a) => a.href!);
  const initialJs = initialScripts(dist).map((s) => sized(dist, s));
  const homePageEager = /^import\s*\{[^}]*\bHomePage\b[^}]*\}\s*from/m.test(readFileSync(ROUTER, 'utf8'));
  const assets = join(dist, 'assets');
  const distJs = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => sized(dist, `assets/${f}`));
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

/** The pages the build prerendered (<dist>/prerendered/**.html), `/` first, and the community gallery (signed out). */
export function publicPages(dist = CLIENT_DIST): string[] {
  const dir = join(dist, 'prerendered');
  if (!existsSync(dir)) return ['/'];
  const pages = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.html'))
    .map(
      (f) =>
        `/${relative(dir, join(dir, f))
          .replace(/\.html$/, '')
          .replace(/(^|\/)index$/, '')}`,
    )
    .sort();
  return [...new Set(['/', ...pages, '/ai/community'])];
}

export interface LighthouseRow {
  name: string;
  formFactor: FormFactor;
  summary: LighthouseSummary;
  report: string;
  /** The 1-minute load average around the runs (other work on the machine skews timings). */
  load: number;
}

export interface LandingResult {
  bundle: LandingBundle;
  /** The prerendered HTML of `/` (what the first request returns), gzipped. */
  homeHtmlGzipBytes: number | null;
  lighthouse: LighthouseRow[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** The performance score of every run of a page, in order. */
const scoresOf = (s: LighthouseSummary) => s.perRun.map((run) => run.performance);

export interface LandingOptions {
  /** Lighthouse runs of `/` and of the static baseline, per form factor. */
  runs: number;
  /** Lighthouse runs of every other page, per form factor. */
  pageRuns: number;
  pages: string[];
  formFactors: FormFactor[];
}

export async function landingBench(opts: LandingOptions): Promise<LandingResult> {
  if (!isClientBuilt()) throw new Error(`bench landing: ${CLIENT_DIST} is missing; run "npm run build:client" first (the bench measures the build, it does not make one).`);
  const step = (m: string) => process.stderr.write(`[bench:landing] ${m}\n`);
  const bundle = measureLandingBundle();
  step(`initial JS ${kb(bundle.initialJsGzipBytes)} gzipped in ${bundle.initialJs.length} files`);
  const home = join(CLIENT_DIST, 'prerendered', 'index.html');
  const homeHtmlGzipBytes = existsSync(home) ? gzipSync(readFileSync(home)).length : null;

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_bench',
    REDIS_PREFIX: `atelier-bench-landing-${Date.now()}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const { applyMigrations } = await import('../server/shared/db/migrations.js');
  await applyMigrations(config.DATABASE_URL);
  const app = await startServer(config, createLogger('error', 'bench-landing'));
  const baseline = await startStaticServer();
  // A deployed server is warm: compress the first download once (and let the JIT settle) before measuring.
  for (const href of [...opts.pages, ...bundle.initialJs.map((f) => f.file), ...bundle.css.map((f) => f.file)]) {
    await fetch(new URL(href, app.url), { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
  }
  const browser = await launchLighthouse();
  const reportDir = join(tmpdir(), 'atelier-lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const lighthouse: LighthouseRow[] = [];
  try {
    const targets = [
      ...opts.pages.map((p) => ({ name: p, url: new URL(p, app.url).href, runs: p === '/' ? opts.runs : opts.pageRuns })),
      { name: 'static baseline', url: baseline.url, runs: opts.runs },
    ];
    for (const t of targets) {
      for (const formFactor of opts.formFactors) {
        step(`Lighthouse ${formFactor} × ${t.runs}: ${t.url}`);
        const loadBefore = loadavg()[0]!;
        const { summary, median } = await browser.run(t.url, formFactor, t.runs);
        const load = Math.round(((loadBefore + loadavg()[0]!) / 2) * 10) / 10;
        const report = join(reportDir, `${formFactor}-${t.name === '/' ? 'root' : t.name.replace(/[^a-z0-9]+/gi, '_').replace(/^_+|_+$/g, '')}.json`);
        writeFileSync(report, JSON.stringify(median));
        lighthouse.push({ name: t.name, formFactor, summary, report, load });
      }
    }
  } finally {
    await browser.close();
    baseline.server.close();
    await app.close();
  }
  return { bundle, homeHtmlGzipBytes, lighthouse };
}

/** `/` must score ≥ 95 in every run on a phone and 100 on a desktop, the other pages ≥ 90 (their worst run). */
export function performanceTarget(name: string, formFactor: FormFactor = 'mobile'): number | null {
  if (name === 'static baseline') return null;
  if (name !== '/') return 90;
  return formFactor === 'desktop' ? 100 : 95;
}

/** `/` on a phone, in every run: Total Blocking Time ≤ 200 ms and main-thread work ≤ 2.5 s. */
export const HOME_MOBILE_LIMITS = { tbtMs: 200, mainThreadMs: 2500 };

export async function landingSection(): Promise<BenchSection> {
  const list = (v: string | undefined) =>
    v
      ?.split(',')
      .map((p) => p.trim())
      .filter(Boolean);
  const formFactors = (list(process.env.BENCH_LANDING_FORM_FACTORS) ?? ['mobile', 'desktop']).filter((f): f is FormFactor => f === 'mobile' || f === 'desktop');
  const pages = list(process.env.BENCH_LANDING_PAGES) ?? publicPages();
  const r = await landingBench({
    runs: Number(process.env.BENCH_LANDING_RUNS ?? 3),
    pageRuns: Number(process.env.BENCH_LANDING_PAGE_RUNS ?? 1),
    pages,
    formFactors,
  });
  const b = r.bundle;
  const verdict = (ok: boolean) => (ok ? 'within' : '**over**');
  const missed = r.lighthouse.filter((row) => {
    const target = performanceTarget(row.name, row.formFactor);
    return target !== null && Math.min(...scoresOf(row.summary)) < target;
  });
  const homeMobile = r.lighthouse.find((row) => row.name === '/' && row.formFactor === 'mobile')?.summary.perRun ?? [];
  const overLimits = homeMobile.filter((run) => run.tbtMs > HOME_MOBILE_LIMITS.tbtMs || run.mainThreadMs > HOME_MOBILE_LIMITS.mainThreadMs);
  const md = [
    `### Landing and public pages: initial JavaScript and Lighthouse (${formFactors.join(' and ')})`,
    '',
    `Initial JS of \`/\` (the app with its static imports, and the boot module that starts it on a prerendered page${b.homePageEager ? '; HomePage is among them' : '; HomePage is lazy and NOT counted here'}): ` +
      `**${kb(b.initialJsGzipBytes)} gzipped** (${kb(b.initialJsBytes)} raw, ${b.initialJs.length} files), ${verdict(b.initialJsGzipBytes <= b.budgetGzipBytes)} the ${kb(b.budgetGzipBytes)} budget. ` +
      `CSS ${kb(b.css.reduce((s, c) => s + c.gzipBytes, 0))} gzipped. ` +
      (r.homeHtmlGzipBytes === null ? 'No prerendered pages in this build. ' : `Prerendered HTML of \`/\`: ${kb(r.homeHtmlGzipBytes)} gzipped. `) +
      `Whole build: ${b.distJsFiles} JS files, ${kb(b.distJsGzipBytes)} gzipped (${kb(b.distJsBytes)} raw, GraphiQL included).`,
    '',
    `Targets: \`/\` performance ≥ 95 in every run on a phone (with TBT ≤ ${HOME_MOBILE_LIMITS.tbtMs} ms and main-thread work ≤ ${HOME_MOBILE_LIMITS.mainThreadMs / 1000} s) and 100 on a desktop, every other public page ≥ 90. ` +
      (missed.length ? `**Missed**: ${missed.map((m) => `${m.name} ${m.formFactor} (${scoresOf(m.summary).join(', ')})`).join('; ')}. ` : 'Scores met. ') +
      (overLimits.length
        ? `**\`/\` on a phone over TBT or main-thread limits in ${overLimits.length} of ${homeMobile.length} runs** (TBT ${homeMobile.map((x) => x.tbtMs).join(', ')} ms; main thread ${homeMobile.map((x) => x.mainThreadMs).join(', ')} ms).`
        : homeMobile.length
          ? 'TBT and main-thread limits met in every run.'
          : ''),
    '',
    `| page | form factor | browser | runs | perf (each run) | a11y | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | JS fetched (wire / decoded) | load avg (${cpus().length} CPUs) |`,
    '|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...r.lighthouse.map(
      ({ name, formFactor, summary: s, load }) =>
        `| ${name} | ${formFactor} | ${s.browser} | ${s.runs} | ${s.scores.performance} (${scoresOf(s).join(', ')}) | ${s.scores.accessibility} | ${s.scores.bestPractices} | ${s.scores.seo} | ${s.metrics.fcpMs} | ${s.metrics.lcpMs} | ${s.metrics.tbtMs} | ${s.metrics.cls} | ${s.scripts.count} files, ${kb(s.scripts.transferBytes)} / ${kb(s.scripts.resourceBytes)} | ${load} |`,
    ),
    '',
    'Every run of the pages measured more than once (Lighthouse mainthread-work-breakdown under its simulated slowdown: script = evaluation + parse/compile, style = style & layout, paint = rendering):',
    '',
    '| page | form factor | run | perf | TBT ms | main thread ms | script | style | paint | parse HTML | other | DOM elements | JS (wire / decoded) | load |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...r.lighthouse
      .filter((row) => row.summary.runs > 1)
      .flatMap(({ name, formFactor, summary }) =>
        summary.perRun.map((run, i) => {
          const c = run.mainThreadByCategory;
          const ms = (...groups: string[]) => groups.reduce((sum, g) => sum + (c[g] ?? 0), 0);
          return `| ${name} | ${formFactor} | ${i + 1} | ${run.performance} | ${run.tbtMs} | ${run.mainThreadMs} | ${ms('scriptEvaluation', 'scriptParseCompile')} | ${ms('styleLayout')} | ${ms('paintCompositeRender')} | ${ms('parseHTML')} | ${ms('other', 'garbageCollection')} | ${run.domElements} | ${kb(run.jsTransferBytes)} / ${kb(run.jsResourceBytes)} | ${run.load} |`;
        }),
      ),
    '',
  ];
  for (const { name, formFactor, summary: s, report } of r.lighthouse) {
    const label = `${name} (${formFactor})`;
    if (s.foreignRequests.length) md.push(`- ${label}: **requests left the origin**: ${s.foreignRequests.join(', ')}`);
    if (s.failing.length) md.push(`- ${label}: audits under 0.9: ${s.failing.map((f) => `${f.id} (${f.score}${f.displayValue ? `, ${f.displayValue}` : ''})`).join('; ')}`);
    if (s.warnings.length) md.push(`- ${label}: Lighthouse warnings: ${s.warnings.join(' | ')}`);
    md.push(`- ${label}: median report ${report}`);
  }
  md.push(
    '',
    `Scores are the median run (Lighthouse computeMedianRun); \`/\` and the baseline ${r.lighthouse.find((x) => x.name === '/')?.summary.runs ?? 0} runs per form factor, the other pages ${Number(process.env.BENCH_LANDING_PAGE_RUNS ?? 1)}. ` +
      'Reports open with https://googlechrome.github.io/lighthouse/viewer/. Simulated throttling (mobile: a mid-range phone, 4× CPU slowdown, slow 4G): timings move with whatever else the machine is running.',
    '',
  );
  return { result: r, markdown: md };
}
