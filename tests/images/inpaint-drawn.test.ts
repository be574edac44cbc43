// Inpainting's edge cases on drawn shapes with known ground truth (tests/fixtures/drawn-shapes.ts):
// stripes, noise, a mask on the border, empty and transparent masks. Real photos: image-inpaint.test.ts.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inpaintLocal } from '../../worker/models/inpaint.js';
import { inpaintSamples, largeInpaintSample, type InpaintSample } from '../fixtures/drawn-shapes.js';

// ---------------------------------------------------------------------------------------------
// Helpers

/** Peak resident set size, sampled while the heavy tests run (approximate: JS runs in long sync stretches). */
let peakRss = 0;
let rssTimer: ReturnType<typeof setInterval> | undefined;
const sampleRss = (): void => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
beforeAll(() => {
  rssTimer = setInterval(sampleRss, 25);
});
afterAll(() => {
  if (rssTimer) clearInterval(rssTimer);
});

async function rgba(png: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * One interior point per subject (8-connected component of the ground truth): its centroid when
 * that lies inside the subject, otherwise (e.g. a ring) the subject's deepest pixel.
 */

const luminance = (d: Buffer | Uint8Array, i: number): number => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db || 1);
}

/** Chebyshev distance from a pixel to the object's masked rectangle (mask = object + 2 px). */
function distToMask(s: InpaintSample, x: number, y: number): number {
  const pad = 2;
  const x0 = s.object.x0 - pad;
  const y0 = s.object.y0 - pad;
  const x1 = s.object.x1 - 1 + pad;
  const y1 = s.object.y1 - 1 + pad;
  return Math.max(x0 - x, x - x1, y0 - y, y - y1, 0);
}

// ---------------------------------------------------------------------------------------------
// Background removal

