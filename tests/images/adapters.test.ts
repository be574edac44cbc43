// The real image adapters against local servers speaking Cloudinary's upload and delivery API
// and the OpenAI Images API, through the whole stack: the requests they build, that a
// provider's URL is fetched into our storage (never published), that Cloudinary uploads are
// deleted, that a brush with no name becomes gen_remove's rectangles, and that a hung upload ends
// with the job's timeout.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudinaryFrom } from '../../server/shared/storage/cloudinary-client.js';
import { CloudinaryObjectRemover, MAX_REGIONS } from '../../worker/providers/image/cloudinary.js';
import { startCloudinaryMock, type CloudinaryMock } from '../helpers/cloudinary-mock.js';
import { startOpenAIMock, startOpenAIImagesMock, type OpenAIImagesMock, type OpenAIMock } from '../helpers/openai-mock.js';
import { followJob, gqlOk, gqlUpload, signUp, startStack } from '../helpers/server.js';

const REMOVE_BG = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';
const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id } }';
const UPSCALE = 'mutation($image: Upload!, $scale: Int!) { upscaleImage(image: $image, scale: $scale) { id } }';
const GENERATE = 'mutation { generateImage(input: {description: "a red fox", style: ANIME}) { id } }';

let png: Buffer;
let cloud: CloudinaryMock;
const CLOUD = 'democloud';

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  cloud = await startCloudinaryMock();
});
afterAll(() => cloud.close());

async function premiumUser(url: string) {
  const { token } = await signUp(url, 'Cloud', 'cloud');
  await gqlOk(url, 'mutation { startTrial { plan } }', {}, token);
  return token;
}

