// Upload limits in a real browser (product §5): each picker names the accepted types
// and the server's size limit before anything is picked; a file over the limit or of another
// type is refused beside the picker at once, and nothing is sent; a multi-MB photo shows its
// upload's progress.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, serverAndBrowser, signedInContext, VIEWPORTS } from '../helpers/browser.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

const env = serverAndBrowser(() => startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' }));
const IMAGE_HINT = 'PNG, JPEG, WebP, GIF, AVIF or TIFF, up to 10 MB';
let account: { token: string; user: { id: string } };
let dir: string;
let bigPhoto: string;
/** Multipart (file-carrying) requests the server has received. */
let uploadsReceived = 0;
const countUploads = (req: IncomingMessage) => {
  if (req.headers['content-type']?.startsWith('multipart/form-data')) uploadsReceived++;
};

beforeAll(async () => {
  expect(env.server.config.UPLOAD_MAX_BYTES).toBe(10 * 1024 * 1024);
  account = await signUp(env.server.url, 'Upload', 'uploads-browser');
  await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token);
  env.server.server.httpServer.on('request', countUploads);
  dir = mkdtempSync(join(tmpdir(), 'atelier-uploads-'));
  // 17 MB under a .png name: the browser types it image/png from its name.
  bigPhoto = join(dir, 'holiday-17mb.png');
  writeFileSync(bigPhoto, Buffer.alloc(17 * 1024 * 1024, 7));
});

afterAll(() => {
  env.server.server.httpServer.off('request', countUploads);
  rmSync(dir, { recursive: true, force: true });
});

