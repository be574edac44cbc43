// Learned model files (docs/learned-models.md): a file is found by its published name in
// MODELS_DIR or at the operator's path, used only when its SHA-256 is the published one or the one
// the operator sets, and its graph tells which kind it is. The inpainter fills only the hole, with
// the image given in 0..1 and the mask 1 = hole (LaMa) or uint8 with 255 = known (MI-GAN), and the
// object remover names it. Tiny models stand in for the real exports: same input and output names,
// element types and ranks, outputs known functions of the inputs (tests/helpers/onnx-models.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/shared/platform/config.js';
import { imageEngine } from '../../worker/models/engine.js';
import { readGraphIo } from '../../worker/models/learned/graph-io.js';
import { inpaintLearned, learnedInpainter } from '../../worker/models/learned/inpainter.js';
import { checkModelFile } from '../../worker/models/learned/model-file.js';
import { reportLearnedModels } from '../../worker/models/learned/report.js';
import type { LearnedModelSettings } from '../../worker/models/learned/settings.js';
import { LocalObjectRemover } from '../../worker/providers/image/local.js';
import { lamaLike, miganLike, resizeUpscaler, writeModel } from '../helpers/onnx-models.js';

const COLOUR: [number, number, number] = [0.2, 0.4, 0.6];
const FILL = [51, 102, 153];
const folder = () => mkdtempSync(join(tmpdir(), 'atelier-models-'));
const settings = (dir: string, inpaint: LearnedModelSettings['inpaint'] = {}, upscale: LearnedModelSettings['upscale'] = {}): LearnedModelSettings => ({ dir, inpaint, upscale });

afterAll(() => imageEngine().close());

/** A photo-like RGB image: a gradient with a little texture. */
function scene(W: number, H: number): Buffer {
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      rgb[i] = 90 + Math.round((100 * x) / W) + ((x * 7 + y * 3) % 9);
      rgb[i + 1] = 120 + Math.round((60 * y) / H) + ((x * 5 + y * 11) % 7);
      rgb[i + 2] = 60 + ((x + y) % 13);
    }
  return rgb;
}

/** A hole (1 = fill) that is a rectangle. */
function rectHole(W: number, H: number, r: { x: number; y: number; w: number; h: number }[]): Uint8Array {
  const hole = new Uint8Array(W * H);
  for (const { x, y, w, h } of r) for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) hole[j * W + i] = 1;
  return hole;
}

/** Counts, over the image: pixels outside the hole that changed; hole pixels 3 px or more inside it that are not the fill colour (±tol). */
function judge(before: Buffer, after: Buffer, hole: Uint8Array, W: number, H: number, tol: number) {
  let outsideChanged = 0;
  let deepWrong = 0;
  let deep = 0;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < W && y < H && hole[y * W + x] === 1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!hole[i]) {
        if (after[i * 3] !== before[i * 3] || after[i * 3 + 1] !== before[i * 3 + 1] || after[i * 3 + 2] !== before[i * 3 + 2]) outsideChanged++;
        continue;
      }
      if (![-3, 0, 3].every((dy) => [-3, 0, 3].every((dx) => inside(x + dx, y + dy)))) continue;
      deep++;
      if ([0, 1, 2].some((k) => Math.abs(after[i * 3 + k]! - FILL[k]!) > tol)) deepWrong++;
    }
  return { outsideChanged, deepWrong, deep };
}

