// Debian's Chromium driven by playwright-core (no downloaded browsers).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** A browser context signed in as a built-in account: the app keeps its token in localStorage. */
export async function signedInContext(browser: Browser, token: string, options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } }): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript((t) => localStorage.setItem('atelier.token', t), token);
  return context;
}

/** An API server and a browser for one test file: started before its tests, closed after. */
export function serverAndBrowser<S extends { close(): Promise<unknown> }>(start: () => Promise<S>): { readonly server: S; readonly browser: Browser } {
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}

/** Where browser tests keep their screenshots (git-ignored; CI can collect the folder). */
export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');

/** Saves the page as test-results/screenshots/<name>-<viewport width>.png and returns the path. */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const path = join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? false });
  return path;
}

/** The two viewports the browser tests check: desktop 1440×900 and a 390×844 phone. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} satisfies Record<string, BrowserContextOptions>;

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A violation axe-core reports that was judged a false positive for one element; `why` says why. */
export interface AxeException {
  rule: string;
  /** A CSS selector matching the element(s) the exception covers, and nothing else. */
  selector: string;
  why: string;
}

/**
 * Runs axe-core (a direct devDependency) on the page as it is now and returns one line per
 * violation: rule, impact, what the rule asks for and the elements (selector and markup), so a failed
 * `expect(...).toEqual([])` says what to fix. axe goes in as an injected script, which the
 * site's CSP refuses: make the page's context with `bypassCSP: true`. Finite animations are
 * let finish first (also those a render starts a frame later), so a fade-in is audited as it
 * ends, not half-way.
 * `exceptions` drops one rule's findings on the elements named, nothing else.
 */
export async function axeViolations(page: Page, exceptions: AxeException[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  // A transition can start a frame or two after the render that sets its class (a reveal on
  // scroll): wait frames, then the finite animations, until a pass finds none left running.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let pass = 0; pass < 5; pass++) {
      await frame();
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  return page.evaluate(async (skip) => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; element?: Element }[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    // resultTypes: only violations are wanted, so axe gives the other result types (passes,
    // incomplete, inapplicable) one node each instead of a selector for every node they hold,
    // its slowest step on a big page; every violation still comes with all its nodes.
    // label-content-name-mismatch (WCAG 2.5.3, a control's name holds its visible words) is one
    // of axe's experimental rules, off unless asked for.
    const { violations } = await axe.run(document, { elementRef: true, resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return violations.flatMap((v) => {
      const nodes = v.nodes.filter((n) => !skip.some((e) => e.rule === v.id && n.element?.matches(e.selector)));
      if (nodes.length === 0) return [];
      return [`${v.id} (${v.impact}): ${v.help} — ${nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)}`).join(' | ')}`];
    });
  }, exceptions);
}
