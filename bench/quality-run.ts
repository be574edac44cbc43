// One resolution of `npm run bench quality`, in a fresh process so its peak RSS is its own:
// node … bench/quality-run.ts <megapixels: 1 | 12>
// Ground truth: real cut-outs (cat, cup) with exact alpha on real plates (grass, brick). The tools
// run through the image engine exactly as a worker runs them (a thread, models loaded once).
import { readFileSync } from 'node:fs';
import { imageEngine } from '../worker/models/engine.js';
import {
  composite,
  decodeAlpha,
  decodeRgb,
  edgeError,
  holeOf,
  iou,
  maskPng,
  outside,
  psnr,
  residue,
  ringMeanFill,
  textureDistance,
  type Composite,
  type Cutout,
  type Plate,
} from '../tests/fixtures/ground-truth.js';

const mp = Number(process.argv[2] ?? 1);
const [W, H] = mp >= 12 ? [4000, 3000] : [1200, 900];
const engine = imageEngine();
const never = new AbortController().signal;
/** Identical pixels have an infinite PSNR; JSON has no Infinity. */
const db = (x: number): number | 'identical' => (Number.isFinite(x) ? x : 'identical');
const peakMB = (): number => Math.round(Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);

/** The brush a user paints is a little wider than the object. */
const BRUSH_GROW = Math.max(4, Math.round(W / 200));
const samples: { cutout: Cutout; plate: Plate; size: number; at: { x: number; y: number } }[] = [
  { cutout: 'cat', plate: 'grass', size: 0.45, at: { x: 0.45, y: 0.55 } },
  { cutout: 'cup', plate: 'brick', size: 0.4, at: { x: 0.55, y: 0.5 } },
  { cutout: 'cat', plate: 'brick', size: 0.35, at: { x: 0.6, y: 0.45 } },
  { cutout: 'cup', plate: 'grass', size: 0.3, at: { x: 0.4, y: 0.6 } },
];

/** Runs the three tools on one composite; only their outputs are kept (a few MB). */
async function runTools(c: Composite, cutout: Cutout) {
  const brush = holeOf(c.alpha, W, H, BRUSH_GROW);
  const timed = async <T>(work: () => Promise<T>): Promise<{ out?: T; error?: string; ms: number }> => {
    const t = performance.now();
    try {
      return { out: await work(), ms: Math.round(performance.now() - t) };
    } catch (e) {
      return { error: (e as Error).message, ms: Math.round(performance.now() - t) };
    }
  };
  return {
    cut: await timed(() => engine.run({ op: 'background', image: c.png, maxPixels: 40e6 }, never)),
    // Object removal with the user's brush: the hole is the subject grown a little.
    masked: await timed(async () =>
      engine.run(
        {
          op: 'object',
          image: c.png,
          object: cutout,
          mask: await maskPng(
            brush.map((v) => v * 255),
            W,
            H,
          ),
          maxPixels: 40e6,
        },
        never,
      ),
    ),
    // By name alone: no mask, the detector and the segmenter find it.
    named: await timed(() => engine.run({ op: 'object', image: c.png, object: cutout, maxPixels: 40e6 }, never)),
  };
}

// First every tool runs (the process's peak RSS is then the tools', plus one composite at a time),
// then everything is scored (the scores' own buffers come after the figure is read).
const outputs = [];
for (const s of samples) outputs.push(await runTools(await composite({ ...s, width: W, height: H, plateScale: H / 1000 }), s.cutout));
const peakRssMB = peakMB();
await engine.close();

const background = [];
const masked = [];
const named = [];
for (const [k, s] of samples.entries()) {
  const c = await composite({ ...s, width: W, height: H, plateScale: H / 1000 });
  const { cut, masked: m, named: n } = outputs[k]!;
  const sample = `${s.cutout} on ${s.plate}`;
  const brush = holeOf(c.alpha, W, H, BRUSH_GROW);
  const flat = textureDistance(ringMeanFill(c, brush), c.clean, brush, W, H);
  if (cut.out) {
    const alpha = await decodeAlpha(cut.out.png);
    const out = await decodeRgb(cut.out.png);
    background.push({
      sample,
      iou: iou(alpha, c.alpha),
      edgeError: edgeError(alpha, c.alpha, W, H, Math.max(2, Math.round(W / 500))),
      sizeKept: out.width === W && out.height === H,
      ms: cut.ms,
      modelMs: cut.out.model?.runMs ?? 0,
      modelLoadMs: cut.out.model?.loadMs ?? 0,
    });
  } else background.push({ sample, error: cut.error, ms: cut.ms });
  if (m.out) {
    const r = await decodeRgb(m.out.png);
    const ours = textureDistance(r.data, c.clean, brush, W, H);
    masked.push({
      sample,
      holePercent: (100 * brush.reduce((a, v) => a + v, 0)) / (W * H),
      textureDistance: ours,
      naiveTextureDistance: flat,
      ratio: ours / flat,
      residue: residue(r.data, c.data, c.clean, c.alpha),
      psnrOutside: db(psnr(r.data, c.data, outside(brush, W, H, 4))),
      ms: m.ms,
      modelMs: m.out.model?.runMs ?? 0,
      summary: m.out.summary,
    });
  } else masked.push({ sample, error: m.error, ms: m.ms });
  if (n.out) {
    const r = await decodeRgb(n.out.png);
    const subject = c.alpha.map((v) => (v > 0 ? 1 : 0));
    named.push({
      sample,
      found: n.out.found,
      residue: residue(r.data, c.data, c.clean, c.alpha),
      psnrBeyond40px: db(psnr(r.data, c.data, outside(subject, W, H, 40))),
      ratio: textureDistance(r.data, c.clean, brush, W, H) / flat,
      ms: n.ms,
      modelMs: n.out.model?.runMs ?? 0,
      summary: n.out.summary,
    });
  } else named.push({ sample, error: n.error, ms: n.ms });
}

console.log(JSON.stringify({ megapixels: (W * H) / 1e6, width: W, height: H, background, masked, named, peakRssMB }));
process.exit(0);
