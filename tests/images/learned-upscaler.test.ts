// A learned upscaler from a file (docs/learned-models.md): probed when it loads (its scale read
// off its output, an output not in 0..1 refused), run tile by tile with the same result as one
// pass, in bounded tiles whatever the photo's size; 2× is the 4× result reduced exactly; alpha is
// enlarged by the embedded upscaler. The tool picks it when its file is there and no service is
// configured, and the creation says so. Resize models stand in for Real-ESRGAN: same input and
// output names, element type and rank, outputs known functions of the inputs.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkModelFile, type ReadyFile } from '../../worker/models/learned/model-file.js';
import type { UpscalerKind } from '../../worker/models/learned/families.js';
import { resample } from '../../worker/models/learned/resample.js';
import { enlargeTiled } from '../../worker/models/learned/tiles.js';
import { loadUpscaler, upscaleLearned, type LoadedUpscaler } from '../../worker/models/learned/upscaler.js';
import { chooseUpscaler } from '../../worker/tools/upscale-image/provider.js';
import { upscaleImage } from '../../worker/tools/upscale-image/upscale.js';
import { followJob, gqlOk, gqlUpload, signUp, startStack } from '../helpers/server.js';
import { resizeUpscaler, writeModel } from '../helpers/onnx-models.js';

const folder = () => mkdtempSync(join(tmpdir(), 'atelier-models-'));
const never = new AbortController().signal;

/** A ready upscaler file for a model the test wrote (its checksum vouched for, as an operator would). */
async function upscalerFile(bytes: Buffer, name = 'realesr-general-x4v3.onnx'): Promise<ReadyFile<UpscalerKind>> {
  const dir = folder();
  const model = writeModel(join(dir, name), bytes);
  const file = await checkModelFile('upscale', { dir, inpaint: {}, upscale: { path: model.path, sha256: model.sha256 } });
  expect(file.status, (file as { reason?: string }).reason).toBe('ready');
  return file as ReadyFile<UpscalerKind>;
}

/** A smooth but busy RGB image (no two neighbours alike), as PNG and raw. */
async function pattern(W: number, H: number, alpha = false) {
  const c = alpha ? 4 : 3;
  const raw = Buffer.alloc(W * H * c);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * c;
      raw[i] = Math.round(127 + 100 * Math.sin(x / 7) * Math.cos(y / 11));
      raw[i + 1] = (x * 3 + y * 5) % 256;
      raw[i + 2] = Math.round(128 + 90 * Math.sin((x + y) / 5));
      if (alpha) raw[i + 3] = Math.min(255, Math.round((255 * x) / W + (y % 7)));
    }
  return {
    raw,
    png: await sharp(raw, { raw: { width: W, height: H, channels: c } })
      .png()
      .toBuffer(),
  };
}

const decode = async (png: Buffer) => sharp(png).raw().toBuffer({ resolveWithObject: true });
const maxDiff = (a: Buffer, b: Buffer) => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
};

