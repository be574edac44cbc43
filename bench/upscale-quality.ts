// The embedded upscaler against sharp's plain Lanczos-3 on the real photos: each photo shrunk
// by the scale and enlarged back, PSNR against the photo (tests/fixtures/upscale-scoring.ts),
// under the standard Mitchell shrink and under other shrinks and JPEG; and its time on a
// ~3 MP input made 2× and a ~0.8 MP input made 4× (both 12.6 MP results), and 1 MP and
// 0.25 MP inputs made 4× (16 MP and 4 MP results).
// `node --import @swc-node/register/esm-register bench/upscale-quality.ts` prints the tables.
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { upscaleImage, type Upscaled } from '../worker/tools/upscale-image/upscale.js';
import { HELD_OUT_SHRINKS, STANDARD_SHRINK, UPSCALE_PHOTOS, largeInput, scoreUpscale, type Shrink } from '../tests/fixtures/upscale-scoring.js';
import type { BenchSection } from './stats.js';

export interface UpscaleRow {
  photo: string;
  scale: number;
  lanczosPsnr: number;
  oursPsnr: number;
  gainDb: number;
  ms: number;
}
export interface HeldOutRow extends UpscaleRow {
  shrink: Shrink;
}
export interface UpscaleTiming {
  input: string;
  scale: number;
  output: string;
  medianMs: number;
  pngMB: number;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

async function rowsFor(how: Shrink): Promise<HeldOutRow[]> {
  const rows: HeldOutRow[] = [];
  for (const scale of [2, 4] as const) {
    for (const photo of UPSCALE_PHOTOS) {
      const r = await scoreUpscale(photo, scale, how);
      rows.push({
        photo,
        scale,
        shrink: how,
        lanczosPsnr: round2(r.lanczosPsnr),
        oursPsnr: round2(r.oursPsnr),
        gainDb: round2(r.gainDb),
        ms: r.ms,
      });
    }
  }
  return rows;
}

async function timing(input: Buffer, scale: 2 | 4, runs = 3): Promise<UpscaleTiming> {
  const meta = await sharp(input).metadata();
  const times: number[] = [];
  let last: Upscaled | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await upscaleImage(input, scale, { maxPixels: 36_000_000 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    input: `${meta.width}×${meta.height}`,
    scale,
    output: `${last?.width}×${last?.height}`,
    medianMs: Math.round(times[Math.floor(times.length / 2)]!),
    pngMB: round2((last?.bytes.length ?? 0) / 2 ** 20),
  };
}

export async function upscaleQuality(): Promise<{
  rows: UpscaleRow[];
  heldOut: HeldOutRow[];
  timings: UpscaleTiming[];
}> {
  const rows = (await rowsFor(STANDARD_SHRINK)).map(({ shrink: _shrink, ...row }) => row);
  const heldOut: HeldOutRow[] = [];
  for (const how of HELD_OUT_SHRINKS) heldOut.push(...(await rowsFor(how)));
  const three = await largeInput();
  const small = await sharp(three).resize(1024, 768, { kernel: 'mitchell' }).png({ compressionLevel: 1 }).toBuffer();
  // And two common photo sizes: 1 MP → 16 MP and 0.25 MP → 4 MP, both 4× (docs/benchmarks.md,
  // "Current results", the upscaler's row).
  const oneMp = await sharp(three).resize(1152, 864, { kernel: 'mitchell' }).png({ compressionLevel: 1 }).toBuffer();
  const quarterMp = await sharp(three).resize(576, 432, { kernel: 'mitchell' }).png({ compressionLevel: 1 }).toBuffer();
  const timings = [await timing(three, 2), await timing(small, 4), await timing(oneMp, 4), await timing(quarterMp, 4)];
  return { rows, heldOut, timings };
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export async function upscaleQualitySection(): Promise<BenchSection> {
  const result = await upscaleQuality();
  const gains = (rows: UpscaleRow[], scale: number): string => {
    const g = rows.filter((r) => r.scale === scale).map((r) => r.gainDb);
    return `${mean(g).toFixed(2)} (min ${Math.min(...g).toFixed(2)})`;
  };
  const markdown = [
    '### Image upscaler (embedded) against plain Lanczos-3, on real photos',
    '',
    `Each photo shrunk by the scale (${STANDARD_SHRINK}), enlarged back by sharp's Lanczos-3 and by the upscaler; PSNR against the photo (RGB, 8-bit, every pixel).`,
    '',
    '| photo | scale | Lanczos-3 dB | ours dB | gain dB | ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.rows.map((r) => `| ${r.photo} | ${r.scale}× | ${r.lanczosPsnr.toFixed(2)} | ${r.oursPsnr.toFixed(2)} | +${r.gainDb.toFixed(2)} | ${r.ms} |`),
    '',
    'Other shrinks, mean (min) gain in dB: Lanczos-3, and Mitchell then JPEG q85, are fully held out; cubic (Catmull-Rom) and area average are each one half of the shrink the upscaler assumes.',
    '',
    '| shrink | 2× | 4× |',
    '|---|---:|---:|',
    ...HELD_OUT_SHRINKS.map((how) => {
      const rows = result.heldOut.filter((r) => r.shrink === how);
      return `| ${how} | ${gains(rows, 2)} | ${gains(rows, 4)} |`;
    }),
    '',
    '| input | scale | result | median ms (3 runs) | PNG MB |',
    '|---|---:|---|---:|---:|',
    ...result.timings.map((t) => `| ${t.input} | ${t.scale}× | ${t.output} | ${t.medianMs} | ${t.pngMB} |`),
    '',
  ];
  return { result, markdown };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const section = await upscaleQualitySection();
  console.log(section.markdown.join('\n'));
}
