// Background removal's options and every image tool's output format (docs/api-v1.md, "Background
// removal" and "Output format"), end to end in the embedded mode: a real cut-out pasted on a real
// plate (tests/fixtures/ground-truth.ts, its alpha the exact subject) goes through GraphQL, the
// queue, the real segmenter and storage, and the stored file is fetched and read back.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composite, type Composite } from '../fixtures/ground-truth.js';
import { followJob, gql, gqlOk, gqlUpload, signUp, startStack } from '../helpers/server.js';
import { createTestApiKey } from '../helpers/api-keys.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let premium: { token: string; user: { id: string } };
let photo: Composite;
const BRICK = readFileSync(join(import.meta.dirname, '../fixtures/photos/brick.png'));
const W = 800;
const H = 600;

beforeAll(async () => {
  // The segmenter's run takes minutes on a busy machine: the job's limit is not what is tested here.
  stack = await startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200', JOB_TIMEOUT_MS: '480000' });
  premium = await signUp(stack.url, 'Bea', 'bgopts');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
  // A cat's head on grass, low in the frame: grass in every corner, room below it for a shadow.
  photo = await composite({ cutout: 'cat', plate: 'grass', width: W, height: H, size: 0.45, at: { x: 0.5, y: 0.45 }, plateScale: 1.2 });
}, 60_000);
afterAll(() => stack?.close());

const REMOVE_BG = `mutation($image: Upload, $backgroundImage: Upload, $background: BackgroundFill, $color: String, $crop: Boolean, $margin: Int,
  $shadow: Boolean, $format: ImageOutputFormat, $quality: Int) {
  removeBackground(image: $image, backgroundImage: $backgroundImage, background: $background, color: $color, crop: $crop, margin: $margin,
    shadow: $shadow, format: $format, quality: $quality) { id } }`;

const MAGIC = { png: '89504e470d0a1a0a', jpg: 'ffd8ff', webp: '52494646' } as const;
const TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

interface Result {
  bytes: Buffer;
  ext: keyof typeof MAGIC;
  metadata: Record<string, unknown>;
  raw: { data: Buffer; width: number; height: number; channels: number };
}

/** Runs background removal on the photo with these options and reads back the stored file, checked against its name and type. */
async function removeBackground(options: Record<string, unknown>, backdrop?: Buffer): Promise<Result> {
  const files = {
    image: { data: photo.png, filename: 'cat.png', type: 'image/png' },
    ...(backdrop ? { backgroundImage: { data: backdrop, filename: 'bg.png', type: 'image/png' } } : {}),
  };
  const r = await gqlUpload<{ removeBackground: { id: string } }>(stack.url, REMOVE_BG, options, files, premium.token);
  expect(r.errors).toBeUndefined();
  const last = (await followJob(stack.url, premium.token, r.data!.removeBackground.id, 500_000)).at(-1)!;
  expect(last.phase, last.message ?? '').toBe('COMPLETED');
  return fetchResult(last.creation!.id, last.creation!.content);
}

async function fetchResult(id: string, content: string): Promise<Result> {
  const ext = /\.(png|jpg|webp)(\?|$)/.exec(content)?.[1] as keyof typeof MAGIC;
  expect(ext).toBeDefined();
  const res = await fetch(`${stack.url}${content}`);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  // The name and the content type say what the bytes are.
  expect(res.headers.get('content-type')).toBe(TYPES[ext]);
  expect(bytes.subarray(0, MAGIC[ext].length / 2).toString('hex')).toBe(MAGIC[ext]);
  if (ext === 'webp') expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id } });
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { bytes, ext, metadata: row.metadata as Record<string, unknown>, raw: { data, width: info.width, height: info.height, channels: info.channels } };
}

const pixel = (r: Result['raw'], x: number, y: number) => [...r.data.subarray((y * r.width + x) * r.channels, (y * r.width + x + 1) * r.channels)];

/** The four 6×6 corner patches' pixels. */
function corners(r: Result['raw']): number[][] {
  const out: number[][] = [];
  for (const [cx, cy] of [
    [0, 0],
    [r.width - 6, 0],
    [0, r.height - 6],
    [r.width - 6, r.height - 6],
  ] as const) {
    for (let y = cy; y < cy + 6; y++) for (let x = cx; x < cx + 6; x++) out.push(pixel(r, x, y).slice(0, 3));
  }
  return out;
}

const luma = (p: number[]) => 0.299 * p[0]! + 0.587 * p[1]! + 0.114 * p[2]!;

