// Image tools benchmark: median time of each embedded tool on a 12-megapixel photo-like
// image, and its process's peak RSS. Each tool runs in its own process; a baseline in the
// same run is sharp simply decoding and re-encoding the same image as PNG.
import type { BenchSection } from './stats.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { largeInpaintSample, photoLikeSample } from '../server/providers/image/local/testset.js';

export interface ImageToolResult {
  tool: string;
  megapixels: number;
  medianMs: number;
  peakRssMB: number;
}

const root = resolve(import.meta.dirname, '..');

function runTool(args: string[]): ImageToolResult & { runs: number } {
  const out = execFileSync(process.execPath, ['--import', '@swc-node/register/esm-register', join(root, 'bench/image-tool.ts'), ...args], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

export async function imagesBench(): Promise<{ tools: ImageToolResult[]; baselineReencodeMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-img-'));
  const photo = await photoLikeSample(4000, 3000);
  const hole = await largeInpaintSample(4000, 3000, 0.02);
  const paths = { photo: join(dir, 'photo.png'), inpaint: join(dir, 'inpaint.png'), mask: join(dir, 'mask.png') };
  writeFileSync(paths.photo, photo.image);
  writeFileSync(paths.inpaint, hole.image);
  writeFileSync(paths.mask, hole.mask);
  const t0 = performance.now();
  await sharp(photo.image).png().toBuffer();
  const baselineReencodeMs = Math.round(performance.now() - t0);
  const tools = [
    { ...runTool(['background', paths.photo]), megapixels: 12 },
    { ...runTool(['inpaint', paths.inpaint, paths.mask]), megapixels: 12 },
    { ...runTool(['render']), megapixels: 1 },
    { ...runTool(['idle', paths.photo]), megapixels: 12 },
  ];
  return { tools, baselineReencodeMs };
}

export async function imagesSection(): Promise<BenchSection> {
  const r = await imagesBench();
  const names: Record<string, string> = { background: 'background removal (12 MP)', inpaint: 'object removal, 2 % mask (12 MP)', render: 'image generation (1024×1024)', idle: 'baseline: the harness alone, image read' };
  return {
    result: r,
    markdown: [
      '### Embedded image tools',
      '',
      '| tool | median ms | peak RSS MB |',
      '|---|---:|---:|',
      ...r.tools.map((t) => `| ${names[t.tool] ?? t.tool} | ${t.medianMs} | ${t.peakRssMB} |`),
      '',
      `Baseline: sharp decoding and re-encoding the same 12 MP image as PNG took ${r.baselineReencodeMs} ms. Targets: background removal ≤ 1500 ms and ≤ 500 MB.`,
      '',
    ],
  };
}
