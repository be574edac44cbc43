// The image tools end to end in the embedded mode, over real HTTP and WebSocket.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inpaintSamples } from '../fixtures/drawn-shapes.js';
import { composite, decodeAlpha, decodeRgb, holeOf, iou, maskPng, outside, psnr, residue, ringMeanFill, textureDistance } from '../fixtures/ground-truth.js';
import { collect, followJob, gql, gqlOk, gqlUpload, signUp, startStack, waitFor, wsClient } from '../helpers/server.js';
import { makePdf } from '../helpers/pdf.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let premium: { token: string; user: { id: string } };
let free: { token: string };

beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
  premium = await signUp(stack.url, 'Pixel', 'pixel');
  free = await signUp(stack.url, 'Freddie', 'freddie');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
});
afterAll(() => stack.close());

const GENERATE = 'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }';
const REMOVE_BG = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';
const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id } }';

const listDir = (sub: string) => {
  try {
    return readdirSync(join(stack.config.dataDir, sub));
  } catch {
    return [];
  }
};

/** The stored content of a creation whose URL a viewer got (a private image's URL is signed). */
const storedUrl = (url: string) => new URL(url, stack.url).pathname;

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
    // Published: anyone may fetch and cache it (tests/uploads/private-files.test.ts covers private ones).
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${stack.config.FILE_URL_TTL_SECONDS}`);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
    await waitFor(() => published.items.length > 0, 5000, 'creationPublished');
    expect(published.items[0]!.creationPublished).toEqual({ id: last.creation!.id, content: url, prompt: 'Generate an image of a lighthouse at sunset in the style Ghibli' });
    published.dispose();
    await watcher.dispose();
    // The same prompt and style give the same image, but in a file of its own: a name never follows from the content.
    const again = await gqlOk(stack.url, GENERATE, { input: { description: 'a lighthouse at sunset', style: 'GHIBLI' } }, premium.token);
    const againUrl = (await followJob(stack.url, premium.token, again.generateImage.id)).at(-1)!.creation!.content;
    expect(new URL(againUrl, stack.url).pathname).not.toBe(url);
    expect((await fetchImage(againUrl)).bytes.equals(bytes)).toBe(true);
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
    // Not published: the owner gets a signed URL.
    expect(body.content).toMatch(/^\/files\/[0-9a-f]{64}\.png\?exp=\d+&sig=[\w-]+$/);
    const row = await stack.server.app.services.db.creation.findFirstOrThrow({ where: { content: storedUrl(body.content), userId: premium.user.id } });
    expect(row.metadata).toMatchObject({ style: 'THREE_D' });
  });
});

// Real photos at a real size: a cut-out with exact alpha on a real plate (tests/fixtures/ground-truth.ts).
const W = 1600;
const H = 1200;

describe('background removal', () => {
  it('cuts a real subject out of a real photo: IoU against the exact mask, size kept, upload deleted', async () => {
    const c = await composite({ cutout: 'cat', plate: 'grass', width: W, height: H, size: 0.45, plateScale: 1.2 });
    const r = await gqlUpload(stack.url, REMOVE_BG, {}, { image: { data: c.png, filename: 'cat.png', type: 'image/png' } }, premium.token);
    expect(r.errors).toBeUndefined();
    const last = (await followJob(stack.url, premium.token, r.data!.removeBackground.id, 90_000)).at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'BACKGROUND_REMOVAL' } });
    const { bytes } = await fetchImage(last.creation!.content);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([W, H, true]);
    const score = iou(await decodeAlpha(bytes), c.alpha);
    console.log(`background removal over GraphQL, cat on grass ${W}×${H}: IoU ${score.toFixed(3)}`);
    expect(score).toBeGreaterThan(0.93);
    expect(listDir('uploads')).toEqual([]);
  }, 180_000);

  it('takes one image at a time per worker: the next waits QUEUED (its timeout not running) until the engine is free', async () => {
    const c = await composite({ cutout: 'cat', plate: 'grass', width: W, height: H, size: 0.45, plateScale: 1.2 });
    const send = async () =>
      (await gqlUpload(stack.url, REMOVE_BG, {}, { image: { data: c.png, filename: 'cat.png', type: 'image/png' } }, premium.token)).data!.removeBackground.id as string;
    const first = await send();
    const second = await send();
    const phase = async (id: string) => (await gqlOk(stack.url, 'query($id: ID!) { job(id: $id) { phase } }', { id }, premium.token)).job.phase as string;
    const seen: string[] = [];
    for (let p = await phase(first); !['COMPLETED', 'FAILED'].includes(p); p = await phase(first)) {
      if (p !== 'QUEUED') seen.push(await phase(second));
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['QUEUED']));
    expect((await followJob(stack.url, premium.token, second, 90_000)).at(-1)!.phase).toBe('COMPLETED');
  }, 180_000);
});

describe('object removal', () => {
  it('fills a brushed real object from its surroundings (REST): gone, nothing changed 40 px beyond it', async () => {
    const c = await composite({ cutout: 'cup', plate: 'brick', width: W, height: H, size: 0.35, plateScale: 1.2 });
    const brush = holeOf(c.alpha, W, H, 8);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(c.png)], { type: 'image/png' }), 'cup.png');
    form.append('object', 'cup');
    form.append(
      'mask',
      new Blob(
        [
          new Uint8Array(
            await maskPng(
              brush.map((v) => v * 255),
              W,
              H,
            ),
          ),
        ],
        { type: 'image/png' },
      ),
      'mask.png',
    );
    const res = await fetch(`${stack.url}/api/ai/remove-image-object`, { method: 'POST', headers: { authorization: `Bearer ${premium.token}` }, body: form });
    const body = (await res.json()) as { success: boolean; content: string };
    expect(body.success).toBe(true);
    const out = await decodeRgb((await fetchImage(body.content)).bytes);
    expect([out.width, out.height]).toEqual([W, H]);
    const left = residue(out.data, c.data, c.clean, c.alpha);
    const beyond = psnr(out.data, c.data, outside(brush, W, H, 40));
    const ratio = textureDistance(out.data, c.clean, brush, W, H) / textureDistance(ringMeanFill(c, brush), c.clean, brush, W, H);
    console.log(
      `object removal over REST, cup on brick: residue ${left.toFixed(3)}, PSNR beyond 40 px ${beyond.toFixed(1)} dB, texture distance ${ratio.toFixed(2)} × the naive fill's`,
    );
    expect(left).toBeLessThan(0.2);
    expect(beyond).toBeGreaterThanOrEqual(40);
    expect(ratio).toBeLessThan(0.5);
    const row = await stack.server.app.services.db.creation.findFirstOrThrow({ where: { content: storedUrl(body.content) } });
    expect(row).toMatchObject({ type: 'OBJECT_REMOVAL', prompt: 'Removed cup from image' });
    expect(listDir('uploads')).toEqual([]);
  }, 180_000);

  it('finds the object by its name with no mask ("kitten" means cat), and says what it removed', async () => {
    const c = await composite({ cutout: 'cat', plate: 'grass', width: W, height: H, size: 0.4, at: { x: 0.4, y: 0.5 }, plateScale: 1.2 });
    const r = await gqlUpload(stack.url, REMOVE_OBJECT, { object: 'kitten' }, { image: { data: c.png, filename: 'cat.png', type: 'image/png' } }, premium.token);
    expect(r.errors).toBeUndefined();
    const events = await followJob(stack.url, premium.token, r.data!.removeObject.id, 90_000);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'OBJECT_REMOVAL' } });
    expect(events.map((e) => e.message)).toContain('Looking for the kitten');
    const out = await decodeRgb((await fetchImage(last.creation!.content)).bytes);
    const subject = c.alpha.map((v) => (v > 0 ? 1 : 0));
    const left = residue(out.data, c.data, c.clean, c.alpha);
    const beyond = psnr(out.data, c.data, outside(subject, W, H, 40));
    console.log(`object removal by name over GraphQL, "kitten" on grass: residue ${left.toFixed(3)}, PSNR beyond 40 px ${beyond.toFixed(1)} dB`);
    expect(left).toBeLessThan(0.2);
    expect(beyond).toBeGreaterThanOrEqual(40);
    const row = await stack.server.app.services.db.creation.findFirstOrThrow({ where: { content: storedUrl(last.creation!.content) } });
    expect(row.metadata).toMatchObject({ summary: 'Removed the kitten', found: { label: 'cat', removed: 1 }, masked: false });
  }, 180_000);

  it('removes just the brushed area with no name (docs/jobs-and-events.md, "Object removal by name or by brush"): gone, nothing changed beyond it', async () => {
    const c = await composite({ cutout: 'cup', plate: 'brick', width: W, height: H, size: 0.35, plateScale: 1.2 });
    const brush = holeOf(c.alpha, W, H, 8);
    const mask = await maskPng(
      brush.map((v) => v * 255),
      W,
      H,
    );
    const r = await gqlUpload(
      stack.url,
      REMOVE_OBJECT,
      {},
      { image: { data: c.png, filename: 'cup.png', type: 'image/png' }, mask: { data: mask, filename: 'mask.png', type: 'image/png' } },
      premium.token,
    );
    expect(r.errors).toBeUndefined();
    const events = await followJob(stack.url, premium.token, r.data!.removeObject.id, 90_000);
    const last = events.at(-1)!;
    expect(last, JSON.stringify(last)).toMatchObject({ phase: 'COMPLETED', message: 'Removed the brushed area', creation: { type: 'OBJECT_REMOVAL' } });
    // No name: the detector is not asked to look for anything.
    const messages = events.map((e) => e.message ?? '');
    expect(messages).toContain('Removing the brushed area');
    expect(messages.filter((m) => /^Looking for|^Outlining/.test(m))).toEqual([]);
    const out = await decodeRgb((await fetchImage(last.creation!.content)).bytes);
    const left = residue(out.data, c.data, c.clean, c.alpha);
    const beyond = psnr(out.data, c.data, outside(brush, W, H, 40));
    console.log(`brush-only object removal over GraphQL, cup on brick: residue ${left.toFixed(3)}, PSNR beyond 40 px ${beyond.toFixed(1)} dB`);
    expect(left).toBeLessThan(0.2);
    expect(beyond).toBeGreaterThanOrEqual(40);
    const row = await stack.server.app.services.db.creation.findFirstOrThrow({ where: { content: storedUrl(last.creation!.content) } });
    expect(row).toMatchObject({ prompt: 'Removed the brushed area from image', metadata: { summary: 'Removed the brushed area', brushOnly: true, masked: true, found: null } });
    expect(listDir('uploads')).toEqual([]);
  }, 180_000);

  it('fails a mask that paints nothing, with no name, saying so: no creation, nothing left behind', async () => {
    const c = await composite({ cutout: 'cup', plate: 'grass', width: 800, height: 600 });
    const mine = { where: { userId: premium.user.id } };
    const before = await stack.server.app.services.db.creation.count(mine);
    const black = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    // All transparent is as empty as all black (transparency counts only when part of the mask is opaque).
    const clear = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
      .png()
      .toBuffer();
    for (const mask of [black, clear]) {
      const r = await gqlUpload(stack.url, REMOVE_OBJECT, { object: '' }, { image: { data: c.png, filename: 'a.png' }, mask: { data: mask, filename: 'mask.png' } }, premium.token);
      expect(r.errors).toBeUndefined();
      const last = (await followJob(stack.url, premium.token, r.data!.removeObject.id, 90_000)).at(-1)!;
      expect(last).toMatchObject({ phase: 'FAILED', message: 'Nothing is brushed on the mask. Brush over what to remove, or enter its name.' });
      const job = await stack.server.app.services.db.job.findUniqueOrThrow({ where: { id: r.data!.removeObject.id } });
      expect(job).toMatchObject({ errorCode: 'BAD_USER_INPUT', creationId: null });
    }
    expect(await stack.server.app.services.db.creation.count(mine)).toBe(before);
    expect(listDir('uploads')).toEqual([]);
  }, 180_000);

  it('needs one word; a name it cannot find asks for a brush, and changes nothing', async () => {
    const c = await composite({ cutout: 'cup', plate: 'grass', width: 800, height: 600 });
    const twoWords = await gqlUpload(stack.url, REMOVE_OBJECT, { object: 'red car' }, { image: { data: c.png, filename: 'a.png' } }, premium.token);
    expect(twoWords.errors?.[0]).toMatchObject({ message: 'Please enter only one object name', extensions: { code: 'BAD_USER_INPUT' } });
    const mine = { where: { userId: premium.user.id } };
    const before = await stack.server.app.services.db.creation.count(mine);
    for (const [object, message] of [
      ['banana', 'No banana was found in this image. Brush over it and try again.'],
      ['flag', 'Atelier can\'t find a "flag" by name yet. Brush over it and try again.'],
    ]) {
      const r = await gqlUpload(stack.url, REMOVE_OBJECT, { object }, { image: { data: c.png, filename: 'a.png' } }, premium.token);
      expect(r.errors).toBeUndefined();
      const last = (await followJob(stack.url, premium.token, r.data!.removeObject.id, 90_000)).at(-1)!;
      expect(last).toMatchObject({ phase: 'FAILED', message });
    }
    expect(await stack.server.app.services.db.creation.count(mine)).toBe(before);
    expect(listDir('uploads')).toEqual([]);
  }, 180_000);
});

