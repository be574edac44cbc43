// Lighthouse 12 driven programmatically against Debian's Chromium: median of N runs of one
// URL, reduced to the four category scores, the Core Web Vitals Lighthouse simulates, the
// JavaScript the page really downloaded, and the audits that cost points.
import { loadavg } from 'node:os';
import type { Flags, Result } from 'lighthouse';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Headless, and nothing that phones home: the page under test is the only traffic.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export type FormFactor = 'desktop' | 'mobile';

/** One Lighthouse run, as the landing bench records it (the median alone hides the spread). */
export interface LighthouseRun {
  performance: number;
  tbtMs: number;
  /** Main-thread work (Lighthouse's mainthread-work-breakdown, simulated slowdown included), in all and by category. */
  mainThreadMs: number;
  mainThreadByCategory: Record<string, number>;
  domElements: number;
  /** Scripts fetched: bytes on the wire and decoded. */
  jsTransferBytes: number;
  jsResourceBytes: number;
  /** The machine's 1-minute load average when the run ended (other work skews timings). */
  load: number;
}

export interface LighthouseSummary {
  url: string;
  formFactor: FormFactor;
  /** The browser that made the figures ("Chromium 156.0.8078.108"): a score says which browser it is for. */
  browser: string;
  runs: number;
  /** 0–100 per category, from the median run. */
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Every run, in order (the spread of their scores shows the machine's noise). */
  perRun: LighthouseRun[];
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  /** Scripts the page fetched during the load (lazy chunks included), bytes on the wire and decoded. */
  scripts: { count: number; transferBytes: number; resourceBytes: number };
  /** Requests to any host other than the page's own: must stay 0 (no CDN, no network). */
  foreignRequests: string[];
  /** Audits that scored under 0.9 in any category, worst first. */
  failing: { id: string; score: number; title: string; displayValue?: string }[];
  /** Lighthouse's own warnings (e.g. a page that never settled). */
  warnings: string[];
}

export interface LighthouseBrowser {
  run(url: string, formFactor: FormFactor, runs: number): Promise<{ summary: LighthouseSummary; median: Result }>;
  close(): Promise<void>;
}

const pct = (score: number | null | undefined) => Math.round((score ?? 0) * 100);
const num = (lhr: Result, id: string) => Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000;

type RequestItem = { url: string; resourceType?: string; transferSize?: number; resourceSize?: number };
const requestsOf = (lhr: Result) => (lhr.audits['network-requests']?.details as { items?: RequestItem[] } | undefined)?.items ?? [];
const scriptsOf = (lhr: Result) => requestsOf(lhr).filter((r) => r.resourceType === 'Script');
const total = (items: RequestItem[], key: 'transferSize' | 'resourceSize') => items.reduce((s, r) => s + (r[key] ?? 0), 0);

function runRecord(lhr: Result, load: number): LighthouseRun {
  const breakdown = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
  const scripts = scriptsOf(lhr);
  return {
    performance: pct(lhr.categories.performance?.score),
    tbtMs: Math.round(num(lhr, 'total-blocking-time')),
    mainThreadMs: Math.round(num(lhr, 'mainthread-work-breakdown')),
    mainThreadByCategory: Object.fromEntries(breakdown.map((b) => [b.group, Math.round(b.duration)])),
    domElements: Math.round(num(lhr, 'dom-size')),
    jsTransferBytes: total(scripts, 'transferSize'),
    jsResourceBytes: total(scripts, 'resourceSize'),
    load,
  };
}

/**
 * "Chromium 156.0.8078.108", as the browser's DevTools endpoint names itself ("HeadlessChrome/…").
 * Not the report's user agent: Chromium reduces the version there to 156.0.0.0.
 */
async function browserVersion(port: number): Promise<string> {
  const { Browser } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  const version = /Chrome\/([\d.]+)/.exec(Browser)?.[1];
  return version ? `Chromium ${version}` : Browser;
}

function summarize(url: string, formFactor: FormFactor, browser: string, median: Result, all: Result[], loads: number[]): LighthouseSummary {
  const origin = new URL(url).origin;
  const requests = requestsOf(median);
  const scripts = scriptsOf(median);
  const failing = new Map<string, LighthouseSummary['failing'][number]>();
  for (const category of Object.values(median.categories)) {
    for (const ref of category.auditRefs) {
      const audit = median.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'notApplicable') continue;
      failing.set(audit.id, { id: audit.id, score: audit.score, title: audit.title, ...(audit.displayValue ? { displayValue: audit.displayValue } : {}) });
    }
  }
  return {
    url,
    formFactor,
    browser,
    runs: all.length,
    scores: {
      performance: pct(median.categories.performance?.score),
      accessibility: pct(median.categories.accessibility?.score),
      bestPractices: pct(median.categories['best-practices']?.score),
      seo: pct(median.categories.seo?.score),
    },
    perRun: all.map((r, i) => runRecord(r, loads[i]!)),
    metrics: {
      fcpMs: Math.round(num(median, 'first-contentful-paint')),
      lcpMs: Math.round(num(median, 'largest-contentful-paint')),
      tbtMs: Math.round(num(median, 'total-blocking-time')),
      cls: num(median, 'cumulative-layout-shift'),
      speedIndexMs: Math.round(num(median, 'speed-index')),
    },
    scripts: { count: scripts.length, transferBytes: total(scripts, 'transferSize'), resourceBytes: total(scripts, 'resourceSize') },
    foreignRequests: requests.map((r) => r.url).filter((u) => /^(https?|wss?):/.test(u) && new URL(u).origin !== origin),
    failing: [...failing.values()].sort((a, b) => a.score - b.score),
    warnings: median.runWarnings,
  };
}

/** One headless Chromium for every run; each Lighthouse run resets storage and caches itself. */
export async function launchLighthouse(): Promise<LighthouseBrowser> {
  // Both are ESM-only; the bench runs them only when this section is chosen.
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const browser = await browserVersion(chrome.port);
  return {
    async run(url, formFactor, runs) {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableFullPageScreenshot: true,
      };
      const all: Result[] = [];
      const loads: number[] = [];
      // A trace now and then lacks its navigation start (NO_NAVSTART) on a busy machine; such a
      // run measured nothing, so it is repeated, a few times at most.
      let retries = 3;
      while (all.length < runs) {
        const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const error = result.lhr.runtimeError;
        if (error && error.code === 'NO_NAVSTART' && retries-- > 0) continue;
        if (error) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
        all.push(result.lhr);
        loads.push(Math.round(loadavg()[0]! * 100) / 100);
      }
      const median = computeMedianRun(all);
      return { summary: summarize(url, formFactor, browser, median, all, loads), median };
    },
    async close() {
      chrome.kill();
    },
  };
}
