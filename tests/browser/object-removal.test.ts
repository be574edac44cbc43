// Object removal in a real browser against the real server and worker: a real-sized photo,
// named only (the spec's flow: image + object name, no brush), with a mask brushed with real
// mouse moves (optional help), or brushed with no name (just the brushed area is removed:
// docs/jobs-and-events.md, "Object removal by name or by brush"), and the job followed from its
// upload to the finished image. A name not found fails with a clear message; a slow upload shows
// its progress and can be cancelled.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, serverAndBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

const env = serverAndBrowser(() => startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' }));
let photo: Buffer;
let account: { token: string; user: { id: string } };

beforeAll(async () => {
  // coffee.png (600×400) at 800×533: a photo of about 1 MB.
  photo = await sharp(readFileSync(join(import.meta.dirname, '../fixtures/photos/coffee.png')))
    .resize(800, 533)
    .png()
    .toBuffer();
  account = await signUp(env.server.url, 'Brush', 'brush-browser');
  await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token);
});

async function openTool(options = VIEWPORTS.desktop as Parameters<typeof signedInContext>[2]): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await signedInContext(env.browser, account.token, options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.server.url}/ai/remove-object`);
  await page.getByRole('heading', { name: 'Object Removal' }).waitFor();
  // Every text the job's status line shows, in order.
  await page.evaluate(() => {
    const w = window as unknown as { statuses: string[] };
    w.statuses = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role=status]')) {
        const text = el.textContent?.trim() ?? '';
        if (text && w.statuses.at(-1) !== text) w.statuses.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return { context, page, errors };
}

/** Picks the photo and names the object: all the spec's flow needs. */
async function pickAndName(page: Page, object: string) {
  await page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('img', { name: 'Preview of coffee.png' }).waitFor();
  await page.getByLabel('Describe object to remove').fill(object);
}

/** Picks the photo, turns the optional brush on, brushes over the cup with real mouse moves, and names it (unless `name` is null). */
async function brushTheCup(page: Page, name: string | null = 'cup') {
  await page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('checkbox', { name: 'Brush over the object (optional)' }).check();
  const canvas = page.locator('canvas[aria-label^="Mask canvas over coffee.png"]');
  await canvas.waitFor();
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  const box = (await canvas.boundingBox())!;
  // The cup sits left of centre in coffee.png: a zig-zag over it.
  const at = (fx: number, fy: number) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  await page.mouse.move(...at(0.3, 0.35));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.45, 0.35],
    [0.3, 0.45],
    [0.45, 0.45],
    [0.3, 0.55],
    [0.45, 0.55],
  ] as const) {
    await page.mouse.move(...at(fx, fy), { steps: 8 });
  }
  await page.mouse.up();
  expect(await canvas.getAttribute('aria-label')).toMatch(/1 stroke painted/);
  if (name !== null) await page.getByLabel('Describe object to remove').fill(name);
}

describe('object removal in the browser', () => {
  it('removes the cup from a real photo with the image and the name only: no brush asked for, none sent', async () => {
    const { context, page, errors } = await openTool();
    await pickAndName(page, 'cup');
    // The brush is an optional switch, off: no canvas, nothing to paint before submitting.
    const brush = page.getByRole('checkbox', { name: 'Brush over the object (optional)' });
    expect(await brush.isChecked()).toBe(false);
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await page.getByText('Not needed when you name the object: it is found by its name.', { exact: false }).isVisible()).toBe(true);
    await brush.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'object-removal-name-only');
    const started = Date.now();
    await page.getByRole('button', { name: 'Remove Object' }).click();
    const result = page.getByRole('img', { name: 'The image with the cup removed' });
    await result.waitFor({ timeout: 90_000 });
    await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(800);
    await page.getByText('Object Removed', { exact: true }).waitFor();
    const job = await env.server.server.app.services.db.job.findFirstOrThrow({ where: { userId: account.user.id, kind: 'object-removal' }, orderBy: { createdAt: 'desc' } });
    expect(job).toMatchObject({ phase: 'COMPLETED', percent: 100 });
    expect(job.input).toMatchObject({ object: 'cup', filename: 'coffee.png' });
    // No mask was uploaded: the cup was found by its name.
    expect((job.input as Record<string, unknown>).maskKey).toBeUndefined();
    const creation = await env.server.server.app.services.db.creation.findUniqueOrThrow({ where: { id: job.creationId! } });
    expect(creation.metadata).toMatchObject({ masked: false, object: 'cup' });
    console.log(`name-only object removal: ${Date.now() - started} ms; ${JSON.stringify(creation.metadata)}`);

    // A close look: before/after divider and zoom, by pointer and keyboard.
    const open = page.getByRole('button', { name: 'Compare and zoom' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Compare before and after' });
    await dialog.waitFor();
    const clip = () => dialog.getByRole('img', { name: 'The image with the cup removed' }).evaluate((img) => (img.parentElement!.parentElement as HTMLElement).style.clipPath);
    expect(await clip()).toBe('inset(0px 0px 0px 50%)');
    const stage = (await dialog.getByTestId('compare-stage').boundingBox())!;
    await page.mouse.move(stage.x + stage.width * 0.5, stage.y + stage.height / 2);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width * 0.25, stage.y + stage.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await clip()).toBe('inset(0px 0px 0px 25%)');
    const slider = dialog.getByRole('slider', { name: 'Divider between the original and the processed image' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('26');
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    expect(await dialog.locator('output').textContent()).toBe('200 %');
    await page.keyboard.press('+'); // on the dialog, not the slider
    expect(await dialog.locator('output').textContent()).toBe('400 %');
    await dialog.getByTestId('compare-stage').hover();
    await page.mouse.wheel(0, 100);
    await expect.poll(() => dialog.locator('output').textContent()).toBe('200 %');
    expect(await dialog.getByRole('img', { name: 'The original image' }).evaluate((img) => (img.parentElement as HTMLElement).style.transform)).toMatch(/scale\(2\)/);
    await keepScreenshot(page, 'object-removal-compare');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await open.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('says clearly when nothing of that name is in the photo (error code kept on the job), at phone width', async () => {
    const { context, page, errors } = await openTool(VIEWPORTS.mobile);
    await pickAndName(page, 'giraffe');
    await page.getByRole('button', { name: 'Remove Object' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'giraffe' });
    await alert.waitFor({ timeout: 90_000 });
    expect(await alert.textContent()).toBe('No giraffe was found in this image. Brush over it and try again.');
    await keepScreenshot(page, 'object-removal-not-found');
    const job = await env.server.server.app.services.db.job.findFirstOrThrow({ where: { userId: account.user.id, kind: 'object-removal' }, orderBy: { createdAt: 'desc' } });
    expect(job).toMatchObject({ phase: 'FAILED', errorCode: 'BAD_USER_INPUT', error: 'No giraffe was found in this image. Brush over it and try again.' });
    expect(job.creationId).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('uploads a ≥ 1 MB photo with a brushed mask and follows the job past "Starting" to the finished image', async () => {
    expect(photo.length).toBeGreaterThan(1_000_000);
    const { context, page, errors } = await openTool();
    await brushTheCup(page);
    const started = Date.now();
    await page.getByRole('button', { name: 'Remove Object' }).click();
    const result = page.getByRole('img', { name: 'The image with the cup removed' });
    await result.waitFor({ timeout: 60_000 });
    await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(800);
    expect(await result.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(533);
    await page.getByText('Object Removed', { exact: true }).waitFor();
    const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
    console.log(`browser object removal: ${Date.now() - started} ms; status line: ${JSON.stringify(statuses)}`);
    // It got past starting: the job's own phases were shown before the result.
    expect(statuses.some((s) => /^(Queued|Analyzing|Processing|Finalizing)/.test(s))).toBe(true);
    const job = await env.server.server.app.services.db.job.findFirstOrThrow({ where: { userId: account.user.id, kind: 'object-removal' }, orderBy: { createdAt: 'desc' } });
    expect(job).toMatchObject({ phase: 'COMPLETED', percent: 100 });
    expect(job.input).toMatchObject({ object: 'cup', filename: 'coffee.png' });
    // The brushed mask was sent with the image.
    expect((job.input as Record<string, unknown>).maskKey).toEqual(expect.any(String));
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('removes just the brushed area with no name: the button waits for a stroke, and the result says the brushed area', async () => {
    const { context, page, errors } = await openTool();
    await page.locator('input[type=file]').setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('img', { name: 'Preview of coffee.png' }).waitFor();
    const remove = page.getByRole('button', { name: 'Remove Object' });
    // An image and nothing else: nothing says what to remove. The name's hint says a brush will do.
    expect(await remove.isDisabled()).toBe(true);
    const field = page.getByLabel('Describe object to remove');
    const hint = await field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(hint).toContain('Optional when you brush over what to remove: then just the brushed area is removed.');
    await brushTheCup(page, null);
    expect(await field.inputValue()).toBe('');
    expect(await remove.isEnabled()).toBe(true);
    await keepScreenshot(page, 'object-removal-brush-only');
    await remove.click();
    const result = page.getByRole('img', { name: 'The image with the brushed area removed' });
    await result.waitFor({ timeout: 90_000 });
    await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(800);
    await page.getByText('Object Removed', { exact: true }).waitFor();
    expect(await page.getByText('Object', { exact: true }).evaluate((dt) => dt.nextElementSibling?.textContent)).toBe('The brushed area');
    expect(await page.getByText('Result', { exact: true }).evaluate((dt) => dt.nextElementSibling?.textContent)).toBe('Removed the brushed area');
    const job = await env.server.server.app.services.db.job.findFirstOrThrow({ where: { userId: account.user.id, kind: 'object-removal' }, orderBy: { createdAt: 'desc' } });
    expect(job).toMatchObject({ phase: 'COMPLETED', percent: 100 });
    expect(job.input).toMatchObject({ filename: 'coffee.png', prompt: 'Removed the brushed area from image', maskKey: expect.any(String) });
    expect(job.input).not.toHaveProperty('object');
    const creation = await env.server.server.app.services.db.creation.findUniqueOrThrow({ where: { id: job.creationId! } });
    expect(creation).toMatchObject({ prompt: 'Removed the brushed area from image', metadata: { brushOnly: true, masked: true, summary: 'Removed the brushed area' } });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows a slow upload as "Uploading" with its progress, and Cancel stops it before any job exists', async () => {
    const { context, page, errors } = await openTool();
    await brushTheCup(page);
    // About 100 KB/s up: the 1 MB photo takes ~10 s to send.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
    const jobsBefore = await env.server.server.app.services.db.job.count({ where: { userId: account.user.id } });
    await page.getByRole('button', { name: 'Remove Object' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Uploading · [\d.]+ MB of [\d.]+ MB$/ })
        .count(),
    ).toBe(1);
    const cancel = page.getByRole('button', { name: 'Cancel' });
    expect(await cancel.isEnabled()).toBe(true);
    await cancel.click();
    await page.getByText('Cancelled. Nothing was saved.').waitFor();
    expect(await page.getByRole('button', { name: 'Remove Object' }).isEnabled()).toBe(true);
    // The request was aborted mid-upload: no job was made.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await env.server.server.app.services.db.job.count({ where: { userId: account.user.id } })).toBe(jobsBefore);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