describe('inpaintLocal', () => {
  let samples: InpaintSample[];
  beforeAll(async () => {
    samples = await inpaintSamples();
  });

  async function check(s: InpaintSample): Promise<{ out: Buffer; inp: Buffer }> {
    const outPng = await inpaintLocal(s.image, s.mask);
    expect((await sharp(outPng).metadata()).format).toBe('png');
    const out = (await rgba(outPng)).data;
    const inp = (await rgba(s.image)).data;
    expect(out.length).toBe(inp.length);
    // Outside the (3 px-dilated) mask: byte-identical.
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < s.height; y++) {
      for (let x = 0; x < s.width; x++) {
        const i = (y * s.width + x) * 3;
        const same = out[i] === inp[i] && out[i + 1] === inp[i + 1] && out[i + 2] === inp[i + 2];
        if (distToMask(s, x, y) > 3 && !same) changedOutside++;
        if (distToMask(s, x, y) === 0 && !same) changedInside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0);
    // Inside: moved to the surroundings, away from the object's colour.
    const { x0, y0, x1, y1 } = s.object;
    const inMean = [0, 0, 0];
    let inN = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * s.width + x) * 3;
        for (let c = 0; c < 3; c++) inMean[c]! += out[i + c]!;
        inN++;
      }
    }
    const ringMean = [0, 0, 0];
    let ringN = 0;
    for (let y = 0; y < s.height; y++) {
      for (let x = 0; x < s.width; x++) {
        const d = distToMask(s, x, y);
        if (d <= 3 || d > 27) continue;
        const i = (y * s.width + x) * 3;
        for (let c = 0; c < 3; c++) ringMean[c]! += inp[i + c]!;
        ringN++;
      }
    }
    const mi = inMean.map((v) => v / inN);
    const mr = ringMean.map((v) => v / ringN);
    const toRing = Math.hypot(mi[0]! - mr[0]!, mi[1]! - mr[1]!, mi[2]! - mr[2]!);
    const toObject = Math.hypot(mi[0]! - s.object.color[0], mi[1]! - s.object.color[1], mi[2]! - s.object.color[2]);
    console.log(
      `inpaint ${s.name}: mean inside ${mi.map((v) => v.toFixed(1)).join(',')} vs surroundings ${mr.map((v) => v.toFixed(1)).join(',')} (distance ${toRing.toFixed(1)}; to object colour ${toObject.toFixed(1)})`,
    );
    expect(toRing).toBeLessThan(25);
    expect(toObject).toBeGreaterThan(100);
    return { out, inp };
  }

  /** Variance of luminance over the object's rectangle in `img`. */
  function varianceIn(s: InpaintSample, img: Buffer | Uint8Array): number {
    const { x0, y0, x1, y1 } = s.object;
    let sum = 0;
    let sq = 0;
    let n = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const v = luminance(img, (y * s.width + x) * 3);
        sum += v;
        sq += v * v;
        n++;
      }
    }
    return sq / n - (sum / n) ** 2;
  }

  it('continues vertical stripes through the hole (not a blur)', async () => {
    const s = samples.find((x) => x.name === 'stripes')!;
    const { out, inp } = await check(s);
    const { x0, y0, x1, y1 } = s.object;
    const inside: number[] = [];
    const outside: number[] = [];
    for (let x = x0; x < x1; x++) {
      let a = 0;
      for (let y = y0; y < y1; y++) a += luminance(out, (y * s.width + x) * 3);
      inside.push(a / (y1 - y0));
      let b = 0;
      let n = 0;
      for (let y = 0; y < s.height; y++) {
        if (distToMask(s, x, y) <= 3) continue;
        b += luminance(inp, (y * s.width + x) * 3);
        n++;
      }
      outside.push(b / n);
    }
    const r = pearson(inside, outside);
    const ratio = varianceIn(s, out) / varianceIn(s, s.background);
    console.log(`inpaint stripes: column-profile correlation ${r.toFixed(3)}, variance ratio inside/background ${ratio.toFixed(2)}`);
    expect(r).toBeGreaterThan(0.5);
    expect(ratio).toBeGreaterThan(0.5);
  });

  it('fills a noisy texture with noise', async () => {
    const s = samples.find((x) => x.name === 'noise')!;
    const { out } = await check(s);
    const ratio = varianceIn(s, out) / varianceIn(s, s.background);
    console.log(`inpaint noise: variance ratio inside/background ${ratio.toFixed(2)}`);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('handles a mask touching the image border', async () => {
    const s = samples.find((x) => x.name === 'diagonal-border')!;
    const { out } = await check(s);
    expect(varianceIn(s, out) / varianceIn(s, s.background)).toBeGreaterThan(0.5);
  });

  it('returns the image unchanged for an empty mask (any mask size)', async () => {
    const s = samples[0]!;
    const empty = await sharp({ create: { width: 50, height: 30, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const out = await inpaintLocal(s.image, empty);
    expect((await sharp(out).metadata()).format).toBe('png');
    expect((await rgba(out)).data.equals((await rgba(s.image)).data)).toBe(true);
    // A fully transparent mask is empty too.
    const clear = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
      .png()
      .toBuffer();
    expect((await rgba(await inpaintLocal(s.image, clear))).data.equals((await rgba(s.image)).data)).toBe(true);
  });

  it('accepts a transparent mask painted with an opaque colour (alpha > 127)', async () => {
    const s = samples.find((x) => x.name === 'noise')!;
    const { x0, y0, x1, y1 } = s.object;
    const m = Buffer.alloc(s.width * s.height * 4);
    for (let y = y0 - 2; y < y1 + 2; y++) {
      for (let x = x0 - 2; x < x1 + 2; x++) {
        const i = (y * s.width + x) * 4;
        m[i] = 200; // dark red: luminance < 127, so only the alpha rule marks it
        m[i + 3] = 255;
      }
    }
    const mask = await sharp(m, { raw: { width: s.width, height: s.height, channels: 4 } })
      .png()
      .toBuffer();
    await check({ ...s, mask });
  });

  it('inpaints 12 megapixels with a 2% mask in well under 10 s', async () => {
    const s = await largeInpaintSample(4000, 3000, 0.02);
    sampleRss();
    const t0 = performance.now();
    const outPng = await inpaintLocal(s.image, s.mask);
    const ms = performance.now() - t0;
    sampleRss();
    const out = (await rgba(outPng)).data;
    const { x0, y0, x1, y1 } = s.object;
    let red = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (out[(y * s.width + x) * 3]! > 240 && out[(y * s.width + x) * 3 + 1]! < 40) red++;
    const masked = ((x1 - x0 + 4) * (y1 - y0 + 4)) / (s.width * s.height);
    console.log(`inpainting 12 MP (4000x3000), mask ${(masked * 100).toFixed(2)}%: ${Math.round(ms)} ms; peak RSS so far ${(peakRss / 1e6).toFixed(0)} MB`);
    expect(red).toBe(0); // its speed is measured by `npm run bench images`, not asserted here
  }, 120_000);
});
