// Streaming you can see (product §2: the article streams in as it is written): on a busy machine
// the article appeared in one jump (349 → 4,629 characters). The page now follows the job from
// before it starts, and renders every piece as it comes: on a CPU slowed four times, the text grows
// in many visible steps from a small start, and ends as the saved creation reads.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInContext } from '../helpers/browser.js';
import { signUp, startStack } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;

beforeAll(async () => {
  // The embedded writer streams a Short article in ~80 pieces, 25 ms apart (~2 s).
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '25' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('article streaming', () => {
  it('shows the article growing frame by frame under 4× CPU throttling, from a small first piece to the saved text', async () => {
    const { token } = await signUp(stack.url, 'Stream', 'stream');
    const context = await signedInContext(browser, token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${stack.url}/ai/write-article`);
    await page.getByLabel('Article topic').fill('The quiet craft of bookbinding');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    // The article's visible length on every animation frame, kept when it changes.
    await page.evaluate(() => {
      const w = window as unknown as { lengths: number[] };
      w.lengths = [];
      const frame = () => {
        const n = document.querySelector('[role=region][aria-label="Article text"]')?.textContent?.length ?? 0;
        if (n > 0 && w.lengths.at(-1) !== n) w.lengths.push(n);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.getByRole('button', { name: 'Generate article' }).click();
    await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 90_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const lengths = await page.evaluate(() => (window as unknown as { lengths: number[] }).lengths);
    const shown = await page.getByRole('region', { name: 'Article text' }).textContent();
    const final = shown!.length;
    console.log(`article streaming: ${lengths.length} visible steps, first ${lengths[0]} of ${final} characters`);

    expect(lengths.length, `visible steps: ${lengths.join(', ')}`).toBeGreaterThanOrEqual(10);
    expect(lengths[0]!, `first visible length of ${final}`).toBeLessThan(final * 0.25);
    expect(lengths.at(-1)).toBe(final);
    for (let i = 1; i < lengths.length - 1; i++) expect(lengths[i]!).toBeGreaterThan(lengths[i - 1]!);

    // The page ends with the saved creation: the dashboard shows the same text.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('button', { name: /The quiet craft of bookbinding/ }).click();
    const saved = page.getByRole('region', { name: 'Article result' });
    expect(await saved.textContent()).toBe(shown);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