describe('the learned upscaler', () => {
  it('is probed when it loads: its scale comes from its output; an output not in 0..1 is refused, saying so', async () => {
    const u = await loadUpscaler(await upscalerFile(resizeUpscaler({ scale: 4, mode: 'nearest' })));
    expect([u.name, u.scale, u.geometry]).toEqual(['realesr-general-x4v3', 4, { interior: 192, pad: 24, feather: 16, fixed: null }]);
    expect(u.msPerPixel).toBeGreaterThan(0);
    await expect(loadUpscaler(await upscalerFile(resizeUpscaler({ scale: 4, mode: 'nearest', gain: 255 }), 'bright.onnx'))).rejects.toThrow(
      "a mid-grey tile (0.5) came out averaging 127.50: not an image in 0..1 as Real-ESRGAN's exports give",
    );
  });

  it('a known pixel comes back as expected: nearest 4× gives each pixel a 4×4 block of its colour; 2× is that 4× result reduced by Lanczos-3', async () => {
    const u = await loadUpscaler(await upscalerFile(resizeUpscaler({ scale: 4, mode: 'nearest' }), 'nearest.onnx'));
    const { raw, png } = await pattern(90, 70);
    const four = await upscaleLearned(u, png, 4, { maxPixels: 36e6, signal: never });
    const big = await decode(four.bytes);
    expect([big.info.width, big.info.height, big.info.channels]).toEqual([360, 280, 3]);
    for (const [x, y] of [
      [0, 0],
      [45, 33],
      [89, 69],
      [12, 60],
    ] as const) {
      for (let k = 0; k < 3; k++) {
        const v = raw[(y * 90 + x) * 3 + k]!;
        for (const [dx, dy] of [
          [0, 0],
          [3, 3],
          [1, 2],
        ] as const)
          expect(big.data[((y * 4 + dy) * 360 + x * 4 + dx) * 3 + k]).toBe(v);
      }
    }
    const two = await decode((await upscaleLearned(u, png, 2, { maxPixels: 36e6, signal: never })).bytes);
    expect([two.info.width, two.info.height]).toEqual([180, 140]);
    const reduced = resample(Float32Array.from(big.data), 360, 280, 3, 180, 140, 'lanczos3');
    const expected = Buffer.from(Array.from(reduced, (v) => Math.max(0, Math.min(255, Math.round(v)))));
    expect(maxDiff(two.data, expected)).toBeLessThanOrEqual(1);
  });

  it('tile by tile gives the result of one pass (a linear resize, within a level), and a large photo is worked in bounded tiles', async () => {
    const u = await loadUpscaler(await upscalerFile(resizeUpscaler({ scale: 4, mode: 'linear' }), 'linear.onnx'));
    const { png } = await pattern(230, 150);
    const whole = await upscaleLearned({ ...u, geometry: { interior: 100_000, pad: 0, feather: 0, fixed: null } }, png, 4, { maxPixels: 36e6 });
    const tiled = await upscaleLearned({ ...u, geometry: { interior: 40, pad: 12, feather: 8, fixed: null } }, png, 4, { maxPixels: 36e6 });
    expect(whole.tiles).toBe(1);
    expect(tiled.tiles).toBe(6 * 4);
    expect(maxDiff((await decode(whole.bytes)).data, (await decode(tiled.bytes)).data)).toBeLessThanOrEqual(1);

    const large = await pattern(1000, 760);
    const out = await upscaleLearned(u, large.png, 2, { maxPixels: 36e6 });
    expect([out.width, out.height]).toEqual([2000, 1520]);
    expect(out.tiles).toBe(6 * 4);
    expect(out.largest.width).toBeLessThanOrEqual(240);
    expect(out.largest.height).toBeLessThanOrEqual(240);
  });

  it('neighbouring tiles are blended linearly across each cut, over the feather, and are their own beyond it', async () => {
    // Two tiles side by side (then one above the other) whose model gives 0 and 200: k = 2, a
    // feather of 8 px across the cut at 50, so output 92..107 ramps and the rest is one or the other.
    const g = { interior: 50, pad: 8, feather: 8, fixed: null };
    const flat = (region: { x: number; y: number; width: number; height: number }) =>
      Promise.resolve(new Float32Array(region.width * 2 * region.height * 2 * 3).fill(region.x + region.y === 0 ? 0 : 200));
    const across = await enlargeTiled(100, 4, 2, g, flat);
    const row = Array.from({ length: 200 }, (_, X) => across.rgb[X * 3]!);
    const ramp = (X: number) => Math.round((200 * (X + 0.5 - 92)) / 16);
    expect(row.slice(0, 92).every((v) => v === 0)).toBe(true);
    expect(row.slice(92, 108)).toEqual(Array.from({ length: 16 }, (_, i) => ramp(92 + i)));
    expect(row.slice(108).every((v) => v === 200)).toBe(true);
    const down = await enlargeTiled(4, 100, 2, g, flat);
    const column = Array.from({ length: 200 }, (_, Y) => down.rgb[Y * 8 * 3 + 1]!);
    expect(column).toEqual(row);
  });

  it('an export of fixed size gets tiles of exactly that size (a smaller photo padded); an NHWC export works alike', async () => {
    const { raw, png } = await pattern(50, 20);
    const nearest = await decode(
      await sharp(raw, { raw: { width: 50, height: 20, channels: 3 } })
        .resize(200, 80, { kernel: 'nearest' })
        .png()
        .toBuffer(),
    );
    const fixed = await loadUpscaler(await upscalerFile(resizeUpscaler({ scale: 4, mode: 'nearest', side: 32 }), 'fixed.onnx'));
    expect(fixed.geometry).toEqual({ interior: 24, pad: 4, feather: 4, fixed: { width: 32, height: 32 } });
    const a = await upscaleLearned(fixed, png, 4, { maxPixels: 36e6 });
    expect([a.tiles, a.largest]).toEqual([3, { width: 32, height: 32 }]);
    expect((await decode(a.bytes)).data.equals(nearest.data)).toBe(true);
    const nhwc = await loadUpscaler(await upscalerFile(resizeUpscaler({ scale: 4, mode: 'nearest', nhwc: true }), 'nhwc.onnx'));
    expect((await decode((await upscaleLearned(nhwc, png, 4, { maxPixels: 36e6 })).bytes)).data.equals(nearest.data)).toBe(true);
  });

  it('alpha is enlarged by the embedded upscaler, the colour by the model', async () => {
    const u: LoadedUpscaler = await loadUpscaler(await upscalerFile(resizeUpscaler({ scale: 4, mode: 'nearest' }), 'alpha.onnx'));
    const { raw, png } = await pattern(40, 30, true);
    const out = await decode((await upscaleLearned(u, png, 2, { maxPixels: 36e6 })).bytes);
    expect([out.info.width, out.info.height, out.info.channels]).toEqual([80, 60, 4]);
    const a = Buffer.alloc(40 * 30);
    for (let i = 0; i < a.length; i++) a[i] = raw[i * 4 + 3]!;
    const grey = await sharp(a, { raw: { width: 40, height: 30, channels: 1 } })
      .png()
      .toBuffer();
    const classical = await sharp((await upscaleImage(grey, 2, { maxPixels: 36e6 })).bytes)
      .extractChannel(0)
      .raw()
      .toBuffer();
    const alpha = Buffer.alloc(80 * 60);
    for (let i = 0; i < alpha.length; i++) alpha[i] = out.data[i * 4 + 3]!;
    expect(alpha.equals(classical)).toBe(true);
  });

  it('a file that fails its probe is refused when first used: the embedded upscaler does it, and the creation says why', async () => {
    const dir = folder();
    const model = writeModel(join(dir, 'realesr-general-x4v3.onnx'), resizeUpscaler({ scale: 4, mode: 'nearest', gain: 255 }));
    const config = { modelsDir: dir, UPSCALE_MODEL_SHA256: model.sha256, IMAGE_MAX_PIXELS: 40e6, JOB_TIMEOUT_MS: 120_000, CLIPDROP_BASE_URL: 'https://clipdrop-api.co' };
    const upscaler = await chooseUpscaler(config as Parameters<typeof chooseUpscaler>[0]);
    expect([upscaler.name, upscaler.concurrency]).toEqual(['learned', 1]);
    const { png } = await pattern(30, 20);
    const out = await upscaler.upscale(png, 2, never);
    expect(out.details).toEqual({ provider: 'local', learned: "realesr-general-x4v3 could not be used (see the worker's log)" });
    expect((await sharp((out as { bytes: Buffer }).bytes).metadata()).width).toBe(60);
  });
});