describe('learned model files: found, checked, refused', () => {
  it('config: MODELS_DIR defaults to DATA_DIR/models, paths are resolved, a checksum must be 64 hex digits (kept in lower case)', () => {
    const base = { DATA_DIR: '/srv/atelier-data' };
    expect(loadConfig(base).modelsDir).toBe('/srv/atelier-data/models');
    const c = loadConfig({ ...base, MODELS_DIR: 'models', UPSCALE_MODEL_PATH: 'x/up.onnx', INPAINT_MODEL_SHA256: 'AB'.repeat(32) });
    expect([c.modelsDir, c.UPSCALE_MODEL_PATH, c.INPAINT_MODEL_SHA256]).toEqual([resolve('models'), resolve('x/up.onnx'), 'ab'.repeat(32)]);
    expect(() => loadConfig({ ...base, UPSCALE_MODEL_SHA256: 'md5:1234' })).toThrow('UPSCALE_MODEL_SHA256: a SHA-256: 64 hexadecimal digits, as sha256sum prints it');
  });

  it('refuses a file under a published name whose size is not the published one, saying what to do; learnedInpainter says none', async () => {
    const dir = folder();
    writeModel(join(dir, 'lama_fp32.onnx'), lamaLike({ colour: COLOUR, side: 64 }));
    const file = await checkModelFile('inpaint', settings(dir));
    expect(file.status).toBe('refused');
    expect((file as { reason: string }).reason).toMatch(
      /^it is \d+ bytes, and the published lama_fp32\.onnx is 208044816: an incomplete download or another file\. Download it again, or, for an export of your own, set INPAINT_MODEL_SHA256/,
    );
    expect(await learnedInpainter(settings(dir))).toBeNull();
  });

  it('accepts an own export when INPAINT_MODEL_SHA256 is its checksum, refuses it when the value is another, and names the checksum when none is set', async () => {
    const dir = folder();
    const { path, sha256 } = writeModel(join(dir, 'my-lama.onnx'), lamaLike({ colour: COLOUR, side: 64 }));
    const ok = await checkModelFile('inpaint', settings(dir, { path, sha256 }));
    expect(ok).toMatchObject({ status: 'ready', name: 'lama', sha256, kind: { family: 'lama', image: 'image', mask: 'mask', output: 'output', fixed: { width: 64, height: 64 } } });
    expect(await learnedInpainter(settings(dir, { path, sha256 }))).toEqual({ name: 'lama', path });

    const wrong = 'ab'.repeat(32);
    const refused = await checkModelFile('inpaint', settings(dir, { path, sha256: wrong }));
    expect(refused).toMatchObject({ status: 'refused', path });
    expect((refused as { reason: string }).reason).toBe(
      `its SHA-256 is ${sha256}, not the ${wrong} INPAINT_MODEL_SHA256 gives: the file is damaged or another one. Copy it again, or correct INPAINT_MODEL_SHA256`,
    );
    const unvouched = await checkModelFile('inpaint', settings(dir, { path }));
    expect((unvouched as { reason: string }).reason).toMatch(
      new RegExp(`^its SHA-256 ${sha256} is not the published checksum of a file docs/learned-models\\.md lists\\. .*set INPAINT_MODEL_SHA256=${sha256}$`),
    );
    const missing = await checkModelFile('inpaint', settings(dir, { path: join(dir, 'nothing.onnx') }));
    expect(missing).toMatchObject({ status: 'refused', reason: `INPAINT_MODEL_PATH names ${join(dir, 'nothing.onnx')}, but there is no file there` });
  });

  it("reads each graph's inputs and outputs and tells the kinds apart; an upscaler is refused as an inpainter and the reverse", async () => {
    const dir = folder();
    const lama = writeModel(join(dir, 'a.onnx'), lamaLike({ colour: COLOUR }));
    const migan = writeModel(join(dir, 'b.onnx'), miganLike({ colour: FILL as [number, number, number] }));
    const up = writeModel(join(dir, 'c.onnx'), resizeUpscaler({ scale: 4, mode: 'nearest', nhwc: true }));
    expect(readGraphIo(lama.path)).toEqual({
      inputs: [
        { name: 'image', type: 'float32', dims: [1, 3, 'height', 'width'] },
        { name: 'mask', type: 'float32', dims: [1, 1, 'height', 'width'] },
      ],
      outputs: [{ name: 'output', type: 'float32', dims: [1, 3, 'height', 'width'] }],
    });
    expect(await checkModelFile('inpaint', settings(dir, lama))).toMatchObject({ status: 'ready', kind: { family: 'lama', fixed: null } });
    expect(await checkModelFile('inpaint', settings(dir, migan))).toMatchObject({ status: 'ready', name: 'migan', kind: { family: 'migan', output: 'result' } });
    expect(await checkModelFile('upscale', settings(dir, {}, up))).toMatchObject({ status: 'ready', name: 'c', kind: { family: 'upscaler', layout: 'nhwc', scale: null } });
    const asInpainter = await checkModelFile('inpaint', settings(dir, up));
    expect((asInpainter as { reason: string }).reason).toMatch(/^its graph is not an inpainter's \(inputs input: float32 \[1,h,w,3\]; outputs output: float32 \[1,H,W,3\]\)/);
    const asUpscaler = await checkModelFile('upscale', settings(dir, {}, migan));
    expect((asUpscaler as { reason: string }).reason).toMatch(/^its graph is not an upscaler's/);
    writeFileSync(join(dir, 'text.onnx'), 'not a model at all');
    const text = await checkModelFile('inpaint', settings(dir, { path: join(dir, 'text.onnx'), sha256: createHash('sha256').update('not a model at all').digest('hex') }));
    expect((text as { reason: string }).reason).toMatch(/^it is not an ONNX model this worker can read/);
  });

  it("the worker's start-up log says which files it uses and which it refused, and why", async () => {
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString())), done()) }));
    const dir = folder();
    const lama = writeModel(join(dir, 'own-lama.onnx'), lamaLike({ colour: COLOUR, side: 64 }));
    writeModel(join(dir, 'realesr-general-x4v3.onnx'), resizeUpscaler({ scale: 4, mode: 'nearest' }));
    const config = { modelsDir: dir, INPAINT_MODEL_PATH: lama.path, INPAINT_MODEL_SHA256: lama.sha256, UPSCALE_MODEL_PATH: undefined, UPSCALE_MODEL_SHA256: undefined };
    await reportLearnedModels({ ...config, CLIPDROP_API_KEY: undefined, CLOUDINARY_URL: undefined, IOPAINT_URL: undefined }, ['object-removal', 'upscale-image'], log);
    expect(lines.map((l) => l.msg)).toEqual([
      'learned inpainter own-lama.onnx (lama, INPAINT_MODEL_SHA256 matches) checked: it is used',
      expect.stringMatching(
        /^The learned upscaler .*realesr-general-x4v3\.onnx is not used: its SHA-256 [0-9a-f]{64} is not the published checksum .* set UPSCALE_MODEL_SHA256=[0-9a-f]{64}\. The embedded upscaler is used instead \(docs\/learned-models\.md\)\.$/,
      ),
    ]);
    expect(lines.map((l) => l.level)).toEqual([30, 40]);
    lines.length = 0;
    await reportLearnedModels({ ...config, CLIPDROP_API_KEY: undefined, CLOUDINARY_URL: undefined, IOPAINT_URL: 'http://127.0.0.1:1' }, ['object-removal'], log);
    expect(lines.map((l) => l.msg)).toEqual(['learned inpainter own-lama.onnx (lama) checked, but not used: IOPAINT_URL is set and does the work']);
    lines.length = 0;
    const empty = folder();
    await reportLearnedModels(
      { ...config, modelsDir: empty, INPAINT_MODEL_PATH: undefined, CLIPDROP_API_KEY: undefined, CLOUDINARY_URL: undefined, IOPAINT_URL: undefined },
      ['upscale-image'],
      log,
    );
    expect(lines.map((l) => l.msg)).toEqual([`no learned model files in ${empty}: the embedded models are used (docs/learned-models.md)`]);
  });
});

