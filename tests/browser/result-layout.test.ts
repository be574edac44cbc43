// Layout of finished results at the two viewports the browser tests check (VIEWPORTS in
// tests/helpers/browser.ts):
// - a finished article or resume review opens at its top (title / score in view), in a
//   500 px scroller on desktop and flowing with the page on a phone (no scroll trap);
// - the landing page's floating "Get help" button never covers the footer;
// - an image expanded on the dashboard stays within the viewport and its card.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keepScreenshot, serverAndBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { makePdf, SAMPLE_RESUME } from '../helpers/pdf.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';

// A short pause between chunks, so the text really streams into the panel before it completes.
const env = serverAndBrowser(() => startStack({ LOCAL_STREAM_DELAY_MS: '10' }));

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** Whether `inner` lies within `outer` (1 px of rounding allowed). */
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.width <= outer.x + outer.width + 1 && inner.y + inner.height <= outer.y + outer.height + 1;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator.toString()}`);
  return b;
}

/** The scroll state of a result region and of the page around it. */
function scrollState(region: Locator) {
  return region.evaluate((el) => ({
    scrollTop: el.scrollTop,
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
    overflowY: getComputedStyle(el).overflowY,
    pageScrolls: document.documentElement.scrollHeight > window.innerHeight,
  }));
}

/**
 * A finished result opens at its top: on desktop the region is a 500 px scroller holding
 * more than it shows, scrolled to 0 with `top` (title or score) in its visible part; on a
 * phone it is not a scroll container at all and the page scrolls instead.
 */
async function expectOpensAtTop(page: Page, region: Locator, top: Locator, desktop: boolean) {
  const state = await scrollState(region);
  if (desktop) {
    expect(state.clientHeight).toBeLessThanOrEqual(500);
    expect(state.scrollHeight).toBeGreaterThan(state.clientHeight); // there is something to scroll
    expect(state.scrollTop).toBe(0);
    const regionBox = await box(region);
    const topBox = await box(top);
    expect(within(topBox, regionBox)).toBe(true);
    expect(topBox.y + topBox.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  } else {
    expect(state.overflowY).toBe('visible');
    expect(state.scrollHeight).toBe(state.clientHeight);
    expect(state.pageScrolls).toBe(true);
    expect((await box(region)).height).toBeGreaterThan(500); // the whole result, uncapped
  }
}

/** Follows a sidebar link, opening the menu first on a phone. */
async function sidebarLink(page: Page, name: string, desktop: boolean) {
  if (!desktop) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name, exact: true }).click();
}

/**
 * A Premium account whose one creation is a finished generated image, made once (through the API)
 * and shown by both viewports' dashboards: opening it there changes nothing the other one sees.
 */
let withImage: Promise<{ token: string }> | undefined;
function accountWithImage(): Promise<{ token: string }> {
  withImage ??= (async () => {
    const account = await signUp(env.server.url, 'Iris', 'layout-img');
    await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token);
    const { generateImage: job } = await gqlOk(
      env.server.url,
      'mutation { generateImage(input: {description: "a lighthouse on a cliff at dusk", style: REALISTIC, publish: false}) { id } }',
      {},
      account.token,
    );
    expect((await followJob(env.server.url, account.token, job.id)).at(-1)!.phase).toBe('COMPLETED');
    return account;
  })();
  return withImage;
}

describe('result layout', () => {
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    const desktop = name === 'desktop';

    it(`opens a finished article and resume review at their top (${name})`, async () => {
      const account = await signUp(env.server.url, 'Layla', `layout-${name}`);
      await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token); // Resume Review is Premium
      const context = await signedInContext(env.browser, account.token, options);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await page.goto(`${env.server.url}/ai/write-article`);
      await page.getByLabel('Article topic').fill('The quiet craft of bookbinding');
      await page.getByRole('button', { name: 'Generate article' }).click();
      await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 60_000 });
      const article = page.getByRole('region', { name: 'Article text' });
      const title = article.locator('h1').first();
      await expectOpensAtTop(page, article, title, desktop);
      await keepScreenshot(page, 'result-article');

      // Shown again after visiting the dashboard (in the app: a full load forgets the job): still from the top.
      await sidebarLink(page, 'Dashboard', desktop);
      await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
      await sidebarLink(page, 'Write Article', desktop);
      await page.getByRole('button', { name: 'Copy' }).waitFor();
      await expectOpensAtTop(page, article, title, desktop);

      await page.goto(`${env.server.url}/ai/review-resume`);
      await page.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: makePdf(SAMPLE_RESUME) });
      await page.getByRole('button', { name: 'Analyze Resume' }).click();
      const feedback = page.getByRole('region', { name: 'Resume feedback' });
      await page.getByText('Resume analyzed successfully!').waitFor({ timeout: 60_000 });
      await expectOpensAtTop(page, feedback, feedback.getByText(/Score: \d+\/100/), desktop);
      await keepScreenshot(page, 'result-resume');

      expect(errors).toEqual([]);
      await context.close();
    });

    it(`keeps the Get help button off the footer (${name})`, async () => {
      const context = await env.browser.newContext(options);
      const page = await context.newPage();
      await page.goto(env.server.url);
      const help = page.getByRole('link', { name: 'Get help' });
      // Before the footer: it floats at the bottom of the viewport, over the content.
      const height = page.viewportSize()!.height;
      const floating = await box(help);
      expect(floating.y + floating.height).toBeGreaterThan(height - 40);
      expect(floating.y + floating.height).toBeLessThanOrEqual(height);

      const copyright = page.getByText(/All rights reserved/);
      await copyright.waitFor({ state: 'attached' });
      await page.getByRole('heading', { name: 'Stay in the loop' }).waitFor(); // the footer is in
      // Scroll to the very bottom, again after the lazy sections settle the page height.
      await expect
        .poll(
          async () =>
            page.evaluate(() => {
              window.scrollTo(0, document.documentElement.scrollHeight);
              return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
            }),
          { timeout: 15_000 },
        )
        .toBe(true);
      await page.waitForTimeout(300);
      const helpBox = await box(help);
      expect(intersects(helpBox, await box(copyright))).toBe(false);
      for (const el of await page.locator('footer').locator('a, button, input').all()) {
        if (await el.isVisible()) expect(intersects(helpBox, await box(el)), await el.evaluate((e) => e.outerHTML.slice(0, 120))).toBe(false);
      }
      expect(await help.isVisible()).toBe(true);
      await keepScreenshot(page, 'landing-bottom');
      await context.close();
    });

    it(`bounds an image expanded on the dashboard (${name})`, async () => {
      const account = await accountWithImage();
      const context = await signedInContext(env.browser, account.token, options);
      const page = await context.newPage();
      await page.goto(`${env.server.url}/ai`);
      const item = page.getByRole('button', { name: /a lighthouse on a cliff at dusk/ });
      await item.click();
      const card = page.locator('li').filter({ has: item });
      const image = card.locator('img');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      await image.scrollIntoViewIfNeeded();
      const imageBox = await box(image);
      const { height } = page.viewportSize()!;
      expect(imageBox.height).toBeGreaterThan(50);
      expect(imageBox.height).toBeLessThanOrEqual(height);
      expect(within(imageBox, await box(card))).toBe(true);
      // The frame hugs the picture: not a card-wide bordered box with the image lost in its middle.
      const natural = await image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
      expect(imageBox.width / imageBox.height).toBeCloseTo(natural, 1);
      await keepScreenshot(page, 'dashboard-image');
      await context.close();
    });
  }
});
