// One local image tool, timed in a fresh process so its peak RSS is its own:
// node … bench/image-tool.ts <render|idle> [image.png]
// (Background and object removal on real photos: bench/quality-run.ts.)
import { readFileSync } from 'node:fs';
import { renderImage } from '../worker/models/render.js';

const [tool, imagePath] = process.argv.slice(2);
const runs = Number(process.env.BENCH_IMAGE_RUNS ?? 3);
const image = imagePath ? readFileSync(imagePath) : Buffer.alloc(0);
const work: Record<string, () => Promise<Buffer>> = {
  render: () => renderImage('a lighthouse on a cliff at sunset over the ocean', 'GHIBLI'),
  // The harness alone (Node, the TypeScript loader, sharp, the file read): the RSS floor.
  idle: async () => image,
};
const run = work[tool ?? ''];
if (!run) throw new Error(`unknown tool ${tool}`);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  await run();
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const medianMs = Math.round(times[Math.floor(times.length / 2)]!);
// VmHWM is this process's own high-water mark. getrusage's maxRSS is not on Linux: exec keeps
// the forking parent's peak in it, so a large `npm run bench` parent inflated every figure.
const hwmKB = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
console.log(JSON.stringify({ tool, runs, medianMs, peakRssMB: Math.round(Number(hwmKB ?? process.resourceUsage().maxRSS) / 1024) }));