describe('background options on a real photo', () => {
  let plain: Result;

  it('COLOR: every corner is exactly the colour, opaque, a PNG of the photo’s size by default', async () => {
    plain = await removeBackground({ background: 'COLOR', color: '#FF00AA' });
    expect(plain.ext).toBe('png');
    expect([plain.raw.width, plain.raw.height, plain.raw.channels]).toEqual([W, H, 3]);
    for (const p of corners(plain.raw)) expect(p).toEqual([255, 0, 170]);
    // The subject is still there: its middle is the photo's, not the colour.
    const mid = pixel(plain.raw, photo.box.x + (photo.box.width >> 1), photo.box.y + (photo.box.height >> 1));
    expect(mid).not.toEqual([255, 0, 170]);
    expect(plain.metadata).toMatchObject({ background: 'COLOR', color: '#ff00aa', format: 'PNG', width: W, height: H });
  }, 540_000);

  it('shadow: the pixels just under the subject are darker than without it; the corners stay the colour', async () => {
    const shaded = await removeBackground({ background: 'COLOR', color: '#ff00aa', shadow: true });
    // The band below the subject's bottom edge, where the plain result shows the colour itself.
    const { x, y, width, height } = photo.box;
    let [darker, compared, sumPlain, sumShaded] = [0, 0, 0, 0];
    for (let yy = y + height + 1; yy < y + height + Math.round(height * 0.05); yy++) {
      for (let xx = x + Math.round(width * 0.2); xx < x + Math.round(width * 0.8); xx++) {
        const p = pixel(plain.raw, xx, yy);
        if (p[0] !== 255 || p[1] !== 0 || p[2] !== 170) continue;
        const s = pixel(shaded.raw, xx, yy);
        compared++;
        if (luma(s) < luma(p) - 4) darker++;
        sumPlain += luma(p);
        sumShaded += luma(s);
      }
    }
    expect(compared).toBeGreaterThan(200);
    expect(darker / compared).toBeGreaterThan(0.9);
    expect(sumShaded / compared).toBeLessThan(sumPlain / compared - 15);
    for (const p of corners(shaded.raw)) expect(p).toEqual([255, 0, 170]);
    expect(shaded.metadata).toMatchObject({ shadow: true });
  }, 540_000);

  it('BLUR as WebP: fully opaque, and the background is the photo’s own, blurred (not the original)', async () => {
    const blurred = await removeBackground({ background: 'BLUR', format: 'WEBP', quality: 85 });
    expect(blurred.ext).toBe('webp');
    const meta = await sharp(blurred.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([W, H]);
    const { data: alpha } = await sharp(blurred.bytes).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    expect(alpha.every((a) => a === 255)).toBe(true);
    // Away from the subject: close to the grass's colours on average, but its detail smoothed away.
    let [diff, n, edges, edgesOriginal] = [0, 0, 0, 0];
    for (let yy = 10; yy < 110; yy++) {
      for (let xx = 10; xx < 210; xx++) {
        const b = pixel(blurred.raw, xx, yy);
        const o = [...photo.data.subarray((yy * W + xx) * 3, (yy * W + xx) * 3 + 3)];
        diff += Math.abs(luma(b) - luma(o));
        edges += Math.abs(luma(b) - luma(pixel(blurred.raw, xx + 1, yy)));
        edgesOriginal += Math.abs(luma(o) - luma([...photo.data.subarray((yy * W + xx + 1) * 3, (yy * W + xx + 2) * 3)]));
        n++;
      }
    }
    expect(diff / n).toBeGreaterThan(4);
    expect(edges).toBeLessThan(edgesOriginal * 0.35);
    expect(blurred.metadata).toMatchObject({ background: 'BLUR', format: 'WEBP', quality: 85 });
  }, 540_000);

  let jpegHigh: Result;
  it('IMAGE as JPEG: the corners are the uploaded background’s, fitted to cover the photo', async () => {
    jpegHigh = await removeBackground({ background: 'IMAGE', format: 'JPEG', quality: 95 }, BRICK);
    expect(jpegHigh.ext).toBe('jpg');
    expect([jpegHigh.raw.width, jpegHigh.raw.height]).toEqual([W, H]);
    const { data, info } = await sharp(BRICK).resize(W, H, { fit: 'cover', position: 'centre' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const expected = corners({ data, width: info.width, height: info.height, channels: 3 });
    const got = corners(jpegHigh.raw);
    const meanDiff =
      got.reduce((s, p, i) => s + Math.abs(p[0]! - expected[i]![0]!) + Math.abs(p[1]! - expected[i]![1]!) + Math.abs(p[2]! - expected[i]![2]!), 0) / (got.length * 3);
    expect(meanDiff).toBeLessThan(8);
    // Not just any picture: the grass the photo had there is far from it.
    const grass = corners({ data: photo.data, width: W, height: H, channels: 3 });
    const fromGrass = got.reduce((s, p, i) => s + Math.abs(p[1]! - grass[i]![1]!), 0) / got.length;
    expect(fromGrass).toBeGreaterThan(meanDiff + 10);
    expect(jpegHigh.metadata).toMatchObject({ background: 'IMAGE', format: 'JPEG', quality: 95 });
  }, 540_000);

  it('JPEG quality changes the file: quality 20 is much smaller than 95', async () => {
    const low = await removeBackground({ background: 'IMAGE', format: 'JPEG', quality: 20 }, BRICK);
    expect(low.ext).toBe('jpg');
    expect(low.bytes.length).toBeLessThan(jpegHigh.bytes.length * 0.5);
  }, 540_000);

  it('crop: smaller than the photo, the whole subject inside with the margin around it, transparent', async () => {
    const margin = 10;
    const cropped = await removeBackground({ crop: true, margin });
    expect(cropped.ext).toBe('png');
    expect(cropped.raw.channels).toBe(4);
    const crop = cropped.metadata.crop as { left: number; top: number; width: number; height: number };
    expect([cropped.raw.width, cropped.raw.height]).toEqual([crop.width, crop.height]);
    expect(crop.width * crop.height).toBeLessThan(W * H * 0.6);
    const box = photo.box;
    const m = (margin / 100) * Math.max(box.width, box.height);
    const slack = 0.03 * Math.max(box.width, box.height) + 3;
    // Each side: the subject's edge plus the margin, as far as the segmenter's outline and the photo's edges allow.
    expect(Math.abs(box.x - crop.left - m)).toBeLessThan(slack);
    expect(Math.abs(box.y - crop.top - m)).toBeLessThan(slack);
    expect(Math.abs(crop.left + crop.width - (box.x + box.width) - m)).toBeLessThan(slack);
    expect(Math.abs(crop.top + crop.height - (box.y + box.height) - m)).toBeLessThan(slack);
    // The subject's middle is opaque, the crop's corners transparent.
    expect(pixel(cropped.raw, box.x + (box.width >> 1) - crop.left, box.y + (box.height >> 1) - crop.top)[3]).toBe(255);
    expect(pixel(cropped.raw, 0, 0)[3]).toBe(0);
  }, 540_000);
});

describe('bad input is refused with a code, and nothing is kept', () => {
  const refused = async (options: Record<string, unknown>, backdrop?: { data: Buffer; filename: string; type: string }) => {
    const files = { image: { data: photo.png, filename: 'cat.png', type: 'image/png' }, ...(backdrop ? { backgroundImage: backdrop } : {}) };
    const r = await gqlUpload(stack.url, REMOVE_BG, options, files, premium.token);
    expect(r.data?.removeBackground ?? null).toBeNull();
    return r.errors![0]!;
  };

  it('says what is wrong with each', async () => {
    const jobsBefore = await stack.server.app.services.db.job.count({ where: { userId: premium.user.id } });
    expect(await refused({ background: 'COLOR', color: 'red' })).toMatchObject({ message: expect.stringContaining('#'), extensions: { code: 'BAD_USER_INPUT', field: 'color' } });
    expect(await refused({ background: 'COLOR' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'color' } });
    expect(await refused({ background: 'BLUR', format: 'JPEG', quality: 0 })).toMatchObject({
      message: 'The quality must be a whole number from 1 to 100',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await refused({ background: 'BLUR', format: 'WEBP', quality: 101 })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'quality' } });
    expect(await refused({ quality: 80, format: 'PNG' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'quality' } });
    const jpeg = await refused({ format: 'JPEG' });
    expect(jpeg).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'format' } });
    expect(jpeg.message).toMatch(/transparent.*COLOR, BLUR or IMAGE/);
    expect(await refused({ background: 'IMAGE' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'backgroundImage' } });
    expect(await refused({ background: 'COLOR', color: '#000000' }, { data: BRICK, filename: 'bg.png', type: 'image/png' })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'backgroundImage' },
    });
    const notImage = await refused({ background: 'IMAGE' }, { data: Buffer.from('just some text, not a picture'), filename: 'bg.png', type: 'image/png' });
    expect(notImage).toMatchObject({ extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect(notImage.message).toContain('background image');
    expect(await stack.server.app.services.db.job.count({ where: { userId: premium.user.id } })).toBe(jobsBefore);
    expect(listUploads()).toEqual([]);
  });

  it('the REST mirror and /api/v1 read the same fields from a multipart body', async () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      f.append('image', new Blob([new Uint8Array(photo.png)], { type: 'image/png' }), 'cat.png');
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      return f;
    };
    const rest = await fetch(`${stack.url}/api/ai/remove-image-background`, {
      method: 'POST',
      headers: { authorization: `Bearer ${premium.token}` },
      body: form({ background: 'BLUR', format: 'JPEG', quality: '500' }),
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ success: false, message: 'The quality must be a whole number from 1 to 100' });
    const key = await createTestApiKey(stack.server.app.services.db, premium.user.id);
    const v1 = await fetch(`${stack.url}/api/v1/background-removals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}` },
      body: form({ background: 'COLOR', color: '#12345' }),
    });
    expect(v1.status).toBe(400);
    expect(await v1.json()).toMatchObject({ code: 'BAD_USER_INPUT', field: 'color' });
    expect(listUploads()).toEqual([]);
  });
});