describe('the learned inpainter', () => {
  const W = 400;
  const H = 300;
  const image = scene(W, H);

  it('LaMa at a fixed 64²: the hole gets the fill, no pixel outside it changes', async () => {
    const dir = folder();
    const model = writeModel(join(dir, 'lama64.onnx'), lamaLike({ colour: COLOUR, side: 64 }));
    const hole = rectHole(W, H, [{ x: 150, y: 100, w: 60, h: 40 }]);
    const { rgb, model: name } = await inpaintLearned(settings(dir, model), { data: image, width: W, height: H }, hole);
    expect(name).toBe('lama');
    const j = judge(image, rgb, hole, W, H, 2);
    expect(j.outsideChanged).toBe(0);
    expect(j.deep).toBeGreaterThan(1500);
    expect(j.deepWrong).toBe(0);
  });

  it('LaMa sees the image in 0..1 and the mask as 1 = hole: a fill made from the image under it comes back at the right level', async () => {
    const dir = folder();
    // Fill = colour + 0.25 × the image (0..1) there, × 255: on a flat grey 100, 255 × colour + 25.
    const model = writeModel(join(dir, 'lama-gain.onnx'), lamaLike({ colour: COLOUR, side: 64, imageGain: 0.25 }));
    const flat = Buffer.alloc(W * H * 3, 100);
    const hole = rectHole(W, H, [{ x: 150, y: 100, w: 60, h: 40 }]);
    const { rgb } = await inpaintLearned(settings(dir, model), { data: flat, width: W, height: H }, hole);
    expect([...rgb.subarray((120 * W + 180) * 3, (120 * W + 180) * 3 + 3)]).toEqual([76, 127, 178]);
    expect([...rgb.subarray((20 * W + 20) * 3, (20 * W + 20) * 3 + 3)]).toEqual([100, 100, 100]);
  });

  it('reads an output in 0..1 (LaMa without the ×255) from the known pixels it passes through', async () => {
    const dir = folder();
    const model = writeModel(join(dir, 'lama-unit.onnx'), lamaLike({ colour: COLOUR, side: 64, outputScale: 1 }));
    const hole = rectHole(W, H, [{ x: 20, y: 30, w: 50, h: 50 }]);
    const { rgb } = await inpaintLearned(settings(dir, model), { data: image, width: W, height: H }, hole);
    const j = judge(image, rgb, hole, W, H, 2);
    expect([j.outsideChanged, j.deepWrong]).toEqual([0, 0]);
    expect(j.deep).toBeGreaterThan(1500);
  });

  it('a free-size export sees the crop at its own size (no resampling): the fill is exact, feathered over the two outermost hole pixels', async () => {
    const dir = folder();
    const model = writeModel(join(dir, 'lama-free.onnx'), lamaLike({ colour: COLOUR }));
    const hole = rectHole(W, H, [{ x: 101, y: 77, w: 45, h: 33 }]);
    const { rgb } = await inpaintLearned(settings(dir, model), { data: image, width: W, height: H }, hole);
    const at = (x: number, y: number, k: number) => rgb[(y * W + x) * 3 + k]!;
    const was = (x: number, y: number, k: number) => image[(y * W + x) * 3 + k]!;
    for (let k = 0; k < 3; k++) {
      expect(at(120, 90, k)).toBe(FILL[k]); // deep inside
      expect(at(101, 90, k)).toBe(Math.round(was(101, 90, k) * (2 / 3) + FILL[k]! / 3)); // the edge: 1/3 fill
      expect(at(102, 90, k)).toBe(Math.round(was(102, 90, k) / 3 + (FILL[k]! * 2) / 3)); // one in: 2/3
      expect(at(103, 90, k)).toBe(FILL[k]);
      expect(at(100, 90, k)).toBe(was(100, 90, k)); // outside
    }
    expect(judge(image, rgb, hole, W, H, 0).outsideChanged).toBe(0);
  });

  it("MI-GAN's pipeline: uint8 in and out, mask 255 = known; two far-apart holes, each in a crop of its own", async () => {
    const dir = folder();
    const model = writeModel(join(dir, 'migan.onnx'), miganLike({ colour: FILL as [number, number, number] }));
    const hole = rectHole(W, H, [
      { x: 10, y: 10, w: 30, h: 20 },
      { x: 330, y: 240, w: 50, h: 40 },
    ]);
    const { rgb, model: name } = await inpaintLearned(settings(dir, model), { data: image, width: W, height: H }, hole);
    expect(name).toBe('migan');
    const j = judge(image, rgb, hole, W, H, 0);
    expect([j.outsideChanged, j.deepWrong]).toEqual([0, 0]);
    expect(j.deep).toBeGreaterThan(1000);
  });
});

