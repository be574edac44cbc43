// The image tools' pages in a real browser against the real server and worker: object removal's
// output format gives a JPEG (docs/api-v1.md, "Output format"); several pictures on the
// background-removal page start a batch of that tool, followed in place to its zip; the dashboard
// lists that batch as one item that opens to its pictures (docs/batches.md, "From a tool's page",
// "On the dashboard"). One page, three loads; axe on each new state.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { gqlOk, signUpPremium, startStack } from '../helpers/server.js';
import { smallPhoto } from '../fixtures/small-photos.js';

const env = serverAndBrowser(() => startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' }));
let account: { token: string; user: { id: string } };
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  account = await signUpPremium(env.server.url, 'Batcher', 'tool-batches');
  // bypassCSP: axe goes in as a script (axeViolations).
  context = await signedInContext(env.browser, account.token, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(() => context?.close());

it('removes an object as a JPEG when JPEG is picked in Advanced', async () => {
  await page.goto(`${env.server.url}/ai/remove-object`);
  await page.getByRole('heading', { name: 'Object Removal' }).waitFor();
  await page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: await smallPhoto('coffee.png', 400, 'png') });
  await page.getByLabel('Describe object to remove').fill('cup');
  await page.getByText('Advanced').click();
  const format = page.getByRole('group', { name: 'Output format' });
  // None chosen at first: the engine's own format unless the user picks one.
  expect(await format.getByRole('radio', { checked: true }).count()).toBe(0);
  await format.getByText('JPEG', { exact: true }).click();
  await page.getByLabel('Quality').fill('60');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Remove Object' }).click();

  const result = page.getByRole('img', { name: 'The image with the cup removed' });
  await result.waitFor({ timeout: 90_000 });
  const head = await result.evaluate(async (img: HTMLImageElement) => {
    const res = await fetch(img.src);
    return { type: res.headers.get('content-type'), bytes: [...new Uint8Array(await res.arrayBuffer()).slice(0, 3)] };
  });
  expect(head).toEqual({ type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] });
}, 150_000);

it('runs several pictures on the background-removal page as a batch, followed in place to its zip', async () => {
  await page.goto(`${env.server.url}/ai/remove-background`);
  await page.getByRole('heading', { name: 'Background Removal' }).waitFor();
  await page.locator('input[type=file]').setInputFiles([
    { name: 'apple.jpg', mimeType: 'image/jpeg', buffer: await smallPhoto('apple.jpg', 256, 'jpeg') },
    { name: 'chelsea.jpg', mimeType: 'image/jpeg', buffer: await smallPhoto('chelsea.png', 256, 'jpeg') },
  ]);
  await page.getByRole('status').filter({ hasText: '2 pictures: a batch using 2 runs.' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Remove Background' }).click();

  // The batch's polite summary, then each picture's result, on this page.
  const status = page.getByRole('status').filter({ hasText: /of 2 done/ });
  await status.filter({ hasText: 'Finished.' }).waitFor({ timeout: 120_000 });
  expect(await status.textContent()).toBe('2 of 2 done. Finished.');
  await page.getByRole('img', { name: 'Result for apple.jpg' }).waitFor();
  await page.getByRole('img', { name: 'Result for chelsea.jpg' }).waitFor();
  const batches = await gqlOk<{ myBatches: { kind: string; steps: { options: string }[] }[] }>(env.server.url, '{ myBatches { kind steps { options } } }', {}, account.token);
  expect(batches.myBatches).toHaveLength(1);
  expect(batches.myBatches[0]!.kind).toBe('background-removal');
  expect(JSON.parse(batches.myBatches[0]!.steps[0]!.options)).toMatchObject({ background: 'TRANSPARENT', format: 'PNG' });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download zip' }).click();
  const zip = await readFile((await (await download).path())!);
  expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(zip.includes('01-apple.png')).toBe(true);
  expect(zip.includes('02-chelsea.png')).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
}, 180_000);

it('shows the batch on the dashboard as one item that opens to its pictures', async () => {
  await page.goto(`${env.server.url}/ai`);
  const history = page.getByRole('region', { name: 'Recent Creations' }).getByRole('list').first();
  const batchItem = history.locator(':scope > li', { hasText: 'Batch: Remove background' });
  await batchItem.waitFor();
  // The object removal and the batch: the batch's two pictures are not listed apart from it.
  expect(await history.locator(':scope > li').count()).toBe(2);
  expect(await batchItem.textContent()).toContain('2 pictures · 2 done');
  const toggle = batchItem.getByRole('button', { name: /Batch: Remove background/ });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await batchItem.getByRole('img', { name: 'Result for apple.jpg' }).waitFor();
  await batchItem.getByRole('img', { name: 'Result for chelsea.jpg' }).waitFor();
  expect(await batchItem.getByRole('link', { name: 'Open in Batches' }).getAttribute('href')).toMatch(/^\/ai\/batches\?batch=/);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
}, 60_000);