async function openTool(path: string, heading: string, options: BrowserContextOptions = VIEWPORTS.desktop) {
  const context = await signedInContext(env.browser, account.token, options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Every request the page sends that carries a file.
  const uploadsSent: string[] = [];
  page.on('request', (r) => {
    if (r.headers()['content-type']?.startsWith('multipart/form-data')) uploadsSent.push(r.url());
  });
  await page.goto(`${env.server.url}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  return { context, page, errors, uploadsSent };
}

/** The refusal beside the picker: its text, with the input marked invalid and described by it. */
async function refusal(page: Page): Promise<string> {
  const input = page.locator('input[type=file]');
  const alert = page.getByRole('alert').filter({ hasText: /./ }).first();
  await alert.waitFor({ timeout: 2000 });
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  const id = await alert.getAttribute('id');
  expect((await input.getAttribute('aria-describedby'))?.split(' ')).toContain(id);
  return (await alert.textContent()) ?? '';
}

describe('upload limits in the browser', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`names types and limit in advance, and refuses a 17 MB photo at once without sending it (${name})`, async () => {
      const { context, page, errors, uploadsSent } = await openTool('/ai/remove-background', 'Background Removal', viewport);
      const before = uploadsReceived;
      const jobsBefore = await env.server.server.app.services.db.job.count({ where: { userId: account.user.id } });
      await page.getByText(IMAGE_HINT, { exact: true }).waitFor();

      const picked = Date.now();
      await page.locator('input[type=file]').setInputFiles(bigPhoto);
      expect(await refusal(page)).toBe('“holiday-17mb.png” is 17.00 MB: the limit is 10 MB. Please choose a smaller image.');
      const shownAfter = Date.now() - picked;
      // Nothing of it is shown as chosen, and submitting asks for an image.
      expect(await page.getByText('holiday-17mb.png', { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: 'Remove Background' }).click();
      await page.getByText('Please select an image first').waitFor();
      await keepScreenshot(page, 'upload-limit-refused');

      // Give a stray upload time to arrive: none was sent, none reached the server, no job exists.
      await new Promise((r) => setTimeout(r, 1000));
      expect(uploadsSent).toEqual([]);
      expect(uploadsReceived).toBe(before);
      expect(await env.server.server.app.services.db.job.count({ where: { userId: account.user.id } })).toBe(jobsBefore);
      console.log(`${name}: 17 MB refusal shown ${shownAfter} ms after picking; uploads sent: ${uploadsSent.length}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('refuses an image type the server does not read (SVG) in the browser, then takes a real photo', async () => {
    const { context, page, errors, uploadsSent } = await openTool('/ai/remove-background', 'Background Removal');
    await page.getByText(IMAGE_HINT, { exact: true }).waitFor();
    const input = page.locator('input[type=file]');
    await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    expect(await refusal(page)).toBe('Please choose a PNG, JPEG, WebP, GIF, AVIF or TIFF image: “logo.svg” is not one.');
    // A text file renamed .png: said so at once (it was previewed as "cannot preview, can still be processed", then refused by the server).
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image at all') });
    await page.getByRole('alert').filter({ hasText: 'fake.png' }).waitFor();
    expect(await refusal(page)).toBe('“fake.png” is not an image: its contents are not PNG, JPEG, WebP, GIF, AVIF or TIFF, whatever its name says. Please choose another file.');
    expect(await page.getByText(/cannot preview this image/).count()).toBe(0);

    // A real photo clears the refusal and is shown as chosen.
    await input.setInputFiles(join(import.meta.dirname, '../fixtures/photos/rocket.jpg'));
    await page.getByText('rocket.jpg', { exact: true }).waitFor();
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /is not one|the limit is/ })
        .count(),
    ).toBe(0);
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    expect(uploadsSent).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the resume picker names PDF and the limit, and refuses a Word file and a 17 MB PDF without sending them', async () => {
    const { context, page, errors, uploadsSent } = await openTool('/ai/review-resume', 'Resume Review', VIEWPORTS.mobile);
    const before = uploadsReceived;
    await page.getByText('PDF, up to 10 MB', { exact: true }).waitFor();
    const input = page.getByLabel('Resume PDF file');
    await input.setInputFiles({ name: 'cv.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK\x03\x04') });
    expect(await refusal(page)).toBe('Please choose a PDF file: “cv.docx” is not one.');
    // The same Word file renamed .pdf (it was told to "upload a .pdf file").
    await input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('PK\x03\x04 word/document.xml') });
    await page.getByRole('alert').filter({ hasText: 'cv.pdf' }).waitFor();
    expect(await refusal(page)).toBe('“cv.pdf” is not a PDF file: its contents are not PDF, whatever its name says. Please choose another file.');
    const bigPdf = join(dir, 'portfolio.pdf');
    writeFileSync(bigPdf, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(17 * 1024 * 1024, 0x20)]));
    await input.setInputFiles(bigPdf);
    expect(await refusal(page)).toBe('“portfolio.pdf” is 17.00 MB: the limit is 10 MB. Please choose a smaller file.');
    await keepScreenshot(page, 'upload-limit-resume-refused');
    await new Promise((r) => setTimeout(r, 500));
    expect(uploadsSent).toEqual([]);
    expect(uploadsReceived).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a multi-MB real photo shows its upload progress, then the result', async () => {
    // coffee.png (600×400) enlarged to 1600×1067: a real photo of over 4 MB, under the limit; big
    // enough for the upload to take seconds, small enough that the job after it stays short.
    const photo = await sharp(readFileSync(join(import.meta.dirname, '../fixtures/photos/coffee.png')))
      .resize(1600, 1067)
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(photo.length).toBeLessThan(10 * 1024 * 1024);
    const { context, page, errors, uploadsSent } = await openTool('/ai/remove-background', 'Background Removal');
    await page.getByText(IMAGE_HINT, { exact: true }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'coffee-large.png', mimeType: 'image/png', buffer: photo });
    await page.getByText('coffee-large.png', { exact: true }).waitFor();

    // Every value the upload's progressbar shows, as it changes.
    await page.evaluate(() => {
      const w = window as unknown as { uploadValues: number[] };
      w.uploadValues = [];
      new MutationObserver(() => {
        const bar = document.querySelector('[role=progressbar][aria-label="Upload progress"]');
        const v = bar && Number(bar.getAttribute('aria-valuenow'));
        if (v !== null && w.uploadValues.at(-1) !== v) w.uploadValues.push(v);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // About 1 MB/s up: the photo takes a few seconds to send.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const started = Date.now();
    await page.getByRole('button', { name: 'Remove Background' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor({ timeout: 10_000 });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await page
      .getByRole('status')
      .filter({ hasText: /^Uploading · [\d.]+ MB of [\d.]+ MB$/ })
      .waitFor();
    await keepScreenshot(page, 'upload-progress');
    await bar.waitFor({ state: 'detached', timeout: 30_000 });
    const uploadMs = Date.now() - started;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The upload is followed by the job, to its result.
    await page.getByRole('img', { name: 'The image with its background removed' }).waitFor({ timeout: 120_000 });
    const job = await env.server.server.app.services.db.job.findFirstOrThrow({ where: { userId: account.user.id, kind: 'background-removal' }, orderBy: { createdAt: 'desc' } });
    expect(job.phase).toBe('COMPLETED');
    const values = await page.evaluate(() => (window as unknown as { uploadValues: number[] }).uploadValues);
    console.log(`multi-MB upload: ${(photo.length / 1024 / 1024).toFixed(2)} MB sent in ${uploadMs} ms at ~1 MB/s; progress values ${JSON.stringify(values)}`);
    expect(values.some((v) => v > 0 && v < 100)).toBe(true);
    expect(uploadsSent).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
