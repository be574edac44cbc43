// `npm run bench quality`: the embedded image tools scored against ground truth built from real
// photos (tests/fixtures/ground-truth.ts), at 1 MP and 12 MP, each resolution in a fresh process
// (bench/quality-run.ts) so the model's first load and the process's peak RSS are its own.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { workerImageBench } from './quality-worker.js';
import type { BenchSection } from './stats.js';

const root = resolve(import.meta.dirname, '..');

interface Row {
  sample: string;
  ms: number;
  modelMs: number;
  [k: string]: unknown;
}
interface Run {
  megapixels: number;
  width: number;
  height: number;
  background: (Row & { iou: number; edgeError: number; sizeKept: boolean; modelLoadMs: number })[];
  masked: (Row & { holePercent: number; ratio: number; residue: number; psnrOutside: number | 'identical'; summary: string })[];
  named: (Row & { found?: { label: string; removed: number; matchedAs: string }; residue?: number; psnrBeyond40px?: number | 'identical'; error?: string; summary?: string })[];
  peakRssMB: number;
}

function runAt(megapixels: number): Run {
  const out = execFileSync(process.execPath, ['--import', '@swc-node/register/esm-register', join(root, 'bench/quality-run.ts'), String(megapixels)], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  const run = JSON.parse(out.trim().split('\n').at(-1)!) as Run;
  console.error(`quality ${megapixels} MP:`, JSON.stringify(run));
  return run;
}

const f = (n: number | 'identical' | undefined, d = 3): string => (n === 'identical' ? '∞ (identical)' : n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(d));
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export async function qualitySection(): Promise<BenchSection> {
  const runs = [runAt(1), runAt(12)];
  const worker = await workerImageBench();
  const markdown = [
    '### Image tools on real photos, against ground truth',
    '',
    `**In a real worker process** (\`npm run worker\` behind \`npm run api\`, REST, a 12 MP cat-on-grass photo as a ${worker.uploadMB} MB JPEG): worker RSS ${worker.workerIdleRssMB} MB idle, peak ${worker.workerPeakRssMB} MB.`,
    '',
    '| job | ms (upload to answer) | answer |',
    '|---|---:|---|',
    ...worker.runs.map((r, i) => `| ${r.tool}, ${i % 2 === 0 ? 'first (loads the models)' : 'second'} | ${r.ms} | ${r.ok ? 'ok' : 'FAILED'} ${r.message} |`),
    '',
  ];
  for (const r of runs) {
    const [first, ...warm] = r.background;
    markdown.push(
      `**${r.width}×${r.height} (${r.megapixels.toFixed(1)} MP)** — peak RSS of the process ${r.peakRssMB} MB; the first job loaded the model in ${first?.modelLoadMs ?? 0} ms (${first?.ms} ms in all), the next ones reuse it.`,
      '',
      '| background removal | IoU | edge error | size kept | ms | of which model |',
      '|---|---:|---:|:---:|---:|---:|',
      ...r.background.map((b) => `| ${b.sample} | ${f(b.iou)} | ${f(b.edgeError)} | ${b.sizeKept ? 'yes' : 'NO'} | ${b.ms} | ${b.modelMs} |`),
      `| **mean / min IoU** | **${f(mean(r.background.map((b) => b.iou)))}** / ${f(Math.min(...r.background.map((b) => b.iou)))} | ${f(mean(r.background.map((b) => b.edgeError)))} | | warm median ${median(warm.map((b) => b.ms))} | |`,
      '',
      '| object removal, brushed | hole % | texture distance / naive fill | residue | PSNR outside dB | ms | of which model |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...r.masked.map((m) => `| ${m.sample} | ${f(m.holePercent, 1)} | ${f(m.ratio, 2)} | ${f(m.residue)} | ${f(m.psnrOutside, 1)} | ${m.ms} | ${m.modelMs} |`),
      `| **mean** | | **${f(mean(r.masked.map((m) => m.ratio)), 2)}** | ${f(mean(r.masked.map((m) => m.residue)))} | min ${f(minDb(r.masked.map((m) => m.psnrOutside)), 1)} | median ${median(r.masked.map((m) => m.ms))} | |`,
      '',
      '| object removal by name, no mask | found | residue | PSNR beyond 40 px dB | texture / naive | ms |',
      '|---|---|---:|---:|---:|---:|',
      ...r.named.map((n) =>
        n.error
          ? `| ${n.sample} | ${n.error} | | | | ${n.ms} |`
          : `| ${n.sample} | ${n.found?.removed ?? 0} × ${n.found?.label ?? '–'} (${n.found?.matchedAs ?? '–'}) | ${f(n.residue)} | ${f(n.psnrBeyond40px, 1)} | ${f(n.ratio as number, 2)} | ${n.ms} |`,
      ),
      '',
    );
  }
  markdown.push(
    'IoU and edge error (mean |alpha − truth| within ±0.2 % of the width of the true outline) against the cut-out’s exact alpha; texture distance: Wasserstein distances of colour, gradient and local-contrast distributions inside the hole against the clean plate, divided by the same for a flat ring-mean fill computed in the same run (lower is better, the target is ≤ 0.5); residue: share of the subject’s pixels left as they were. Targets: mean IoU ≥ 0.93 with none below 0.85; PSNR outside ≥ 40 dB; residue ≤ 0.2; 12 MP ≤ 10 s (background) and ≤ 12 s (object), peak RSS ≤ 1.5 GB.',
    '',
  );
  return { result: { runs, worker }, markdown };
}

function minDb(xs: (number | 'identical')[]): number | 'identical' {
  const finite = xs.filter((x): x is number => x !== 'identical');
  return finite.length ? Math.min(...finite) : 'identical';
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
}
