// Debian's Chromium driven by playwright-core (no downloaded browsers).
import { mkdirSync } from 'node:fs';
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

/** The two viewports issue 17 was found at: desktop 1440×900 and a 390×844 phone. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1440, height: 900 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} satisfies Record<string, BrowserContextOptions>;