describe('Cloudinary adapters', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({ CLOUDINARY_URL: `cloudinary://test-key:test-secret@${CLOUD}?${cloud.query}` });
    token = await premiumUser(stack.url);
  });
  afterAll(() => stack.close());

  /** Runs a tool and checks what every Cloudinary derivation owes: fetched (after 423s), stored, original deleted. */
  async function runDerivation(start: () => ReturnType<typeof gqlUpload>, effect: RegExp) {
    cloud.pendingAnswers = 2;
    const uploadsBefore = cloud.uploads.length;
    const derivedBefore = cloud.derived.length;
    const r = await start();
    expect(r.errors).toBeUndefined();
    const last = (await followJob(stack.url, token, Object.values(r.data!)[0].id)).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const original = cloud.uploads[uploadsBefore]!;
    expect(original.path).toBe(`/v1_1/${CLOUD}/image/upload`);
    expect(original.fields).toMatchObject({ api_key: 'test-key', folder: 'atelier' });
    expect(original.fileBytes).toBe(png.length);
    // The derived image was asked for until it was ready: 423, 423, 200.
    const derived = cloud.derived.slice(derivedBefore);
    expect(derived.map((d) => d.status)).toEqual([423, 423, 200]);
    expect(derived[0]!.path).toMatch(effect);
    // The original is deleted (signed destroy), only the stored result stays in the account.
    const publicId = `atelier/upload${uploadsBefore + 1}`;
    expect(cloud.destroys.map((d) => d.fields.public_id)).toContain(publicId);
    expect(cloud.destroys.at(-1)).toMatchObject({ path: `/v1_1/${CLOUD}/image/destroy`, fields: { api_key: 'test-key', public_id: publicId } });
    expect(cloud.stored()).not.toContain(publicId);
    // The result is what Cloudinary derived, kept in the configured store (here Cloudinary itself,
    // as a new plain upload), never the derived URL.
    const result = cloud.uploads[uploadsBefore + 1]!;
    expect(cloud.uploads.length).toBe(uploadsBefore + 2);
    const content = last.creation!.content;
    expect(content).toBe(`https://res.cloudinary.com/${CLOUD}/image/upload/v1/atelier/upload${uploadsBefore + 2}.png`);
    expect(content).not.toMatch(/e_|127\.0\.0\.1/);
    expect(last.creation!.provider).toBe('cloudinary');
    return { result, derived };
  }

  it('background removal: e_background_removal fetched through 423s, stored, the upload deleted', async () => {
    const { result } = await runDerivation(
      () => gqlUpload(stack.url, REMOVE_BG, {}, { image: { data: png, filename: 'a.png' } }, token),
      new RegExp(`^/${CLOUD}/image/upload/e_background_removal/v1/atelier/upload\\d+\\.png`),
    );
    expect(result.fileBytes).toBeGreaterThan(0);
  });

  it('object removal asks for gen_remove with the object prompt, with no mask needed', async () => {
    await runDerivation(
      () => gqlUpload(stack.url, REMOVE_OBJECT, { object: 'cat' }, { image: { data: png, filename: 'a.png' } }, token),
      new RegExp(`^/${CLOUD}/image/upload/e_gen_remove:prompt_cat/v1/atelier/upload\\d+(\\?|$)`),
    );
  });

  it('object removal with a brush and no name asks for gen_remove with the brushed rectangle (docs/jobs-and-events.md, "Object removal by name or by brush")', async () => {
    // A 20×12 patch at (20, 16) of the 64×48 image: its rectangle grown by 3 px a side.
    const mask = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000000' } })
      .composite([{ input: { create: { width: 20, height: 12, channels: 3, background: '#ffffff' } }, left: 20, top: 16 }])
      .png()
      .toBuffer();
    const removalsBefore = cloud.removals.length;
    await runDerivation(
      () => gqlUpload(stack.url, REMOVE_OBJECT, {}, { image: { data: png, filename: 'a.png' }, mask: { data: mask, filename: 'm.png' } }, token),
      new RegExp(`^/${CLOUD}/image/upload/e_gen_remove:region_\\(x_17;y_13;w_26;h_18\\)/v1/atelier/upload\\d+(\\?|$)`),
    );
    expect(cloud.removals.slice(removalsBefore)).toEqual([{ regions: [{ x: 17, y: 13, w: 26, h: 18 }] }]);
    const row = await stack.server.app.services.db.creation.findFirstOrThrow({
      where: { prompt: 'Removed the brushed area from image', metadata: { path: ['provider'], equals: 'cloudinary' } },
    });
    expect(row.metadata).toMatchObject({ summary: 'Removed the brushed area', brushOnly: true, regions: [{ x: 17, y: 13, width: 26, height: 18 }] });
  });

  it('upscale: e_upscale then scaled to 2×, fetched and stored at twice the size', async () => {
    const before = cloud.uploads.length;
    await runDerivation(
      () => gqlUpload(stack.url, UPSCALE, { scale: 2 }, { image: { data: png, filename: 'a.png' } }, token),
      new RegExp(`^/${CLOUD}/image/upload/e_upscale/c_scale,w_128/v1/atelier/upload\\d+\\.png`),
    );
    expect(cloud.uploads[before + 1]!.fileBytes).toBeGreaterThan(0);
  });

  it('an object name with a comma, a space or a slash stays one percent-encoded prompt', async () => {
    cloud.pendingAnswers = 0;
    const remover = new CloudinaryObjectRemover(cloudinaryFrom(`cloudinary://test-key:test-secret@${CLOUD}?${cloud.query}`));
    for (const [object, prompt] of [
      ['red car, left', 'red%20car%2C%20left'],
      ['a/b', 'a%2Fb'],
      ['café (big)', 'caf%C3%A9%20%28big%29'],
    ] as const) {
      const before = cloud.derived.length;
      const out = await remover.remove(png, object, undefined, AbortSignal.timeout(10_000));
      expect('bytes' in out && out.bytes.length).toBeGreaterThan(0);
      const asked = cloud.derived.slice(before);
      expect(asked.map((d) => d.status)).toEqual([200]);
      expect(asked[0]!.path).toMatch(new RegExp(`/image/upload/e_gen_remove:prompt_${prompt.replace(/[%()]/g, '\\$&')}/v1/atelier/upload\\d+(\\?|$)`));
      expect(decodeURIComponent(/prompt_([^/]+)/.exec(asked[0]!.path)![1]!)).toBe(object);
    }
  });

  it('a brush with no name: one rectangle per patch (joined past MAX_REGIONS), upright for an EXIF-turned photo; an empty mask uploads nothing', async () => {
    cloud.pendingAnswers = 0;
    const remover = new CloudinaryObjectRemover(cloudinaryFrom(`cloudinary://test-key:test-secret@${CLOUD}?${cloud.query}`), 40e6);
    const blank = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#000000' } });
    const dot = (left: number, top: number, size = 4) => ({ input: { create: { width: size, height: size, channels: 3 as const, background: '#ffffff' } }, left, top });
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    // Two patches far apart: two rectangles, in one region qualifier, each grown by 3 px.
    const two = await blank(400, 300)
      .composite([dot(20, 30, 40), dot(300, 200, 20)])
      .png()
      .toBuffer();
    const before = cloud.removals.length;
    const out = await remover.remove(photo, undefined, two, AbortSignal.timeout(10_000));
    expect(out).toMatchObject({ summary: 'Removed the brushed area', details: { regions: [expect.any(Object), expect.any(Object)] } });
    expect(cloud.derived.at(-1)!.path).toMatch(/\/e_gen_remove:region_\(\(x_17;y_27;w_46;h_46\);\(x_297;y_197;w_26;h_26\)\)\/v1\//);
    expect(cloud.removals.slice(before)).toEqual([
      {
        regions: [
          { x: 17, y: 27, w: 46, h: 46 },
          { x: 297, y: 197, w: 26, h: 26 },
        ],
      },
    ]);
    // The grey the mock paints is where the rectangles are: the result shows what was asked.
    const result = await sharp((out as { bytes: Buffer }).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...result.data.subarray((y * 400 + x) * result.info.channels, (y * 400 + x) * result.info.channels + 3)];
    expect(at(40, 50)).toEqual([128, 128, 128]);
    expect(at(200, 150)).toEqual([0x33, 0x66, 0xaa]);

    // Many specks: joined into at most MAX_REGIONS rectangles that still cover every one.
    const specks = Array.from({ length: 20 }, (_, i) => dot(10 + (i % 5) * 80, 10 + Math.floor(i / 5) * 70));
    await remover.remove(photo, undefined, await blank(400, 300).composite(specks).png().toBuffer(), AbortSignal.timeout(10_000));
    const joined = cloud.removals.at(-1)!.regions!;
    expect(joined.length).toBeLessThanOrEqual(MAX_REGIONS);
    for (const s of specks) expect(joined.some((r) => r.x <= s.left && r.y <= s.top && r.x + r.w >= s.left + 4 && r.y + r.h >= s.top + 4)).toBe(true);

    // A photo stored sideways (EXIF orientation 6: shown 300×400): it is uploaded upright, the rectangle where the brush was on screen.
    const sideways = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const upright = await remover.remove(
      sideways,
      undefined,
      await blank(300, 400)
        .composite([dot(100, 300, 20)])
        .png()
        .toBuffer(),
      AbortSignal.timeout(10_000),
    );
    // (The mock refuses a rectangle outside the uploaded image: 297 + 26 fits only its upright 400 px height.)
    expect(cloud.removals.at(-1)).toEqual({ regions: [{ x: 97, y: 297, w: 26, h: 26 }] });
    const meta = await sharp((upright as { bytes: Buffer }).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([300, 400]);

    // Nothing painted: refused before anything is uploaded.
    const count = cloud.uploads.length;
    await expect(remover.remove(photo, undefined, await blank(400, 300).png().toBuffer(), AbortSignal.timeout(10_000))).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Nothing is brushed on the mask. Brush over what to remove, or enter its name.',
    });
    expect(cloud.uploads.length).toBe(count);
  });

  it('a hung upload ends with the job timeout (JOB_TIMEOUT_MS), not the SDK 60 s', async () => {
    const short = await startStack({ CLOUDINARY_URL: `cloudinary://test-key:test-secret@${CLOUD}?${cloud.query}`, JOB_TIMEOUT_MS: '2000' });
    try {
      const t = await premiumUser(short.url);
      cloud.hangUploads = true;
      const before = cloud.uploads.length;
      const started = Date.now();
      const r = await gqlUpload(short.url, REMOVE_BG, {}, { image: { data: png, filename: 'a.png' } }, t);
      const last = (await followJob(short.url, t, r.data!.removeBackground.id, 20_000)).at(-1)!;
      const took = Date.now() - started;
      console.log(`hung Cloudinary upload with JOB_TIMEOUT_MS=2000: job FAILED after ${took} ms`);
      expect(cloud.uploads.length).toBe(before + 1);
      expect(last.phase).toBe('FAILED');
      expect(last.message).toMatch(/longer than 2 s/);
      expect(took).toBeLessThan(5000);
    } finally {
      cloud.hangUploads = false;
      await short.close();
    }
  }, 30_000);
});

