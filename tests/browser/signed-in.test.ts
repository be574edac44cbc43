// The signed-in area in a real browser against the real server and worker: sign up,
// write an article and watch it stream, find it on the dashboard.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.js';
import { gql, startStack, waitFor } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  // ~80 chunks at 30 ms: the article streams for ~2.5 s, so a subscription that a loaded
  // machine sets up slowly still sees most of it arrive piece by piece.
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '30' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

function watch(page: Page) {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
}

describe('signed-in area', () => {
  it('signs up, streams an article, and shows it on the dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    watch(page);

    await page.goto(`${stack.url}/ai`);
    await page.getByRole('heading', { name: 'Sign in to Atelier' }).waitFor();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(`ada-${Date.now()}@example.test`);
    await page.getByLabel('Password').fill('Lovelace-1843');
    await page.getByRole('button', { name: 'Create account' }).click();
    // A brand-new account is welcomed, not welcomed back (it was "Welcome back, Ada!").
    await page.getByText('No creations yet').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Ada!');
    await page.getByText('Pick a tool to make your first creation.').waitFor();
    expect(await page.getByText('Free Plan').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Write Article' }).click();
    const generate = page.getByRole('button', { name: 'Generate article' });
    expect(await generate.isDisabled()).toBe(true);
    await page.getByLabel('Article topic').fill('The quiet craft of bookbinding');
    // Record the text length the page shows every time it changes.
    await page.evaluate(() => {
      const w = window as unknown as { lengths: number[] };
      w.lengths = [];
      new MutationObserver(() => {
        const n = document.querySelector('[role=region][aria-label="Article text"]')?.textContent?.length ?? 0;
        if (w.lengths.at(-1) !== n) w.lengths.push(n);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await generate.click();
    await page.getByRole('progressbar').waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 60_000 });
    const lengths = await page.evaluate(() => (window as unknown as { lengths: number[] }).lengths);
    // Streamed: the text appeared in many growing steps, not all at once.
    expect(new Set(lengths).size).toBeGreaterThan(10);
    expect(lengths.at(-1)!).toBeGreaterThan(2500);
    const region = page.getByRole('region', { name: 'Article text' });
    expect(await region.locator('h1, h2').count()).toBeGreaterThan(2);
    const box = await region.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(501);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    const item = page.getByRole('button', { name: /The quiet craft of bookbinding/ });
    await item.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome back, Ada!');
    await item.click();
    expect(await item.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.markdown h1, .markdown h2').first().waitFor();

    // Signing out ends the session on the server too: the token the page held is refused.
    const token = await page.evaluate(() => localStorage.getItem('atelier.token'));
    expect((await gql(stack.url, '{ me { id } }', {}, token!)).status).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForFunction(() => localStorage.getItem('atelier.token') === null);
    await waitFor(async () => (await gql(stack.url, '{ me { id } }', {}, token!)).status === 401, 5_000, 'the old token to be refused');
    expect(errors).toEqual([]);
    await context.close();
  });
});