describe('bad uploads', () => {
  it('refuse each bad file with its code and leave nothing behind', async () => {
    const filesBefore = listDir('files').length;
    const png = (await inpaintSamples())[0]!.image;
    const bomb = await sharp({ create: { width: 20000, height: 20000, channels: 3, background: '#ffffff' }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
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
      const body = (await res.json()) as { success: boolean; code: string; message: string };
      expect(body, name).toMatchObject({ success: false, code });
      // What is wrong with the file itself, not a bare "please upload an image".
      if (name === 'text renamed .png')
        expect(body.message).toBe(
          '“fake.png” is not an image: its contents are not in any image format, whatever its name says. Please upload an image (PNG, JPEG, WebP, GIF, AVIF or TIFF).',
        );
      if (name === 'PDF to an image tool') expect(body.message).toMatch(/^“doc\.png” is not an image: its contents are a PDF document, whatever its name says\./);
      if (code === 'PAYLOAD_TOO_LARGE' && name.includes('50 MB')) expect(res.status).toBe(413);
    }
    expect(listDir('uploads')).toEqual([]);
    expect(listDir('files').length).toBe(filesBefore);
    expect(await stack.server.app.services.db.job.count({ where: { userId: premium.user.id, kind: 'background-removal', phase: 'QUEUED' } })).toBe(0);
  });

  it('serves only files it made: no path traversal', async () => {
    for (const path of [
      '/files/..%2f..%2fetc%2fpasswd',
      '/files/..%5c..%5cetc%5cpasswd',
      '/files/abc.png',
      '/files/' + 'a'.repeat(64) + '.exe',
      '/files/' + 'a'.repeat(64) + '.png',
    ]) {
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