describe('OpenAI Images adapter', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let token: string;
  let text: OpenAIMock;
  let images: OpenAIImagesMock;
  beforeAll(async () => {
    // Text at one service (e.g. Ollama), images at another with its own key.
    text = await startOpenAIMock();
    images = await startOpenAIImagesMock({ b64: png });
    stack = await startStack({
      OPENAI_API_KEY: 'ollama',
      OPENAI_BASE_URL: text.baseURL,
      IMAGE_API_KEY: 'sk-test-images',
      IMAGE_BASE_URL: images.baseURL,
      IMAGE_MODEL: 'gpt-image-1',
    });
    token = await premiumUser(stack.url);
  });
  afterAll(async () => {
    await stack.close();
    await text.close();
    await images.close();
  });

  it('sends the spec prompt to IMAGE_BASE_URL with IMAGE_API_KEY (not the text service) and stores the image', async () => {
    const { generateImage: job } = await gqlOk(stack.url, GENERATE, {}, token);
    const last = (await followJob(stack.url, token, job.id)).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(text.requests).toEqual([]);
    const req = images.requests.at(-1)!;
    expect(req.path).toBe('/v1/images/generations');
    expect(req.headers.authorization).toBe('Bearer sk-test-images');
    expect(req.body).toMatchObject({ model: 'gpt-image-1', prompt: 'Generate an image of a red fox in the style Anime', n: 1, size: '1024x1024' });
    expect(last.creation).toMatchObject({ provider: 'openai', content: expect.stringMatching(/^\/files\/[0-9a-f]{64}\.png(\?.*)?$/) });
  });

  it('a `url` answer is downloaded into our storage: the creation never points at the provider', async () => {
    const hosted = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3366' } })
      .jpeg()
      .toBuffer();
    images.replies.push({ hosted, contentType: 'image/jpeg' });
    const { generateImage: job } = await gqlOk(stack.url, GENERATE, {}, token);
    const last = (await followJob(stack.url, token, job.id)).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const providerUrl = images.hostedUrls.at(-1)!;
    expect(providerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/generated\/img-\d+\.png$/);
    expect(images.downloads).toContain(new URL(providerUrl).pathname);
    const content = last.creation!.content;
    expect(content).not.toContain(new URL(providerUrl).host);
    // A private image's URL is signed for its viewer; the row keeps the plain /files/<name>.
    expect(content).toMatch(/^\/files\/[0-9a-f]{64}\.jpg(\?.*)?$/);
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    expect(row.content).toBe(new URL(content, stack.url).pathname);
    expect(JSON.stringify(row.metadata)).not.toContain('127.0.0.1');
    expect(row.metadata).toMatchObject({ width: 40, height: 30 });
    // Served from our storage, byte for byte what the provider sent.
    const res = await fetch(new URL(content, stack.url));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(hosted)).toBe(true);
  });

  it('a `url` answer that is not an image fails the job clearly, storing nothing', async () => {
    images.replies.push({ hosted: Buffer.from('<html>expired</html>'), contentType: 'text/html' });
    const { generateImage: job } = await gqlOk(stack.url, GENERATE, {}, token);
    const last = (await followJob(stack.url, token, job.id)).at(-1)!;
    expect(last.phase).toBe('FAILED');
    expect(last.message).toMatch(/not an image/);
  });
});
