// The offline image generator: deterministic 1024×1024 PNGs whose look follows the
// description and the style.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_STYLES, type ImageStyle } from '../../server/shared/platform/domain.js';
import { renderImage } from '../../worker/models/render.js';

async function signature(png: Buffer) {
  const { data } = await sharp(png).resize(32, 32, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const mean = [0, 0, 0];
  let edges = 0;
  for (let i = 0; i < 32 * 32; i++) {
    for (let c = 0; c < 3; c++) mean[c]! += data[i * 3 + c]! / 1024;
    if (i % 32 < 31) for (let c = 0; c < 3; c++) edges += Math.abs(data[i * 3 + c]! - data[(i + 1) * 3 + c]!) / (31 * 32 * 3);
  }
  return { pixels: data, mean, edges };
}

/** Mean absolute per-pixel difference of the 32×32 thumbnails, 0–255. */
function distance(a: Buffer, b: Buffer): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i]! - b[i]!);
  return d / a.length;
}

describe('renderImage', () => {
  it('makes a deterministic 1024×1024 PNG that depends on the description', async () => {
    const a = await renderImage('a lighthouse at sunset', 'REALISTIC');
    expect(a.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const meta = await sharp(a).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1024, 1024, 'png']);
    expect((await renderImage('  A lighthouse   at sunset ', 'REALISTIC')).equals(a)).toBe(true);
    expect((await renderImage('a harbour full of boats', 'REALISTIC')).equals(a)).toBe(false);
  });

  it('draws the seven styles clearly differently', async () => {
    const sigs = new Map<ImageStyle, Awaited<ReturnType<typeof signature>>>();
    for (const style of IMAGE_STYLES) sigs.set(style, await signature(await renderImage('a lighthouse at sunset over the ocean', style)));
    // Measured between styles on this description: 30–96; the same style rendered twice is 0.
    // 10 leaves room for palette drift while failing if two styles draw alike.
    for (const [i, s1] of IMAGE_STYLES.entries())
      for (const s2 of IMAGE_STYLES.slice(i + 1)) expect(distance(sigs.get(s1)!.pixels, sigs.get(s2)!.pixels), `${s1} vs ${s2}`).toBeGreaterThan(10);
    expect(sigs.get('CARTOON')!.edges).toBeGreaterThan(sigs.get('REALISTIC')!.edges);
  });

  it('follows the words: a sunset is warm, a snowy night is cold and dark', async () => {
    const warm = (await signature(await renderImage('sunset over the ocean', 'REALISTIC'))).mean;
    const cold = (await signature(await renderImage('snowy mountain village at night', 'REALISTIC'))).mean;
    expect(warm[0]!).toBeGreaterThan(warm[2]!);
    expect(cold[2]!).toBeGreaterThan(cold[0]!);
    expect(Math.abs(warm[0]! - cold[0]!) + Math.abs(warm[2]! - cold[2]!)).toBeGreaterThan(30);
  });

  it('renders markup in the description as nothing but a picture', async () => {
    const png = await renderImage('"><script>alert(1)</script><svg onload=alert(1)>', 'CARTOON');
    expect((await sharp(png).metadata()).width).toBe(1024);
  });
});