/** The private uploads still kept (none once a refused request is answered). */
function listUploads(): string[] {
  try {
    return readdirSync(join(stack.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
}

describe('output format of the other image tools', () => {
  const UPSCALE = 'mutation($image: Upload!, $format: ImageOutputFormat, $quality: Int) { upscaleImage(image: $image, scale: 2, format: $format, quality: $quality) { id } }';

  it('upscale as WebP and JPEG: the stored file is what its name says', async () => {
    const small = await sharp(photo.png).resize(200, 150).png().toBuffer();
    for (const [format, ext] of [
      ['WEBP', 'webp'],
      ['JPEG', 'jpg'],
    ] as const) {
      const r = await gqlUpload<{ upscaleImage: { id: string } }>(
        stack.url,
        UPSCALE,
        { format, quality: 70 },
        { image: { data: small, filename: 's.png', type: 'image/png' } },
        premium.token,
      );
      expect(r.errors).toBeUndefined();
      const last = (await followJob(stack.url, premium.token, r.data!.upscaleImage.id, 120_000)).at(-1)!;
      expect(last.phase, last.message ?? '').toBe('COMPLETED');
      const result = await fetchResult(last.creation!.id, last.creation!.content);
      expect(result.ext).toBe(ext);
      expect([result.raw.width, result.raw.height]).toEqual([400, 300]);
      expect(result.metadata).toMatchObject({ format, quality: 70 });
    }
  }, 540_000);

  it('upscale refuses JPEG for a picture with transparent parts, before the work, saying what to choose', async () => {
    const clear = await sharp({ create: { width: 120, height: 90, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const r = await gqlUpload<{ upscaleImage: { id: string } }>(
      stack.url,
      UPSCALE,
      { format: 'JPEG' },
      { image: { data: clear, filename: 'c.png', type: 'image/png' } },
      premium.token,
    );
    const last = (await followJob(stack.url, premium.token, r.data!.upscaleImage.id, 60_000)).at(-1)!;
    expect(last.phase).toBe('FAILED');
    expect(last.message).toMatch(/transparent.*PNG or WEBP/);
    const job = await stack.server.app.services.db.job.findUniqueOrThrow({ where: { id: r.data!.upscaleImage.id } });
    expect(job.errorCode).toBe('BAD_USER_INPUT');
  }, 120_000);

  it('image generation as JPEG', async () => {
    const { generateImage } = await gqlOk<{ generateImage: { id: string } }>(
      stack.url,
      'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }',
      { input: { description: 'a lighthouse', format: 'JPEG', quality: 60 } },
      premium.token,
    );
    const last = (await followJob(stack.url, premium.token, generateImage.id, 120_000)).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const result = await fetchResult(last.creation!.id, last.creation!.content);
    expect(result.ext).toBe('jpg');
    expect(result.metadata).toMatchObject({ format: 'JPEG', quality: 60 });
    const bad = await gql(stack.url, 'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }', { input: { description: 'x', quality: 50 } }, premium.token);
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'quality' } });
  }, 180_000);
});
