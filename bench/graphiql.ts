// GraphiQL: how long /graphql takes to become usable, served by the real app server from the
// built client, in headless Chromium. Usable = a character typed into the query editor shows
// in its DOM: the time is taken in the page (performance.now(), from navigation start) on the
// first animation frame that shows it. Each run is cold: a fresh browser context (no HTTP cache,
// no code cache); the server is warm (its compressed copies of the assets are made before).
// Also: the page's main-thread CPU time until usable (from a trace: the work, which a busy machine
// delays but does not change), the JavaScript fetched before usable and in all (wire / decoded
// bytes), and the largest scripts.
// Target: median ≤ 2 s on a quiet machine. BENCH_GRAPHIQL_RUNS changes the runs (default 7);
// BENCH_GRAPHIQL_COMPARE=<dist>[,<dist>…] measures other client builds too (e.g. main's, built
// with CLIENT_DIST=<dist>), taking turns with this one.
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type Request } from 'playwright-core';
import { loadConfig } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
import { startServer } from '../server/app.js';
import { CLIENT_DIST, isClientBuilt } from '../server/http/client.js';
import { CHROMIUM } from './lighthouse.js';
import { spawnApiProcess } from '../tests/helpers/server.js';
import type { BenchSection } from './stats.js';

export const GRAPHIQL_USABLE_TARGET_MS = 2000;
const MARKER = 'zq';

interface Script {
  url: string;
  /** Bytes on the wire (compressed body). */
  wireBytes: number;
  decodedBytes: number;
  /** Whether it had arrived when the editor became usable. */
  beforeUsable: boolean;
}

