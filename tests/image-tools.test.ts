// The image tools end to end in the embedded mode, over real HTTP and WebSocket.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundRemovalSamples, inpaintSamples } from '../server/providers/image/local/testset.js';
import { collect, followJob, gql, gqlOk, gqlUpload, signUp, startStack, waitFor, wsClient } from './helpers/server.js';
import { makePdf } from './helpers/pdf.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let premium: { token: string; user: { id: string } };
let free: { token: string };

beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
  premium = await signUp(stack.url, 'Pixel', 'pixel');
  free = await signUp(stack.url, 'Freddie', 'freddie');
  await gqlOk(stack.url, 'mutation { changePlan(plan: PREMIUM) { plan } }', {}, premium.token);
});
afterAll(() => stack.close());

const GENERATE = 'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }';
const REMOVE_BG = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';
const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String!, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id } }';

const listDir = (sub: string) => {
  try {
    return readdirSync(join(stack.config.dataDir, sub));
  } catch {
    return [];
  }
};

async function fetchImage(url: string) {
  const res = await fetch(`${stack.url}${url}`);
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('image generation', () => {
  it('renders a 1024×1024 PNG, serves it, and a published one reaches the community live', async () => {
    const watcher = wsClient(stack.url, free.token);
    const published = collect<{ creationPublished: { id: string; content: string; prompt: string } }>(watcher, 'subscription { creationPublished { id content prompt } }');
    await waitFor(() => stack.server.app.services.pubsub.listenerCount() > 0, 5000, 'subscription');
    const { generateImage: job } = await gqlOk(stack.url, GENERATE, { input: { description: 'a lighthouse at sunset', style: 'GHIBLI', publish: true } }, premium.token);
    const events = await followJob(stack.url, premium.token, job.id);
    const last = events.at(-1)!;
    expect(last.phase).toBe('COMPLETED');
    expect(last.creation).toMatchObject({ type: 'IMAGE', provider: 'local' });
    const url = last.creation!.content;
    expect(url).toMatch(/^\/files\/[0-9a-f]{64}\.png$/);
    const { res, bytes } = await fetchImage(url);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
    await waitFor(() => published.items.length > 0, 5000, 'creationPublished');
    expect(published.items[0]!.creationPublished).toEqual({ id: last.creation!.id, content: url, prompt: 'Generate an image of a lighthouse at sunset in the style Ghibli' });
    published.dispose();
    await watcher.dispose();
    // The same prompt and style give the same image (content-addressed: the same URL).
    const again = await gqlOk(stack.url, GENERATE, { input: { description: 'a lighthouse at sunset', style: 'GHIBLI' } }, premium.token);
    expect((await followJob(stack.url, premium.token, again.generateImage.id)).at(-1)!.creation!.content).toBe(url);
  });

  it('needs Premium and a description', async () => {
    expect((await gql(stack.url, GENERATE, { input: { description: 'x' } }, free.token)).errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');
    const blank = await gql(stack.url, GENERATE, { input: { description: '  ' } }, premium.token);
    expect(blank.errors?.[0]).toMatchObject({ message: 'Please enter an image description', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('answers the REST mirror with the image URL', async () => {
    const res = await fetch(`${stack.url}/api/ai/generate-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${premium.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Generate an image of a snowy village at night in the style 3D', publish: false }),
    });
    const body = (await res.json()) as { success: boolean; content: string };
    expect(body.success).toBe(true);
    expect(body.content).toMatch(/^\/files\/[0-9a-f]{64}\.png$/);
    const row = await stack.server.app.services.db.creation.findFirstOrThrow({ where: { content: body.content, userId: premium.user.id } });
    expect(row.metadata).toMatchObject({ style: 'THREE_D' });
  });
});

describe('background removal', () => {
  it('cuts the subject out: corners transparent, subject opaque, size kept', async () => {
    const sample = (await backgroundRemovalSamples())[1]!;
    const r = await gqlUpload(stack.url, REMOVE_BG, {}, { image: { data: sample.image, filename: 'photo.png', type: 'image/png' } }, premium.token);
    expect(r.errors).toBeUndefined();
    const last = (await followJob(stack.url, premium.token, r.data!.removeBackground.id)).at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'BACKGROUND_REMOVAL' } });
    const { bytes } = await fetchImage(last.creation!.content);
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([sample.width, sample.height]);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    for (const [x, y] of [[0, 0], [info.width - 1, 0], [0, info.height - 1], [info.width - 1, info.height - 1]]) expect(alpha(x!, y!)).toBe(0);
    let sx = 0;
    let sy = 0;
    let n = 0;
    sample.mask.forEach((m, i) => {
      if (m) {
        sx += i % sample.width;
        sy += Math.floor(i / sample.width);
        n += 1;
      }
    });
    expect(alpha(Math.round(sx / n), Math.round(sy / n))).toBe(255);
    expect(listDir('uploads')).toEqual([]);
  });
});

describe('object removal', () => {
  it('inpaints the brushed mask (REST): outside unchanged, inside moved toward the surroundings', async () => {
    const sample = (await inpaintSamples())[0]!;
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(sample.image)], { type: 'image/png' }), 'stripes.png');
    form.append('object', 'square');
    form.append('mask', new Blob([new Uint8Array(sample.mask)], { type: 'image/png' }), 'mask.png');
    const res = await fetch(`${stack.url}/api/ai/remove-image-object`, { method: 'POST', headers: { authorization: `Bearer ${premium.token}` }, body: form });
    const body = (await res.json()) as { success: boolean; content: string };
    expect(body.success).toBe(true);
    const { bytes } = await fetchImage(body.content);
    const out = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const input = await sharp(sample.image).removeAlpha().raw().toBuffer();
    const mask = await sharp(sample.mask).greyscale().raw().toBuffer();
    expect([out.info.width, out.info.height]).toEqual([sample.width, sample.height]);
    // Far outside the mask (beyond its dilation), pixels are untouched.
    let changedOutside = 0;
    const { x0, y0, x1, y1, color } = sample.object;
    for (let y = 0; y < sample.height; y++)
      for (let x = 0; x < sample.width; x++) {
        const far = x < x0 - 8 || x >= x1 + 8 || y < y0 - 8 || y >= y1 + 8;
        if (!far) continue;
        const i = (y * sample.width + x) * 3;
        if (out.data[i] !== input[i] || out.data[i + 1] !== input[i + 1] || out.data[i + 2] !== input[i + 2]) changedOutside += 1;
      }
    expect(changedOutside).toBe(0);
    // Inside, the object's colour is gone and the fill is close to the background there.
    let distObject = 0;
    let distBackground = 0;
    let n = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        if (mask[y * sample.width + x]! < 128) continue;
        const i = (y * sample.width + x) * 3;
        const px = [out.data[i]!, out.data[i + 1]!, out.data[i + 2]!];
        distObject += Math.hypot(px[0]! - color[0], px[1]! - color[1], px[2]! - color[2]);
        distBackground += Math.hypot(px[0]! - sample.background[i]!, px[1]! - sample.background[i + 1]!, px[2]! - sample.background[i + 2]!);
        n += 1;
      }
    expect(distObject / n).toBeGreaterThan(150);
    expect(distBackground / n).toBeLessThan(distObject / n / 2);
    const row = await stack.server.app.services.db.creation.findFirstOrThrow({ where: { content: body.content } });
    expect(row).toMatchObject({ type: 'OBJECT_REMOVAL', prompt: 'Removed square from image' });
    expect(listDir('uploads')).toEqual([]);
  });

  it('needs one word, and a mask when no removal service is configured', async () => {
    const sample = (await inpaintSamples())[0]!;
    const twoWords = await gqlUpload(stack.url, REMOVE_OBJECT, { object: 'red car' }, { image: { data: sample.image, filename: 'a.png' } }, premium.token);
    expect(twoWords.errors?.[0]).toMatchObject({ message: 'Please enter only one object name', extensions: { code: 'BAD_USER_INPUT' } });
    const noMask = await gqlUpload(stack.url, REMOVE_OBJECT, { object: 'car' }, { image: { data: sample.image, filename: 'a.png' } }, premium.token);
    expect(noMask.errors?.[0]?.extensions?.code).toBe('PROVIDER_UNAVAILABLE');
    expect(noMask.errors?.[0]?.message).toMatch(/Brush over the object/);
    expect(listDir('uploads')).toEqual([]);
  });
});

describe('bad uploads', () => {
  it('refuse each bad file with its code and leave nothing behind', async () => {
    const filesBefore = listDir('files').length;
    const png = (await inpaintSamples())[0]!.image;
    const bomb = await sharp({ create: { width: 20000, height: 20000, channels: 3, background: '#ffffff' }, limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
    const cases: [string, Buffer, string, string][] = [
      ['text renamed .png', Buffer.from('this is not an image at all'), 'fake.png', 'UNSUPPORTED_MEDIA_TYPE'],
      ['truncated PNG', png.subarray(0, Math.floor(png.length / 2)), 'cut.png', 'UNSUPPORTED_MEDIA_TYPE'],
      ['20k×20k bomb', bomb, 'bomb.png', 'PAYLOAD_TOO_LARGE'],
      ['50 MB file', Buffer.concat([png, Buffer.alloc(50 * 1024 * 1024)]), 'huge.png', 'PAYLOAD_TOO_LARGE'],
      ['PDF to an image tool', makePdf(['hello']), 'doc.png', 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [name, data, filename, code] of cases) {
      const r = await gqlUpload(stack.url, REMOVE_BG, {}, { image: { data, filename, type: 'image/png' } }, premium.token);
      expect(r.errors?.[0]?.extensions?.code, name).toBe(code);
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), filename);
      const res = await fetch(`${stack.url}/api/ai/remove-image-background`, { method: 'POST', headers: { authorization: `Bearer ${premium.token}` }, body: form });
      const body = (await res.json()) as { success: boolean; code: string };
      expect(body, name).toMatchObject({ success: false, code });
      if (code === 'PAYLOAD_TOO_LARGE' && name.includes('50 MB')) expect(res.status).toBe(413);
    }
    expect(listDir('uploads')).toEqual([]);
    expect(listDir('files').length).toBe(filesBefore);
    expect(await stack.server.app.services.db.job.count({ where: { userId: premium.user.id, kind: 'background-removal', phase: 'QUEUED' } })).toBe(0);
  });

  it('serves only files it made: no path traversal', async () => {
    for (const path of ['/files/..%2f..%2fetc%2fpasswd', '/files/..%5c..%5cetc%5cpasswd', '/files/abc.png', '/files/' + 'a'.repeat(64) + '.exe', '/files/' + 'a'.repeat(64) + '.png']) {
      const res = await fetch(`${stack.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('root:');
    }
    // A client that resolves dot segments itself just asks for another page: the app shell, never a file.
    const res = await fetch(`${stack.url}/files/%2e%2e/%2e%2e/etc/passwd`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).not.toContain('root:');
  });
});
