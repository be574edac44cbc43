// "Send to…" in a real browser against the real server and worker (docs/adding-a-tool.md, "Sending
// a creation to a tool"): a background removal's result is sent to the upscaler, whose page shows
// the cut-out as its input with no file picked, and runs it by the creation's id (a plain JSON
// request, no upload).
import { beforeAll, expect, it } from 'vitest';
import { composite } from '../fixtures/ground-truth.js';
import { serverAndBrowser, signedInContext } from '../helpers/browser.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';

const env = serverAndBrowser(() => startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' }));
let account: { token: string; user: { id: string } };

beforeAll(async () => {
  account = await signUp(env.server.url, 'Sender', 'send-to-browser');
  await gqlOk(env.server.url, 'mutation { startTrial { plan } }', {}, account.token);
});

it('sends a background removal to the upscaler, which shows it as its input and upscales it without an upload', async () => {
  const cat = await composite({ cutout: 'cat', plate: 'grass', width: 640, height: 480, size: 0.45 });
  const context = await signedInContext(env.browser, account.token);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sent: { multipart: boolean; body: string }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/graphql') && r.method() === 'POST') sent.push({ multipart: (r.headers()['content-type'] ?? '').startsWith('multipart/'), body: r.postData() ?? '' });
  });

  await page.goto(`${env.server.url}/ai/remove-background`);
  await page.locator('input[type=file]').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: cat.png });
  await page.getByRole('button', { name: 'Remove Background' }).click();
  await page.getByRole('img', { name: 'The image with its background removed' }).waitFor({ timeout: 120_000 });
  const cutout = await env.server.server.app.services.db.creation.findFirstOrThrow({ where: { userId: account.user.id, type: 'BACKGROUND_REMOVAL' } });

  // The menu lists the other image tools, from the catalogue: not the one that made it.
  await page.getByRole('button', { name: 'Send to…' }).click();
  const items = await page.getByRole('menuitem').allTextContents();
  expect(items).toEqual(expect.arrayContaining(['Remove Object', 'Upscale Image']));
  expect(items).not.toContain('Remove Background');
  await page.getByRole('menuitem', { name: 'Upscale Image' }).click();

  await page.getByRole('heading', { name: 'Image Upscaler' }).waitFor();
  await page.getByText('From your creations').waitFor();
  const preview = page.getByRole('img', { name: `Preview of ${cutout.prompt}` });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  expect(await page.locator('input[type=file]').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);

  const before = sent.length;
  await page.getByRole('button', { name: 'Upscale Image' }).click();
  await page.getByRole('img', { name: 'The upscaled image' }).waitFor({ timeout: 60_000 });
  const upscale = sent.slice(before).find((r) => r.body.includes('upscaleImage'))!;
  expect(upscale.multipart).toBe(false);
  expect(JSON.parse(upscale.body).variables).toMatchObject({ sourceCreationId: cutout.id, scale: 2 });
  const made = await env.server.server.app.services.db.creation.findFirstOrThrow({ where: { userId: account.user.id, type: 'UPSCALE' } });
  expect(made.metadata).toMatchObject({ width: 1280, height: 960, original: { width: 640, height: 480 } });
  expect(errors).toEqual([]);
  await context.close();
}, 240_000);
