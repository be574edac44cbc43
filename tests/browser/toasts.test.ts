// One toast per tool (issue 17, item 2): an old error must not sit beside a new success.
// Walkthrough: a Word file is refused ("Please select a PDF file"), then a PDF is reviewed:
// only "Resume analyzed successfully!" is on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { makePdf, SAMPLE_RESUME } from '../helpers/pdf.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let browser: Browser;
beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('tool toasts', () => {
  it('replaces a refused file’s error with the next attempt’s success', async () => {
    const account = await signUp(stack.url, 'Toast', 'toasts');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, account.token); // Resume Review is Premium
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('atelier.token', t), account.token);
    const page = await context.newPage();
    await page.goto(`${stack.url}/ai/review-resume`);
    await page.getByRole('heading', { name: 'Resume Review' }).waitFor();

    const toasts = page.locator('[data-sonner-toast]');
    await page.locator('input[type=file]').setInputFiles({ name: 'cv.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK\x03\x04 not a pdf') });
    await toasts.filter({ hasText: 'Please select a PDF file' }).waitFor();

    await page.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: makePdf(SAMPLE_RESUME) });
    await page.getByRole('button', { name: 'Analyze Resume' }).click();
    await toasts.filter({ hasText: 'Resume analyzed successfully!' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => toasts.allTextContents()).toEqual(['Resume analyzed successfully!']);
    await context.close();
  });
});
