// ComfyUI in a real browser (docs/engines.md, "ComfyUI"): with a server that speaks ComfyUI's wire
// format (HTTP + its WebSocket with binary preview frames), the image tool shows the picture as
// it forms — at least three previews before the final picture — names the engine, offers the
// Advanced options it honours, and Cancel reaches ComfyUI's /interrupt.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext } from '../helpers/browser.js';
import { startComfyUIMock, type ComfyUIMock } from '../helpers/comfyui-mock.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

let browser: Browser;
let comfy: ComfyUIMock;
let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  browser = await launchBrowser();
  comfy = await startComfyUIMock({ steps: 10, stepDelayMs: 250 });
  stack = await startStack({ COMFYUI_URL: comfy.url });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await comfy?.close();
  await browser?.close();
});

async function premiumPage(name: string): Promise<Page> {
  const { token } = await signUp(stack.url, name, name.toLowerCase());
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
  const page = await (await signedInContext(browser, token)).newPage();
  await page.goto(`${stack.url}/ai/generate-images`);
  return page;
}

/** Watches the preview element: the most previews it counted, and how many were shown before the final picture. */
async function watchPreviews(page: Page, description: string): Promise<void> {
  await page.evaluate((alt) => {
    const w = window as unknown as { most: number; atFinal: number | null };
    w.most = 0;
    w.atFinal = null;
    new MutationObserver(() => {
      const n = Number(document.querySelector('[data-preview]')?.getAttribute('data-preview-count') ?? 0);
      w.most = Math.max(w.most, n);
      const final = [...document.querySelectorAll('img')].find((img) => img.alt === alt && !img.hasAttribute('data-preview'));
      if (final && w.atFinal === null) w.atFinal = w.most;
    }).observe(document.body, { subtree: true, attributes: true, childList: true });
  }, description);
}

describe('ComfyUI in the image tool', () => {
  it('shows the picture forming in at least three previews before the final one, from ComfyUI', async () => {
    const page = await premiumPage('Comfy');
    // The engine is named under the form, and its Advanced options are offered.
    await page.getByText('Images by ComfyUI').waitFor();
    expect(await page.getByText('No image model connected').count()).toBe(0);
    await watchPreviews(page, 'A red fox in snow');
    await page.getByLabel('Describe your image').fill('A red fox in snow');
    await page.getByText('Advanced').click();
    await page.getByLabel(/Seed/).fill('4242');
    await page.getByLabel(/Negative prompt/).fill('text, watermark');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    const result = page.getByRole('region', { name: 'Generated Image' });
    await result.getByRole('img', { name: 'A red fox in snow' }).waitFor({ timeout: 60_000 });
    // Previews the page had shown when the final picture appeared.
    const atFinal = await page.evaluate(() => (window as unknown as { atFinal: number | null }).atFinal);
    expect(atFinal).toBeGreaterThanOrEqual(3);
    expect(comfy.previewsSent).toBeGreaterThanOrEqual(3);
    // The engine's own picture, not a placeholder.
    expect(await result.getByText('Placeholder — no image model connected').count()).toBe(0);
    // What the page sent reached ComfyUI's workflow: the description, the seed, the negative prompt.
    const workflow = comfy.prompts.at(-1)!.prompt;
    expect(workflow['6']?.inputs.text).toContain('A red fox in snow');
    expect(workflow['3']?.inputs.seed).toBe(4242);
    expect(workflow['7']?.inputs.text).toContain('text, watermark');
    await page.context().close();
  }, 90_000);

  it('Cancel reaches ComfyUI /interrupt and nothing is saved', async () => {
    const page = await premiumPage('Halt');
    await watchPreviews(page, 'A lighthouse at dusk');
    await page.getByLabel('Describe your image').fill('A lighthouse at dusk');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await page.waitForFunction(() => (window as unknown as { most: number }).most >= 1, null, { timeout: 30_000 });
    const before = comfy.interrupts.length;
    await page.getByRole('button', { name: /Cancel/ }).click();
    await page.getByText('Cancelled. Nothing was saved.').waitFor({ timeout: 30_000 });
    await expect.poll(() => comfy.interrupts.length, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.context().close();
  }, 90_000);
});
