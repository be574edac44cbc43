// The public top navigation against real scrolling in Chromium: solid once past 10 px,
// hidden while scrolling down past 100 px, back on the way up, and right from the start
// when the page is already scrolled as the navigation mounts (its first read of the
// scroll position waits for the first paint, so it never forces a layout in React's commit).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const t = serverAndBrowser(() => startTestServer());

const header = (page: Page) => page.locator('header:has(nav[aria-label="Main"])');
async function state(page: Page) {
  const cls = (await header(page).getAttribute('class')) ?? '';
  return { hidden: cls.includes('-translate-y-full'), solid: cls.includes('bg-white/75') };
}
async function waitForState(page: Page, want: { hidden: boolean; solid: boolean }) {
  await page.waitForFunction(
    ({ hidden, solid }) => {
      const cls = document.querySelector('header:has(nav[aria-label="Main"])')?.className ?? '';
      return cls.includes('-translate-y-full') === hidden && cls.includes('bg-white/75') === solid;
    },
    want,
    { timeout: 5_000 },
  );
  expect(await state(page)).toEqual(want);
}

describe('top navigation and scrolling', () => {
  it('turns solid past 10 px, hides scrolling down past 100 px and returns scrolling up', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${t.server.url}/`);
    await page.getByRole('heading', { name: /Transform your workflow/ }).waitFor();
    await waitForState(page, { hidden: false, solid: false });
    await page.evaluate(() => window.scrollTo(0, 40));
    await waitForState(page, { hidden: false, solid: true });
    await page.evaluate(() => window.scrollTo(0, 600));
    await waitForState(page, { hidden: true, solid: true });
    await page.evaluate(() => window.scrollTo(0, 300));
    await waitForState(page, { hidden: false, solid: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await waitForState(page, { hidden: false, solid: false });
    await page.close();
  });

  it('reads the scroll position when it mounts on a page that is already scrolled', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${t.server.url}/ai`);
    await page.getByRole('heading', { name: 'Sign in to Atelier' }).waitFor();
    // /ai has its own layout; the public navigation mounts when the app routes back to /.
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 500);
    });
    expect(await header(page).count()).toBe(0);
    await page.evaluate(() => {
      history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: /Transform your workflow/ }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // As if it had just scrolled down there: solid, and tucked away until the reader scrolls up.
    await waitForState(page, { hidden: true, solid: true });
    await page.close();
  });
});
