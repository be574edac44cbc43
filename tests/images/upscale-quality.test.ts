// The embedded upscaler on the real photos: each photo shrunk 2× or 4× and enlarged back must
// come out at exactly the photo's size and closer to it (PSNR) than sharp's plain Lanczos-3.
// The standard shrink is Mitchell, which the upscaler does not assume; other shrinks and JPEG
// are checked too (tests/fixtures/upscale-scoring.ts says which are fully held out).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { upscaleImage } from '../../worker/tools/upscale-image/upscale.js';
import { HELD_OUT_SHRINKS, STANDARD_SHRINK, UPSCALE_PHOTOS, UPSCALE_PHOTOS_DIR, scoreUpscale, type UpscaleScore } from '../fixtures/upscale-scoring.js';

const line = (r: UpscaleScore): string =>
  `${r.shrink} ${r.photo} ${r.scale}×: Lanczos-3 ${r.lanczosPsnr.toFixed(2)} dB, ours ${r.oursPsnr.toFixed(2)} dB (${r.gainDb >= 0 ? '+' : ''}${r.gainDb.toFixed(2)}), ${r.ms} ms`;

describe('upscaling quality on the real photos', () => {
  for (const scale of [2, 4] as const) {
    it(`at ${scale}×: exact size, and a higher PSNR than plain Lanczos-3 on every photo`, async () => {
      for (const photo of UPSCALE_PHOTOS) {
        const r = await scoreUpscale(photo, scale, STANDARD_SHRINK);
        console.log(line(r));
        expect([r.width, r.height]).toEqual([r.expected.width, r.expected.height]);
        expect(r.oursPsnr).toBeGreaterThan(r.lanczosPsnr);
      }
    });
  }

  it('also beats it when the photos were shrunk another way, or shrunk and saved as JPEG', async () => {
    for (const how of HELD_OUT_SHRINKS) {
      for (const scale of [2, 4] as const) {
        for (const photo of UPSCALE_PHOTOS) {
          const r = await scoreUpscale(photo, scale, how);
          console.log(line(r));
          expect(r.oursPsnr).toBeGreaterThan(r.lanczosPsnr);
        }
      }
    }
  });
});

describe('upscaleImage limits', () => {
  const photo = `${UPSCALE_PHOTOS_DIR}/chelsea.png`;

  it('refuses a result over maxPixels, saying how large it would be', async () => {
    const bytes = await sharp(photo).png().toBuffer();
    await expect(upscaleImage(bytes, 4, { maxPixels: 1_000_000 })).rejects.toThrow('The result would be 1804×1200, more than 1 megapixels');
    await expect(upscaleImage(bytes, 2, { maxPixels: 500_000 })).rejects.toThrow('more than 0.5 megapixels');
    // At the limit exactly it goes through.
    await expect(upscaleImage(bytes, 2, { maxPixels: 902 * 600 })).resolves.toMatchObject({ width: 902, height: 600 });
  });

  it('stops with the signal’s reason, before starting or part-way through', async () => {
    const small = await sharp(photo).png().toBuffer();
    await expect(
      upscaleImage(small, 2, {
        maxPixels: 40e6,
        signal: AbortSignal.abort(new Error('stopped')),
      }),
    ).rejects.toThrow('stopped');

    const large = await sharp(photo).resize(2000, 1330).png().toBuffer();
    const controller = new AbortController();
    const running = upscaleImage(large, 2, {
      maxPixels: 40e6,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error('cancelled part-way')), 100);
    // The whole job takes over a second here, so rejecting with the reason means it stopped part-way.
    await expect(running).rejects.toThrow('cancelled part-way');
  });

  it('keeps alpha, without the hidden colour of transparent pixels bleeding into the edge', async () => {
    const [w, h] = [40, 20];
    const rgba = Buffer.alloc(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      const left = i % w < w / 2;
      rgba.set(left ? [255, 0, 0, 0] : [0, 0, 200, 255], i * 4);
    }
    const png = await sharp(rgba, { raw: { width: w, height: h, channels: 4 } })
      .png()
      .toBuffer();
    const out = await upscaleImage(png, 4, { maxPixels: 1e6 });
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([160, 80, 4]);
    let visibleRed = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0) visibleRed = Math.max(visibleRed, data[i]!);
    expect(visibleRed).toBe(0);
  });

  it('applies EXIF orientation', async () => {
    const rotated = await sharp(photo).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await upscaleImage(rotated, 2, { maxPixels: 40e6 });
    expect([out.width, out.height]).toEqual([600, 902]);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([600, 902, 'png']);
  });
});
