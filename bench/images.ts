// Image generation benchmark: median time of the offline renderer and its process's peak RSS,
// beside the harness alone and sharp re-encoding a real 12 MP photo as PNG (same run).
// Background and object removal on real photos, scored against ground truth: quality.ts.
import type { BenchSection } from './stats.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { composite } from '../tests/fixtures/ground-truth.js';

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
  const photo = await composite({ cutout: 'cat', plate: 'grass', width: 4000, height: 3000, plateScale: 3 });
  const path = join(dir, 'photo.png');
  writeFileSync(path, photo.png);
  const t0 = performance.now();
  await sharp(photo.png).png().toBuffer();
  const baselineReencodeMs = Math.round(performance.now() - t0);
  const tools = [
    { ...runTool(['render']), megapixels: 1 },
    { ...runTool(['idle', path]), megapixels: 12 },
  ];
  return { tools, baselineReencodeMs };
}

export async function imagesSection(): Promise<BenchSection> {
  const r = await imagesBench();
  const names: Record<string, string> = { render: 'image generation (1024×1024)', idle: 'baseline: the harness alone, 12 MP photo read' };
  return {
    result: r,
    markdown: [
      '### Embedded image tools',
      '',
      '| tool | median ms | peak RSS MB |',
      '|---|---:|---:|',
      ...r.tools.map((t) => `| ${names[t.tool] ?? t.tool} | ${t.medianMs} | ${t.peakRssMB} |`),
      '',
      `Baseline: sharp decoding and re-encoding the same 12 MP image as PNG took ${r.baselineReencodeMs} ms. Background and object removal: see the quality section.`,
      '',
    ],
  };
}