export interface GraphiQLRun {
  usableMs: number;
  /** The editor's DOM (.monaco-editor) first seen, from navigation start. */
  editorMs: number;
  /**
   * CPU time of the page's main thread from navigation start to usable (its tasks' thread time,
   * from a trace): the work the page does before it takes typing, which other load on the
   * machine delays but does not add to.
   */
  mainThreadCpuMs: number;
  scripts: Script[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** The page's main-thread CPU (thread time of its top-level tasks) from navigation start to `usableMs` after it. */
function mainThreadCpu(trace: Buffer, usableMs: number): number {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The renderer's main thread is where the page's navigation starts.
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.includes('/graphql'));
  if (!nav) return NaN;
  const end = nav.ts + usableMs * 1000;
  // Its top-level tasks (named RunTask in older Chromium); thread time, not wall time.
  const task = events.some((e) => e.name === 'ThreadControllerImpl::RunTask') ? 'ThreadControllerImpl::RunTask' : 'RunTask';
  const cpu = events.filter((e) => e.name === task && e.pid === nav.pid && e.tid === nav.tid && e.ts >= nav.ts && e.ts < end).reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  return Math.round(cpu / 1000);
}

async function oneRun(browser: Browser, url: string): Promise<GraphiQLRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const pending: Promise<(Omit<Script, 'beforeUsable'> & { endedAt: number }) | null>[] = [];
  // The context's requests include the workers' scripts.
  const onFinished = (req: Request) => {
    if (req.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(req.url())) return;
    pending.push(
      (async () => {
        const res = await req.response();
        const body = await res?.body().catch(() => null);
        if (!res || !body) return null;
        const timing = req.timing();
        const length = Number(await res.headerValue('content-length'));
        const sizes = await req.sizes().catch(() => null);
        const wireBytes = length > 0 ? length : sizes?.responseBodySize || body.length;
        return { url: new URL(req.url()).pathname, wireBytes, decodedBytes: body.length, endedAt: timing.startTime + timing.responseEnd };
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  let tracing = false;
  try {
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', 'devtools.timeline'] });
    tracing = true;
    await page.goto(url, { waitUntil: 'commit' });
    const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
    await editor.waitFor({ timeout: 60_000 });
    const editorMs = await page.evaluate(() => performance.now());
    // Type as a person would; keystrokes sent before Monaco listens are lost, so try again until one shows.
    let usableMs = NaN;
    for (let attempt = 0; attempt < 200 && Number.isNaN(usableMs); attempt++) {
      await editor.click({ position: { x: 200, y: 20 } });
      await page.keyboard.type(MARKER);
      const shown = await page
        .waitForFunction((marker) => (document.querySelector('.graphiql-query-editor .view-lines')?.textContent ?? '').includes(marker) && performance.now(), MARKER, {
          polling: 'raf',
          timeout: 100,
        })
        .catch(() => null);
      if (shown) usableMs = (await shown.jsonValue()) as number;
    }
    if (Number.isNaN(usableMs)) throw new Error('GraphiQL never showed the typed text');
    tracing = false;
    const mainThreadCpuMs = mainThreadCpu(await browser.stopTracing(), usableMs);
    const usableAt = (await page.evaluate(() => performance.timeOrigin)) + usableMs;
    // Let the rest (workers, deferred chunks) arrive before counting the total.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(1000);
    const scripts = (await Promise.all(pending)).filter((s) => s !== null).map(({ endedAt, ...s }) => ({ ...s, beforeUsable: endedAt <= usableAt }));
    return { usableMs: Math.round(usableMs), editorMs: Math.round(editorMs), mainThreadCpuMs, scripts };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => undefined);
    context.off('requestfinished', onFinished);
    await context.close();
  }
}

export interface GraphiQLBuildResult {
  /** The build measured: `CLIENT_DIST` ("this build") or BENCH_GRAPHIQL_COMPARE's. */
  build: string;
  runs: GraphiQLRun[];
  medianUsableMs: number;
  medianEditorMs: number;
  medianMainThreadCpuMs: number;
  /** Scripts of the median run. */
  beforeUsable: { files: number; wireBytes: number; decodedBytes: number };
  total: { files: number; wireBytes: number; decodedBytes: number };
  largest: Script[];
}

function summarizeBuild(build: string, runs: GraphiQLRun[]): GraphiQLBuildResult {
  const mid = [...runs].sort((a, b) => a.usableMs - b.usableMs)[Math.floor(runs.length / 2)]!;
  const sum = (xs: Script[]) => ({ files: xs.length, wireBytes: xs.reduce((s, x) => s + x.wireBytes, 0), decodedBytes: xs.reduce((s, x) => s + x.decodedBytes, 0) });
  return {
    build,
    runs,
    medianUsableMs: median(runs.map((r) => r.usableMs)),
    medianEditorMs: median(runs.map((r) => r.editorMs)),
    // A run whose trace lacked the navigation (NaN) is left out rather than making the median NaN.
    medianMainThreadCpuMs: median(runs.map((r) => r.mainThreadCpuMs).filter(Number.isFinite)),
    beforeUsable: sum(mid.scripts.filter((s) => s.beforeUsable)),
    total: sum(mid.scripts),
    largest: [...mid.scripts].sort((a, b) => b.decodedBytes - a.decodedBytes).slice(0, 6),
  };
}

export interface GraphiQLResult {
  builds: GraphiQLBuildResult[];
  /** The 1-minute load average before each run, median (other work on the machine skews timings). */
  load: number;
  /** The browser that made the figures ("Chromium 156.0.8078.108"). */
  browser: string;
}

/**
 * `runs` cold runs of each build, taking turns (so a busy moment on the machine falls on
 * both alike): this build (`CLIENT_DIST`) served by the bench's own server, and each of
 * `compare` (other client builds, e.g. main's) served by an API process of its own.
 */
export async function graphiqlBench(runs: number, compare: string[] = []): Promise<GraphiQLResult> {
  if (!isClientBuilt()) throw new Error(`bench graphiql: ${CLIENT_DIST} is missing; run "npm run build:client" first (the bench measures the build, it does not make one).`);
  for (const dir of compare) if (!isClientBuilt(dir)) throw new Error(`bench graphiql: no client build in ${dir}`);
  const step = (m: string) => process.stderr.write(`[bench:graphiql] ${m}\n`);
  const env = {
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_bench',
    REDIS_PREFIX: `atelier-bench-graphiql-${Date.now()}`,
    LOG_LEVEL: 'error',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    GRAPHQL_INTROSPECTION: 'true',
  };
  const config = loadConfig({ ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' });
  const { applyMigrations } = await import('../server/shared/db/migrations.js');
  await applyMigrations(config.DATABASE_URL);
  const app = await startServer(config, createLogger('error', 'bench-graphiql'));
  const others = await Promise.all(compare.map((dir) => spawnApiProcess({ ...env, CLIENT_DIST: dir })));
  const targets = [{ build: 'this build', url: new URL('/graphql', app.url).href }, ...compare.map((dir, i) => ({ build: dir, url: new URL('/graphql', others[i]!.url).href }))];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  // Said with every figure: a time is for one browser version.
  const version = browser.version();
  const results = targets.map(() => [] as GraphiQLRun[]);
  const loads: number[] = [];
  try {
    // A deployed server is warm: one run first compresses every asset the page loads (not counted).
    step('warm-up runs');
    for (const t of targets) await oneRun(browser, t.url);
    for (let i = 0; i < runs; i++) {
      for (const [k, t] of targets.entries()) {
        loads.push(loadavg()[0]!);
        const r = await oneRun(browser, t.url);
        step(`${t.build}, run ${i + 1}/${runs}: usable ${r.usableMs} ms (editor shown ${r.editorMs} ms)`);
        results[k]!.push(r);
      }
    }
  } finally {
    await browser.close();
    await Promise.all(others.map((o) => o.stop()));
    await app.close();
  }
  return { builds: targets.map((t, k) => summarizeBuild(t.build, results[k]!)), load: Math.round(median(loads) * 100) / 100, browser: `Chromium ${version}` };
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

export async function graphiqlSection(): Promise<BenchSection> {
  const compare = (process.env.BENCH_GRAPHIQL_COMPARE ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  const r = await graphiqlBench(Number(process.env.BENCH_GRAPHIQL_RUNS ?? 7), compare);
  const md = [
    '### GraphiQL: time to a usable query editor (cold, headless Chromium, desktop)',
    '',
    `Usable = a character typed into the query editor shows in it, timed from navigation start; each run in a fresh browser context (no cache). ` +
      `Target: median ≤ ${GRAPHIQL_USABLE_TARGET_MS} ms. ${r.browser}; load average ${r.load} on ${cpus().length} CPUs${compare.length ? ' (the builds took turns)' : ''}.`,
    '',
    '| build | median usable | each run (ms) | editor drawn (median) | main-thread CPU to usable (median) | JS before usable (wire / decoded) | JS in all (wire / decoded) |',
    '|---|---:|---|---:|---:|---|---|',
    ...r.builds.map(
      (b) =>
        `| ${b.build} | **${b.medianUsableMs} ms** ${b.medianUsableMs <= GRAPHIQL_USABLE_TARGET_MS ? '' : '(over)'} | ${b.runs.map((x) => x.usableMs).join(', ')} | ${b.medianEditorMs} ms | ${b.medianMainThreadCpuMs} ms | ` +
        `${b.beforeUsable.files} files, ${kb(b.beforeUsable.wireBytes)} / ${kb(b.beforeUsable.decodedBytes)} | ${b.total.files} files, ${kb(b.total.wireBytes)} / ${kb(b.total.decodedBytes)} |`,
    ),
    '',
  ];
  for (const b of r.builds) {
    md.push(
      `Largest scripts, ${b.build} (median run): ` +
        b.largest.map((s) => `${s.url.replace(/^\/assets\//, '')} ${kb(s.wireBytes)} / ${kb(s.decodedBytes)}${s.beforeUsable ? '' : ' (after usable)'}`).join('; ') +
        '.',
      '',
    );
  }
  return { result: r, markdown: md };
}
