// Placeholders that say so (docs/engines.md, "Placeholder pictures") and the picture as it forms
// ("Advanced image options", Previews), in a real browser: with no image engine (the tests'
// default), a generated picture carries "Placeholder — no image model connected" in the tool's
// result, on the dashboard and in the community gallery; previews an engine sends are each put on
// the page, however fast they come.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitJobEvent } from '../../server/shared/jobs/job.events.js';
import { createRedis } from '../../server/shared/platform/redis.js';
import { launchBrowser, signedInContext } from '../helpers/browser.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

const BADGE = 'Placeholder — no image model connected';
// A 1×1 JPEG, as an engine's preview would come (a small data URL).
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function premiumPage(url: string, name: string): Promise<Page> {
  const { token } = await signUp(url, name, name.toLowerCase());
  await gqlOk(url, 'mutation { startTrial { plan } }', {}, token);
  const context = await signedInContext(browser, token);
  return context.newPage();
}

async function generate(page: Page, description: string, publish: boolean): Promise<string> {
  await page.getByLabel('Describe your image').fill(description);
  if (publish) await page.getByRole('switch', { name: 'Make this image public' }).click();
  const started = page.waitForResponse(async (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('generateImage'));
  await page.getByRole('button', { name: 'Generate Image' }).click();
  const body = (await (await started).json()) as { data: { generateImage: { id: string } } };
  return body.data.generateImage.id;
}

describe('placeholder badges', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack?.close());

  it('marks a drawn picture in the result, on the dashboard and in the gallery, and says no model is connected', async () => {
    const page = await premiumPage(stack.url, 'Badger');
    await page.goto(`${stack.url}/ai/generate-images`);
    const note = page.getByRole('note').filter({ hasText: 'No image model connected' });
    await note.waitFor();
    expect(await note.textContent()).toContain('ComfyUI, AUTOMATIC1111/Forge or an OpenAI-compatible server');
    expect(await page.getByRole('radio', { name: 'Realistic (drawn)' }).count()).toBe(1);

    await generate(page, 'A lighthouse on a cliff at dusk', true);
    const result = page.getByRole('region', { name: 'Generated Image' });
    await result.getByRole('img', { name: 'A lighthouse on a cliff at dusk' }).waitFor({ timeout: 60_000 });
    const badge = result.getByText(BADGE);
    expect(await badge.isVisible()).toBe(true);
    // The toast says what was made, not "Image generated successfully!".
    await page.getByText('Placeholder created — connect an image engine', { exact: true }).waitFor();
    expect(await page.getByText('Image generated successfully!').count()).toBe(0);
    // Over the picture: inside its frame.
    const [picture, label] = [await result.getByRole('img', { name: 'A lighthouse on a cliff at dusk' }).boundingBox(), await badge.boundingBox()];
    expect(label!.x).toBeGreaterThanOrEqual(picture!.x);
    expect(label!.y).toBeGreaterThanOrEqual(picture!.y);
    expect(label!.y + label!.height).toBeLessThanOrEqual(picture!.y + picture!.height);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    const item = page.getByRole('button', { name: /A lighthouse on a cliff at dusk/ });
    await item.waitFor();
    expect(await item.getByText('Placeholder').isVisible()).toBe(true);
    await item.click();
    expect(await page.getByText(BADGE).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Community' }).click();
    await page.locator('[data-creation-id]').first().waitFor();
    const card = page.getByRole('button', { name: new RegExp(`View creation by Badger \\(${BADGE}\\): .*A lighthouse`) });
    await card.waitFor();
    // Over the card's picture (its words are in the card button's name).
    expect(await page.getByRole('listitem').filter({ has: card }).getByText(BADGE).isVisible()).toBe(true);
    await card.click();
    expect(await page.getByRole('dialog').getByText(BADGE).isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);

  it('shows every picture of a request for several in a grid, each marked and downloadable', async () => {
    const page = await premiumPage(stack.url, 'Several');
    await page.goto(`${stack.url}/ai/generate-images`);
    await page.getByText('Advanced').click();
    await page.getByRole('group', { name: 'Number of images' }).getByRole('radio', { name: '3' }).check({ force: true });
    await generate(page, 'Three kites over a beach', false);
    const grid = page.getByRole('list', { name: '3 pictures' });
    await grid.waitFor({ timeout: 60_000 });
    expect(await grid.getByRole('img', { name: /Three kites over a beach \(\d of 3\)/ }).count()).toBe(3);
    expect(await grid.getByText(BADGE).count()).toBe(3);
    expect(await grid.getByRole('button', { name: /^Download picture \d of 3$/ }).count()).toBe(3);
    expect(await grid.getByRole('button', { name: 'Download picture 2 of 3' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Generated Images' }).isVisible()).toBe(true);
    await page.context().close();
  }, 90_000);

  it('marks template text with a Template badge on the dashboard', async () => {
    const page = await premiumPage(stack.url, 'Templated');
    await page.goto(`${stack.url}/ai/write-article`);
    await page.getByRole('note').filter({ hasText: 'No text model connected' }).waitFor();
    expect(await page.getByText('Advanced').count()).toBe(0);
    await page.getByLabel('Article topic').fill('Tide pools');
    await page.getByRole('button', { name: 'Generate article' }).click();
    await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('region', { name: 'Generated article' }).locator('[data-template-badge]').isVisible()).toBe(true);
    // The text says itself, at its top, that no model wrote it.
    expect(await page.getByRole('region', { name: 'Generated article' }).getByText('Template, not AI writing.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page
      .getByRole('button', { name: /Tide pools/ })
      .locator('[data-template-badge]')
      .waitFor();
    await page.context().close();
  }, 90_000);
});

describe('the picture as it forms', () => {
  it('puts every preview on the page as it comes, then the picture', async () => {
    // No workers yet: the previews are sent as an engine would, then a worker makes the picture.
    const stack = await startStack({}, { workersLater: true });
    const redis = createRedis(stack.config, 'test-previews');
    try {
      const page = await premiumPage(stack.url, 'Preview');
      await page.goto(`${stack.url}/ai/generate-images`);
      await page.evaluate(() => {
        const w = window as unknown as { most: number };
        w.most = 0;
        new MutationObserver(() => {
          const n = Number(document.querySelector('[data-preview]')?.getAttribute('data-preview-count') ?? 0);
          w.most = Math.max(w.most, n);
        }).observe(document.body, { subtree: true, attributes: true, childList: true });
      });
      const jobId = await generate(page, 'A fox in the snow', false);
      await page.locator('[data-preview-skeleton]').waitFor();
      // Five previews at once: each still reaches the page.
      for (let i = 1; i <= 5; i++) {
        const event = { jobId, phase: 'PROCESSING' as const, percent: 10 * i, delta: '', offset: 0, message: null, creationId: null, preview: `${JPEG}#${i}` };
        await emitJobEvent(redis, stack.config.REDIS_PREFIX, event, { onlyWhileLive: true });
      }
      await page.waitForFunction(() => (window as unknown as { most: number }).most >= 5, null, { timeout: 10_000 });
      expect(await page.getByRole('img', { name: 'The picture as it forms' }).getAttribute('src')).toBe(`${JPEG}#5`);
      expect(await page.getByText('The picture as it forms · 50%').getAttribute('aria-live')).toBe('polite');

      await stack.startWorkers();
      await page.getByRole('region', { name: 'Generated Image' }).getByRole('img', { name: 'A fox in the snow' }).waitFor({ timeout: 60_000 });
      expect(await page.locator('[data-preview]').count()).toBe(0);
      await page.context().close();
    } finally {
      redis.disconnect();
      await stack.close();
    }
  }, 120_000);
});