describe('the Image upscaler tool with a learned model file', () => {
  const UPSCALE = 'mutation($image: Upload!, $scale: Int!) { upscaleImage(image: $image, scale: $scale) { id } }';
  let stack: Awaited<ReturnType<typeof startStack>>;
  let token: string;
  beforeAll(async () => {
    const dir = folder();
    const model = writeModel(join(dir, 'realesr-general-x4v3.onnx'), resizeUpscaler({ scale: 4, mode: 'nearest' }));
    stack = await startStack({ MODELS_DIR: dir, UPSCALE_MODEL_SHA256: model.sha256, TOOL_RATE_PER_MINUTE: '200' });
    token = (await signUp(stack.url, 'Lena', 'learned-upscale')).token;
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, token);
  });
  afterAll(() => stack.close());

  it("picks the learned model when its file is there and no service is set: provider 'learned', the model named, the image 2× larger", async () => {
    const { raw, png } = await pattern(64, 48);
    const r = await gqlUpload(stack.url, UPSCALE, { scale: 2 }, { image: { data: png, filename: 'p.png', type: 'image/png' } }, token);
    expect(r.errors).toBeUndefined();
    const events = await followJob(stack.url, token, r.data!.upscaleImage.id, 60_000);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'UPSCALE', provider: 'learned' } });
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    expect(row.metadata).toMatchObject({ provider: 'learned', model: 'realesr-general-x4v3', scale: 2, width: 128, height: 96 });
    const res = await fetch(new URL(last.creation!.content, stack.url));
    const out = await decode(Buffer.from(await res.arrayBuffer()));
    // Nearest 4× reduced by 2: a flat 2×2 block of a pixel's colour stays its colour at the block's middle.
    const four = resample(
      Float32Array.from(
        await decode(
          await sharp(raw, { raw: { width: 64, height: 48, channels: 3 } })
            .resize(256, 192, { kernel: 'nearest' })
            .png()
            .toBuffer(),
        ).then((d) => d.data),
      ),
      256,
      192,
      3,
      128,
      96,
      'lanczos3',
    );
    const expected = Buffer.from(Array.from(four, (v) => Math.max(0, Math.min(255, Math.round(v)))));
    expect(maxDiff(out.data, expected)).toBeLessThanOrEqual(1);
  });
});
