// ClipDrop (CLIPDROP_API_KEY) through the whole stack against a local server speaking its wire
// format (tests/helpers/clipdrop-mock.ts): every image tool completes with ClipDrop and its file
// is served from our storage; object removal by name sends ClipDrop a mask our detector made;
// a 429 is retried, a 402 (no credits) ends the job with a clear sentence.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composite } from '../fixtures/ground-truth.js';
import { startClipDropMock, type ClipDropMock } from '../helpers/clipdrop-mock.js';
import { startOpenAIImagesMock, type OpenAIImagesMock } from '../helpers/openai-mock.js';
import { followJob, gqlOk, gqlUpload, signUp, startStack } from '../helpers/server.js';

const GENERATE = 'mutation { generateImage(input: {description: "a red fox", style: ANIME}) { id } }';
const REMOVE_BG = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';
const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id } }';
const UPSCALE = 'mutation($image: Upload!, $scale: Int!) { upscaleImage(image: $image, scale: $scale) { id } }';

let clipdrop: ClipDropMock;
let openai: OpenAIImagesMock;
let stack: Awaited<ReturnType<typeof startStack>>;
let token: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  clipdrop = await startClipDropMock('clipdrop-test-key');
  // An OpenAI image key is set too: ClipDrop still serves, OpenAI gets nothing.
  openai = await startOpenAIImagesMock({ b64: png });
  stack = await startStack({ CLIPDROP_API_KEY: 'clipdrop-test-key', CLIPDROP_BASE_URL: `${clipdrop.baseUrl}/`, IMAGE_API_KEY: 'sk-images', IMAGE_BASE_URL: openai.baseURL });
  token = (await signUp(stack.url, 'Clip', 'clip')).token;
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
});
afterAll(async () => {
  await stack.close();
  await clipdrop.close();
  await openai.close();
});

async function finish(r: { data?: Record<string, { id: string }> | null; errors?: unknown }, timeoutMs = 30_000) {
  expect(r.errors).toBeUndefined();
  const events = await followJob(stack.url, token, Object.values(r.data!)[0]!.id, timeoutMs);
  return { events, last: events.at(-1)! };
}

/** The stored file (our storage, private: a signed /files/ URL) and its creation row. */
async function stored(last: { creation: { id: string; content: string } | null }) {
  const content = last.creation!.content;
  expect(content).toMatch(/^\/files\/[0-9a-f]{64}\.(png|jpg)(\?.*)?$/);
  const res = await fetch(new URL(content, stack.url));
  expect(res.status).toBe(200);
  const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
  return { bytes: Buffer.from(await res.arrayBuffer()), row };
}

