// IOPaint (IOPAINT_URL) as the object remover's fill and, with its RealESRGAN plugin on, the
// upscaler. The hole our detector and segmenter find is sent to an IOPaint server in its own wire
// format (a local server here, speaking it as IOPaint's api.py does), only the hole's pixels are
// taken from its answer, and its fill is checked like ours: an answer that leaves the object is
// not reported as a removal. Its errors reach the user in words. Upscaling goes to its plugin
// when the server has it on, else to the embedded pipeline, and the creation says which.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageEngine } from '../../worker/models/engine.js';
import { LocalObjectRemover } from '../../worker/providers/image/local.js';
import { createUpscaler } from '../../worker/tools/upscale-image/provider.js';
import { composite, holeOf, type Composite } from '../fixtures/ground-truth.js';
import { followJob, gqlOk, gqlUpload, signUp, startStack } from '../helpers/server.js';

type Mode = 'fill' | 'unchanged' | 'error';
let mode: Mode = 'fill';
let realesrgan = true;
const upscales: { name: string; scale: number; width: number; height: number }[] = [];
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
    if (req.method === 'GET' && req.url === '/api/v1/server-config') {
      res.setHeader('content-type', 'application/json');
      const plugins = [
        { name: 'RemoveBG', support_gen_image: true, support_gen_mask: true },
        ...(realesrgan ? [{ name: 'RealESRGAN', support_gen_image: true, support_gen_mask: false }] : []),
      ];
      return res.end(JSON.stringify({ plugins, realesrganModel: 'realesr-general-x4v3', removeBGModel: 'briaai/RMBG-1.4', enableFileManager: false }));
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method === 'POST' && req.url === '/api/v1/run_plugin_gen_image') {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { name: string; image: string; scale: number };
      const img = sharp(fromDataUrl(body.image));
      const { width = 0, height = 0 } = await img.metadata();
      upscales.push({ name: body.name, scale: body.scale, width, height });
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(
        await img
          .resize(Math.round(width * body.scale), Math.round(height * body.scale), { kernel: 'lanczos3' })
          .png()
          .toBuffer(),
      );
    }
    if (req.method !== 'POST' || req.url !== '/api/v1/inpaint') return res.writeHead(404).end();
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
    res.end(
      await sharp(out, { raw: { width: W, height: H, channels: 3 } })
        .png()
        .toBuffer(),
    );
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

describe("IOPaint fills the object remover's holes (IOPAINT_URL)", () => {
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

  it('with a brush and no name (docs/jobs-and-events.md, "Object removal by name or by brush"): the brush is the mask it gets, no detector runs', async () => {
    mode = 'fill';
    seen.length = 0;
    // The cup's own outline grown 6 px, as the user would brush it.
    const W = 1600;
    const H = 1200;
    const brush = Buffer.from(holeOf(scene.alpha, W, H, 6).map((v) => v * 255));
    let brushed = 0;
    for (const v of brush) if (v) brushed++;
    const mask = await sharp(brush, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer();
    const steps: string[] = [];
    const out = await new LocalObjectRemover(40e6, url).remove(scene.png, undefined, mask, never, (_p, message) => steps.push(message));
    expect(out.summary).toBe('Removed the brushed area');
    expect(out.details).toMatchObject({ filledBy: 'iopaint:lama', found: null, brushed: true });
    expect(steps.filter((m) => /^Looking for|^Outlining/.test(m))).toEqual([]);
    const call = seen.find((s) => s.path === '/api/v1/inpaint')!;
    expect(call.image).toEqual({ width: W, height: H });
    // The mask IOPaint got is the brush, pixel for pixel.
    expect(call.maskWhite).toBe(brushed);
    let cup = 0;
    for (const a of scene.alpha) if (a >= 128) cup++;
    expect(call.cupWhite).toBe(cup);
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
      message: 'The image server (IOPaint) answered 500: CUDA out of memory. Tried to allocate 2.00 GiB. Please try again later, or ask the administrator to check IOPAINT_URL.',
    });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    await expect(new LocalObjectRemover(40e6, dead).remove(scene.png, 'cup', undefined, never)).rejects.toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      message: expect.stringMatching(/^The image server \(IOPaint\) could not be reached \(fetch failed\)\./),
    });
  });
});

describe("IOPaint's RealESRGAN plugin upscales (IOPAINT_URL)", () => {
  const photo = () => sharp(scene.png).resize(300, 200).png().toBuffer();

  it('sends the upright image and the scale to the plugin, and records the model, when the server has it on', async () => {
    realesrgan = true;
    upscales.length = 0;
    const out = await createUpscaler({ IOPAINT_URL: url, IMAGE_MAX_PIXELS: 40e6 } as Parameters<typeof createUpscaler>[0]).upscale(await photo(), 4, never);
    expect(upscales).toEqual([{ name: 'RealESRGAN', scale: 4, width: 300, height: 200 }]);
    expect(out.details).toEqual({ provider: 'iopaint', model: 'realesr-general-x4v3' });
    const meta = await sharp((out as { bytes: Buffer }).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);
  });

  it('falls back to the embedded pipeline, and says so, when the plugin is off', async () => {
    realesrgan = false;
    upscales.length = 0;
    const out = await createUpscaler({ IOPAINT_URL: url, IMAGE_MAX_PIXELS: 40e6 } as Parameters<typeof createUpscaler>[0]).upscale(await photo(), 2, never);
    expect(upscales).toEqual([]);
    expect(out.details).toEqual({ provider: 'local' });
    const meta = await sharp((out as { bytes: Buffer }).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([600, 400]);
  });

  it('makes an UPSCALE creation whose provider is the engine that did it, over GraphQL', async () => {
    const stack = await startStack({ IOPAINT_URL: url, MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
    try {
      const user = await signUp(stack.url, 'Iris', 'iopaint-upscale');
      await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, user.token);
      const upscale = async () => {
        const r = await gqlUpload(
          stack.url,
          'mutation($image: Upload!, $scale: Int!) { upscaleImage(image: $image, scale: $scale) { id } }',
          { scale: 2 },
          { image: { data: await photo(), filename: 'p.png', type: 'image/png' } },
          user.token,
        );
        expect(r.errors).toBeUndefined();
        return (await followJob(stack.url, user.token, r.data!.upscaleImage.id, 60_000)).at(-1)!;
      };
      realesrgan = true;
      expect(await upscale()).toMatchObject({ phase: 'COMPLETED', creation: { type: 'UPSCALE', provider: 'iopaint' } });
      realesrgan = false;
      expect(await upscale()).toMatchObject({ phase: 'COMPLETED', creation: { type: 'UPSCALE', provider: 'local' } });
    } finally {
      realesrgan = true;
      await stack.close();
    }
  });
});
