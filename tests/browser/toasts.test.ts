// One toast per tool: an old error must not sit beside a new success.
// Walkthrough: Analyze Resume with no file is refused ("Please select a resume file first"),
// then a PDF is reviewed: only "Resume analyzed successfully!" is on screen. (A Word file is
// refused beside the picker, not by a toast: tests/browser/uploads.test.ts.)
import { describe, expect, it } from 'vitest';
import { serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { makePdf, SAMPLE_RESUME } from '../helpers/pdf.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

const env = serverAndBrowser(() => startStack());

describe('tool toasts', () => {
  it('replaces a refused file’s error with the next attempt’s success', async () => {
    const account = await signUp(env.server.url, 'Toast', 'toasts');
    await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token); // Resume Review is Premium
    const context = await signedInContext(env.browser, account.token);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/ai/review-resume`);
    await page.getByRole('heading', { name: 'Resume Review' }).waitFor();

    const toasts = page.locator('[data-sonner-toast]');
    await page.getByRole('button', { name: 'Analyze Resume' }).click();
    await toasts.filter({ hasText: 'Please select a resume file first' }).waitFor();

    await page.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: makePdf(SAMPLE_RESUME) });
    await page.getByRole('button', { name: 'Analyze Resume' }).click();
    await toasts.filter({ hasText: 'Resume analyzed successfully!' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => toasts.allTextContents()).toEqual(['Resume analyzed successfully!']);
    await context.close();
  });
});