describe('ClipDrop provider', () => {
  it('text-to-image: the prompt as multipart `prompt` with x-api-key; the PNG is stored and served by us', async () => {
    const { last } = await finish(await gqlOk(stack.url, GENERATE, {}, token).then((data) => ({ data })));
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const req = clipdrop.requests.at(-1)!;
    expect(req).toMatchObject({ path: '/text-to-image/v1', apiKey: 'clipdrop-test-key', status: 200, fields: { prompt: 'Generate an image of a red fox in the style Anime' } });
    expect(openai.requests).toEqual([]);
    expect(last.creation!.provider).toBe('clipdrop');
    const { bytes, row } = await stored(last);
    expect(bytes.equals(clipdrop.sent['/text-to-image/v1']!)).toBe(true);
    expect(row.metadata).toMatchObject({ provider: 'clipdrop', width: 1024, height: 1024 });
  });

  it('remove-background: the image as `image_file`; the cut-out PNG is stored', async () => {
    const { last } = await finish(await gqlUpload(stack.url, REMOVE_BG, {}, { image: { data: png, filename: 'a.png', type: 'image/png' } }, token));
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const req = clipdrop.requests.at(-1)!;
    expect(req.path).toBe('/remove-background/v1');
    expect(req.files.image_file!.bytes.equals(png)).toBe(true);
    expect(req.files.image_file!.type).toBe('image/png');
    const { bytes } = await stored(last);
    expect(bytes.equals(clipdrop.sent['/remove-background/v1']!)).toBe(true);
    expect((await sharp(bytes).metadata()).hasAlpha).toBe(true);
  });

  it('object removal by name: our detector finds the cat, ClipDrop cleanup gets the image and a mask of its size over the cat', async () => {
    const c = await composite({ cutout: 'cat', plate: 'grass', width: 800, height: 600, size: 0.4, at: { x: 0.4, y: 0.5 }, plateScale: 1.2 });
    const { last, events } = await finish(
      await gqlUpload(stack.url, REMOVE_OBJECT, { object: 'kitten' }, { image: { data: c.png, filename: 'cat.png', type: 'image/png' } }, token),
      120_000,
    );
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(events.map((e) => e.message)).toContain('Looking for the kitten');
    const req = clipdrop.requests.at(-1)!;
    expect(req.path).toBe('/cleanup/v1');
    expect(req.files.image_file!.bytes.equals(c.png)).toBe(true);
    // The mask: a PNG of the image's size, white over the cat (and little else).
    const mask = await sharp(req.files.mask_file!.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([mask.info.width, mask.info.height]).toEqual([800, 600]);
    let catCovered = 0;
    let cat = 0;
    let white = 0;
    for (let i = 0; i < c.alpha.length; i++) {
      const on = mask.data[i]! > 127;
      if (on) white++;
      if (c.alpha[i]! > 128) {
        cat++;
        if (on) catCovered++;
      }
    }
    console.log(`ClipDrop cleanup mask for "kitten": covers ${((100 * catCovered) / cat).toFixed(1)} % of the cat; ${white} white pixels for a ${cat}-pixel cat`);
    expect(catCovered / cat).toBeGreaterThan(0.9);
    expect(white).toBeLessThan(cat * 2);
    const { bytes, row } = await stored(last);
    expect(bytes.equals(clipdrop.sent['/cleanup/v1']!)).toBe(true);
    expect(row.metadata).toMatchObject({ provider: 'clipdrop', masked: false, summary: 'Removed the kitten', found: { label: 'cat', removed: 1 }, credits: { consumed: 1 } });
  }, 180_000);

  it('object removal with a brushed mask of another size: ClipDrop gets it at the image size', async () => {
    const image = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const brush = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#000000' } })
      .composite([{ input: { create: { width: 20, height: 10, channels: 3, background: '#ffffff' } }, left: 40, top: 20 }])
      .png()
      .toBuffer();
    const { last } = await finish(
      await gqlUpload(stack.url, REMOVE_OBJECT, { object: 'smudge' }, { image: { data: image, filename: 'a.png' }, mask: { data: brush, filename: 'm.png' } }, token),
      120_000,
    );
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const req = clipdrop.requests.at(-1)!;
    const mask = await sharp(req.files.mask_file!.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([mask.info.width, mask.info.height]).toEqual([200, 100]);
    expect(mask.data[50 * 200 + 100]).toBe(255); // inside the brushed square (scaled 2×)
    expect(mask.data[5 * 200 + 5]).toBe(0);
  }, 180_000);

  it('a brush with no name (docs/jobs-and-events.md, "Object removal by name or by brush"): cleanup gets the brush itself as the mask, the detector is not asked', async () => {
    const image = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    // Brushed at half the image's size, as a transparent PNG painted opaque: two separate patches.
    const brush = await sharp({ create: { width: 100, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        { input: { create: { width: 20, height: 10, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }, left: 10, top: 5 },
        { input: { create: { width: 10, height: 10, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }, left: 70, top: 30 },
      ])
      .png()
      .toBuffer();
    const before = clipdrop.requests.length;
    const { last, events } = await finish(
      await gqlUpload(stack.url, REMOVE_OBJECT, {}, { image: { data: image, filename: 'a.png' }, mask: { data: brush, filename: 'm.png' } }, token),
      120_000,
    );
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(last.message).toBe('Removed the brushed area');
    expect(events.some((e) => /^Looking for/.test(e.message ?? ''))).toBe(false);
    const calls = clipdrop.requests.slice(before);
    expect(calls.map((r) => r.path)).toEqual(['/cleanup/v1']);
    expect(calls[0]!.files.image_file!.bytes.equals(image)).toBe(true);
    // White where the brush was (scaled 2×: its edges a pixel wider by the stretch), black elsewhere.
    const mask = await sharp(calls[0]!.files.mask_file!.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([mask.info.width, mask.info.height]).toEqual([200, 100]);
    let white = 0;
    for (const v of mask.data) if (v > 127) white++;
    expect(white).toBeGreaterThanOrEqual(40 * 20 + 20 * 20);
    expect(white).toBeLessThanOrEqual(42 * 22 + 22 * 22);
    expect(mask.data[20 * 200 + 40]).toBe(255);
    expect(mask.data[70 * 200 + 150]).toBe(255);
    expect(mask.data[50 * 200 + 100]).toBe(0);
    const { row } = await stored(last);
    expect(row).toMatchObject({
      prompt: 'Removed the brushed area from image',
      metadata: { provider: 'clipdrop', brushOnly: true, summary: 'Removed the brushed area', found: null, brushed: true },
    });
  }, 180_000);

  it('an object the detector cannot find, with no mask: refused clearly, nothing sent to ClipDrop', async () => {
    const before = clipdrop.requests.length;
    const { last } = await finish(await gqlUpload(stack.url, REMOVE_OBJECT, { object: 'cup' }, { image: { data: png, filename: 'a.png' } }, token), 120_000);
    expect(last.phase).toBe('FAILED');
    expect(last.message).toMatch(/No cup was found in this image\. Brush over it/);
    expect(clipdrop.requests.length).toBe(before);
  }, 180_000);

  it('upscale: image_file with target_width/target_height at 2×; the result is stored at that size', async () => {
    const { last } = await finish(await gqlUpload(stack.url, UPSCALE, { scale: 2 }, { image: { data: png, filename: 'a.png' } }, token));
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const req = clipdrop.requests.at(-1)!;
    expect(req).toMatchObject({ path: '/image-upscaling/v1/upscale', fields: { target_width: '128', target_height: '96' } });
    const { bytes, row } = await stored(last);
    expect(row.metadata).toMatchObject({ provider: 'clipdrop', scale: 2, width: 128, height: 96 });
    expect(bytes.equals(clipdrop.sent['/image-upscaling/v1/upscale']!)).toBe(true);
  });

  it('a 429 is retried and the job completes', async () => {
    const before = clipdrop.requests.length;
    clipdrop.failures.push({ status: 429, error: 'Too many requests, please slow down' });
    const { last, events } = await finish(await gqlUpload(stack.url, REMOVE_BG, {}, { image: { data: png, filename: 'a.png' } }, token));
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(clipdrop.requests.slice(before).map((r) => r.status)).toEqual([429, 200]);
    expect(events.some((e) => /ClipDrop is busy or unreachable \(429\); retrying/.test(e.message ?? ''))).toBe(true);
  });

  it('a 402 (no credits) ends the job at once with a clear sentence', async () => {
    const before = clipdrop.requests.length;
    clipdrop.credits = 0;
    try {
      const { last } = await finish(await gqlOk(stack.url, GENERATE, {}, token).then((data) => ({ data })));
      expect(last.phase).toBe('FAILED');
      expect(last.message).toBe('The image service (ClipDrop) has no credits left on this account; the administrator needs to add credits. Please try again later.');
      expect(clipdrop.requests.slice(before).map((r) => r.status)).toEqual([402]);
    } finally {
      clipdrop.credits = 100;
    }
  });
});
