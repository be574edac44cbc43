// The image upscaler end to end (GraphQL, REST, plan and size checks) on the real photos,
// and its quality: a photo shrunk by 2 or 4 and enlarged back must come closer to the original
// (PSNR) than plain Lanczos-3 does.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followJob, gqlOk, gqlUpload, signUp, startStack } from '../helpers/server.js';
import { upscaleImage } from '../../worker/tools/upscale-image/upscale.js';

const PHOTOS = 'tests/fixtures/photos/';
const UPSCALE = 'mutation($image: Upload!, $scale: Int!) { upscaleImage(image: $image, scale: $scale) { id } }';

/** RGB bytes of a photo cropped to a multiple of `s`, and its `s`× reduction (triangle or Lanczos-3 filter) as PNG. */
async function shrunk(file: string, s: number, kernel: 'linear' | 'lanczos3') {
  const meta = await sharp(readFileSync(PHOTOS + file)).metadata();
  const [w, h] = [Math.floor(meta.width! / s) * s, Math.floor(meta.height! / s) * s];
  const original = await sharp(readFileSync(PHOTOS + file))
    .removeAlpha()
    .extract({ left: 0, top: 0, width: w, height: h })
    .raw()
    .toBuffer();
  const raw = { width: w, height: h, channels: 3 as const };
  const small =
    kernel === 'lanczos3'
      ? await sharp(original, { raw })
          .resize(w / s, h / s, { kernel: 'lanczos3' })
          .png()
          .toBuffer()
      : await sharp(original, { raw })
          .resize(w / s, h / s, { kernel: 'linear', fastShrinkOnLoad: false })
          .png()
          .toBuffer();
  return { original, small, w, h };
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe('upscaling quality on the real photos', () => {
  it('beats plain Lanczos-3 by PSNR on every photo at 2× and 4×, for two ways of shrinking them', async () => {
    for (const kernel of ['linear', 'lanczos3'] as const) {
      for (const file of ['chelsea.png', 'coffee.png', 'rocket.jpg', 'grass.png', 'brick.png']) {
        for (const s of [2, 4] as const) {
          const { original, small, w, h } = await shrunk(file, s, kernel);
          const lanczos = await sharp(small).resize(w, h, { kernel: 'lanczos3' }).raw().toBuffer();
          const ours = await upscaleImage(small, s, { maxPixels: 40e6 });
          expect([ours.width, ours.height]).toEqual([w, h]);
          const oursRaw = await sharp(ours.bytes).removeAlpha().raw().toBuffer();
          const [base, gain] = [psnr(lanczos, original), psnr(oursRaw, original)];
          console.log(`${kernel} ${file} ${s}×: Lanczos ${base.toFixed(2)} dB, ours ${gain.toFixed(2)} dB (+${(gain - base).toFixed(2)})`);
          expect(gain).toBeGreaterThan(base);
        }
      }
    }
  });

  it('refuses a result over its limit and stops when aborted', async () => {
    const photo = readFileSync(PHOTOS + 'coffee.png');
    await expect(upscaleImage(photo, 4, { maxPixels: 1_000_000 })).rejects.toThrow(/more than 1 megapixels/);
    const aborted = AbortSignal.abort(new Error('stopped'));
    await expect(upscaleImage(photo, 2, { maxPixels: 40e6, signal: aborted })).rejects.toThrow('stopped');
  });
});

describe('the Image upscaler tool', () => {
  let stack: Awaited<ReturnType<typeof startStack>>;
  let premium: { token: string };
  let free: { token: string };
  beforeAll(async () => {
    stack = await startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
    premium = await signUp(stack.url, 'Ursula', 'upscale');
    free = await signUp(stack.url, 'Fiona', 'upscale-free');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
  });
  afterAll(() => stack.close());

  const imageOf = async (url: string) => {
    const res = await fetch(`${stack.url}${url}`);
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer())).metadata();
  };

  it('makes a photo 2× larger over GraphQL, with its phases, as an UPSCALE creation', async () => {
    const photo = readFileSync(PHOTOS + 'coffee.png');
    const r = await gqlUpload(stack.url, UPSCALE, { scale: 2 }, { image: { data: photo, filename: 'coffee.png', type: 'image/png' } }, premium.token);
    expect(r.errors).toBeUndefined();
    const events = await followJob(stack.url, premium.token, r.data!.upscaleImage.id, 60_000);
    expect(events.map((e) => e.message)).toContain('Upscaling 2×');
    const last = events.at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'UPSCALE', provider: 'local' } });
    const meta = await imageOf(last.creation!.content);
    expect([meta.width, meta.height]).toEqual([1200, 800]);
  });

  it('answers the REST mirror (multipart image and scale) when done, 4× larger', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(readFileSync(PHOTOS + 'chelsea.png'))], { type: 'image/png' }), 'chelsea.png');
    form.append('scale', '4');
    const res = await fetch(`${stack.url}/api/ai/upscale-image`, { method: 'POST', headers: { authorization: `Bearer ${premium.token}` }, body: form });
    const body = (await res.json()) as { success: boolean; content: string };
    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    const meta = await imageOf(body.content);
    expect([meta.width, meta.height]).toEqual([451 * 4, 300 * 4]);
  });

  it('is Premium, takes only 2 or 4, and refuses a result over 36 megapixels before queueing', async () => {
    const photo = readFileSync(PHOTOS + 'coffee.png');
    const file = { image: { data: photo, filename: 'coffee.png', type: 'image/png' } };
    const asFree = await gqlUpload(stack.url, UPSCALE, { scale: 2 }, file, free.token);
    expect(asFree.errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');
    const three = await gqlUpload(stack.url, UPSCALE, { scale: 3 }, file, premium.token);
    expect(three.errors?.[0]).toMatchObject({ message: 'Scale must be 2 or 4', extensions: { code: 'BAD_USER_INPUT' } });
    const big = await sharp({ create: { width: 3200, height: 3000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const tooLarge = await gqlUpload(stack.url, UPSCALE, { scale: 2 }, { image: { data: big, filename: 'big.png', type: 'image/png' } }, premium.token);
    expect(tooLarge.errors?.[0]).toMatchObject({ message: expect.stringContaining('6400×6000, more than 36 megapixels'), extensions: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