describe('object removal with a learned inpainter file', () => {
  /** A textured scene with a red square the user brushed over (a little beyond its edge). */
  async function brushed() {
    const W = 320;
    const H = 240;
    const rgb = scene(W, H);
    for (let y = 90; y < 150; y++) for (let x = 130; x < 190; x++) rgb.set([200, 30, 30], (y * W + x) * 3);
    const png = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer();
    const brush = Buffer.alloc(W * H);
    for (let y = 84; y < 156; y++) for (let x = 124; x < 196; x++) brush[y * W + x] = 255;
    const mask = await sharp(brush, { raw: { width: W, height: H, channels: 1 } })
      .png()
      .toBuffer();
    return { W, H, rgb, png, mask };
  }
  const never = new AbortController().signal;

  it("fills the brushed area with the learned model, says so (filledBy 'learned:lama'), and leaves the rest of the photo as it was", async () => {
    const { W, H, rgb, png, mask } = await brushed();
    const dir = folder();
    const model = writeModel(join(dir, 'lama.onnx'), lamaLike({ colour: COLOUR, side: 64 }));
    const out = await new LocalObjectRemover(40e6, undefined, settings(dir, model)).remove(png, 'thing', mask, never);
    expect(out.details).toMatchObject({ filledBy: 'learned:lama', brushed: true });
    const after = await sharp((out as { bytes: Buffer }).bytes)
      .removeAlpha()
      .raw()
      .toBuffer();
    const hole = new Uint8Array(W * H);
    for (let y = 84; y < 156; y++) for (let x = 124; x < 196; x++) hole[y * W + x] = 1;
    const j = judge(rgb, after, hole, W, H, 2);
    expect(j.outsideChanged).toBe(0);
    expect(j.deepWrong).toBe(0);
    expect(after[(120 * W + 160) * 3]).toBe(51); // the red square is gone
  });

  it('with a file that fails its checksum, the embedded fill does it', async () => {
    const { png, mask } = await brushed();
    const dir = folder();
    const model = writeModel(join(dir, 'lama.onnx'), lamaLike({ colour: COLOUR, side: 64 }));
    const out = await new LocalObjectRemover(40e6, undefined, settings(dir, { path: model.path, sha256: '0'.repeat(64) })).remove(png, 'thing', mask, never);
    expect(out.details).toMatchObject({ filledBy: 'embedded' });
  });
});
