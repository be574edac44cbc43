// IOPaint as the object remover's fill (INPAINT_URL): the hole our detector and segmenter find is
// sent to an IOPaint server in its own wire format (a local server here, speaking it as
// IOPaint's api.py does), only the hole's pixels are taken from its answer, and its fill is
// checked like ours: an answer that leaves the object is not reported as a removal. Its errors
// reach the user in words.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageEngine } from '../server/providers/image/local/engine.js';
import { LocalObjectRemover } from '../server/providers/image/local.js';
import { composite, type Composite } from './fixtures/ground-truth.js';

type Mode = 'fill' | 'unchanged' | 'error';
let mode: Mode = 'fill';
let scene: Composite;
const seen: { path: string; image?: { width: number; height: number }; maskWhite?: number; cupWhite?: number }[] = [];
let server: Server;
let url: string;

const fromDataUrl = (s: string): Buffer => {
  expect(s).toMatch(/^data:image\/png;base64,/);
  return Buffer.from(s.slice(s.indexOf(',') + 1), 'base64');
};

beforeAll(async () => {
  scene = await composite({ cutout: 'cup', plate: 'brick', width: 1600, height: 1200, size: 0.4 });
  server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/api/v1/model') {
      seen.push({ path: req.url });
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ name: 'lama', path: 'lama', model_type: 'inpaint', is_single_file_diffusers: false, need_prompt: false }));
    }
    if (req.method !== 'POST' || req.url !== '/api/v1/inpaint') return res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { image: string; mask: string };
    if (mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'OutOfMemoryError', detail: '', body: '', errors: 'CUDA out of memory. Tried to allocate 2.00 GiB' }));
    }
    const image = await sharp(fromDataUrl(body.image)).raw().toBuffer({ resolveWithObject: true });
    const mask = await sharp(fromDataUrl(body.mask)).greyscale().raw().toBuffer();
    const { width: W, height: H } = image.info;
    let maskWhite = 0;
    let cupWhite = 0;
    for (let i = 0; i < W * H; i++) {
      if (mask[i]! > 127) maskWhite++;
      if (mask[i]! > 127 && scene.alpha[i]! >= 128) cupWhite++;
    }
    seen.push({ path: req.url, image: { width: W, height: H }, maskWhite, cupWhite });
    // A "learned" fill: the clean plate under the mask; and, to show only the hole is taken,
    // every other pixel changed too.
    const out = Buffer.alloc(W * H * 3);
    for (let i = 0; i < W * H; i++)
      for (let c = 0; c < 3; c++) {
        const own = image.data[i * image.info.channels + c]!;
        out[i * 3 + c] = mode === 'unchanged' ? own : mask[i]! > 127 ? scene.clean[i * 3 + c]! : Math.min(255, own + 9);
      }
    res.writeHead(200, { 'content-type': 'image/png', 'x-seed': '42' });
    res.end(await sharp(out, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await imageEngine().close();
  await new Promise((r) => server.close(r));
});

const never = new AbortController().signal;
const rgb = async (png: Buffer) => (await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;

describe('IOPaint fills the object remover\'s holes (INPAINT_URL)', () => {
  it('sends the image and our mask over the cup, takes only the hole from its answer, and says which model filled it', async () => {
    mode = 'fill';
    seen.length = 0;
    const out = await new LocalObjectRemover(40e6, url).remove(scene.png, 'cup', undefined, never);
    expect(out.summary).toBe('Removed the cup');
    expect(out.details).toMatchObject({ filledBy: 'iopaint:lama', found: { label: 'cup', removed: 1 } });
    const call = seen.find((s) => s.path === '/api/v1/inpaint')!;
    expect(call.image).toEqual({ width: 1600, height: 1200 });
    let cup = 0;
    for (const a of scene.alpha) if (a >= 128) cup++;
    expect(call.cupWhite! / cup).toBeGreaterThan(0.97); // the mask covers the cup…
    expect(call.maskWhite! / (1600 * 1200)).toBeLessThan(0.25); // …and not the photo
    // Outside the hole the pixels are the upload's own (the server changed them all).
    const after = await rgb((out as { bytes: Buffer }).bytes);
    let same = 0;
    let cupGone = 0;
    for (let i = 0; i < 1600 * 1200; i++) {
      const d = Math.abs(after[i * 3]! - scene.data[i * 3]!) + Math.abs(after[i * 3 + 1]! - scene.data[i * 3 + 1]!) + Math.abs(after[i * 3 + 2]! - scene.data[i * 3 + 2]!);
      if (d === 0) same++;
      if (scene.alpha[i]! >= 128 && Math.abs(after[i * 3]! - scene.clean[i * 3]!) <= 1) cupGone++;
    }
    expect(same / (1600 * 1200)).toBeGreaterThan(0.75);
    expect(cupGone / cup).toBeGreaterThan(0.97);
  });

  it('does not report a removal when the server sends the photo back unchanged', async () => {
    mode = 'unchanged';
    await expect(new LocalObjectRemover(40e6, url).remove(scene.png, 'cup', undefined, never)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringMatching(/^Could not remove the cup: the fill left \d+ % of it as it was\. Brush over it/),
    });
  });

  it("says what went wrong in IOPaint's own words, and when it cannot be reached", async () => {
    mode = 'error';
    await expect(new LocalObjectRemover(40e6, url).remove(scene.png, 'cup', undefined, never)).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: 'The inpainting server (IOPaint) answered 500: CUDA out of memory. Tried to allocate 2.00 GiB. Please try again later, or ask the administrator to check INPAINT_URL.',
    });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    await expect(new LocalObjectRemover(40e6, dead).remove(scene.png, 'cup', undefined, never)).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: expect.stringMatching(/^The inpainting server \(IOPaint\) could not be reached \(fetch failed\)\./),
    });
  });
});
