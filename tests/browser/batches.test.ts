// The batch page in a real browser against the real server and worker (docs/batches.md): pictures
// picked with a recipe of two steps, each picture's progress and a polite status line, a damaged
// picture listed with its reason, the zip downloaded; no accessibility violation.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { axeViolations, serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

const env = serverAndBrowser(() => startStack({ MAX_CONCURRENT_JOBS: '20', TOOL_RATE_PER_MINUTE: '200' }));
let account: { token: string; user: { id: string } };
const PHOTOS = join(import.meta.dirname, '../fixtures/photos');
const small = async (name: string) =>
  sharp(await readFile(join(PHOTOS, name)))
    .resize({ width: 96 })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  account = await signUp(env.server.url, 'Batcher', 'batch-browser');
  await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token);
});

it('runs a batch with a two-step recipe, shows each picture and the failures, and downloads the zip', async () => {
  // bypassCSP: axe goes in as a script (axeViolations).
  const context = await signedInContext(env.browser, account.token, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.server.url}/ai/batches`);
  await page.getByRole('heading', { name: 'Batches', level: 1 }).waitFor();

  await page.getByLabel(/^Pictures/).setInputFiles([
    { name: 'apple.jpg', mimeType: 'image/jpeg', buffer: await small('apple.jpg') },
    { name: 'broken.jpg', mimeType: 'image/jpeg', buffer: (await small('cafe.jpg')).subarray(0, 600) },
    { name: 'astronaut.jpg', mimeType: 'image/jpeg', buffer: await small('astronaut.jpg') },
  ]);
  // Upscale ×2, then a second step upscaling ×2 again, picked with the keyboard-usable selects.
  await page.getByRole('combobox', { name: 'Step 1', exact: true }).selectOption('upscale-image');
  await page.getByRole('button', { name: 'Add a step' }).click();
  await page.getByRole('combobox', { name: 'Step 2', exact: true }).selectOption('upscale-image');
  await page.getByRole('button', { name: 'Start batch' }).click();

  const status = page.getByRole('status').filter({ hasText: /of 3 done/ });
  await status.filter({ hasText: 'Finished.' }).waitFor({ timeout: 90_000 });
  expect(await status.textContent()).toBe('2 of 3 done, 1 failed. Finished.');
  await page.getByText(/broken\.jpg: The image file is damaged/).waitFor();
  expect(await page.getByRole('progressbar').count()).toBe(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download zip' }).click();
  expect((await download).suggestedFilename()).toMatch(/^batch-.*\.zip$/);

  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}, 180_000);
