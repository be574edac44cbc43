// `npm run bench`: runs every benchmark, prints a markdown table and writes
// bench/results.json. Each figure sits beside a baseline measured in the same run.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { pipelineBench } from './pipeline.js';
import { imagesBench } from './images.js';

const only = process.argv[2];
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
};
const lines: string[] = [];

if (!only || only === 'pipeline') {
  const p = await pipelineBench(Number(process.env.BENCH_JOBS ?? 2000), Number(process.env.BENCH_IN_FLIGHT ?? 32));
  results.pipeline = p;
  lines.push(
    `### Pipeline: ${p.jobs} no-op jobs, ${p.inFlight} in flight`,
    '',
    '| path | jobs/s | p50 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|',
    `| Atelier: mutation → BullMQ → worker → pub/sub → graphql-ws | ${p.ours.perSecond} | ${p.ours.p50} | ${p.ours.p99} | ${p.ours.max} |`,
    `| raw BullMQ: add → Worker → QueueEvents | ${p.rawBullmq.perSecond} | ${p.rawBullmq.p50} | ${p.rawBullmq.p99} | ${p.rawBullmq.max} |`,
    '',
    `Overhead: latency ×${p.latencyRatio} (p50), throughput ×${p.throughputRatio} (raw/ours). Targets: ≤ 1.5× and ≥ 500 jobs/s.`,
    '',
  );
}

if (!only || only === 'images') {
  const r = await imagesBench();
  results.images = r;
  const names: Record<string, string> = { background: 'background removal (12 MP)', inpaint: 'object removal, 2 % mask (12 MP)', render: 'image generation (1024×1024)', idle: 'baseline: the harness alone, image read' };
  lines.push(
    '### Embedded image tools',
    '',
    '| tool | median ms | peak RSS MB |',
    '|---|---:|---:|',
    ...r.tools.map((t) => `| ${names[t.tool] ?? t.tool} | ${t.medianMs} | ${t.peakRssMB} |`),
    '',
    `Baseline: sharp decoding and re-encoding the same 12 MP image as PNG took ${r.baselineReencodeMs} ms. Targets: background removal ≤ 1500 ms and ≤ 500 MB.`,
    '',
  );
}

writeFileSync(resolve(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(lines.join('\n'));
process.exit(0);
