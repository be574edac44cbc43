// Debian's Chromium driven by playwright-core (no downloaded browsers).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
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
