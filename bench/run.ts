// `npm run bench [section…]`: runs every benchmark (or the named sections), prints
// markdown tables and writes bench/results.json (and, for a full run, bench/results.md).
// Each figure sits beside a baseline measured in the same run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { pipelineSection } from './pipeline.js';
import { imagesSection } from './images.js';
import { imageLoadSection } from './image-load.js';
import { qualitySection } from './quality.js';
import { scenesSection } from './scenes.js';
import { touchingSection } from './touching.js';
import { batchSection } from './batch.js';
import { etaSection } from './eta.js';
import { fanoutSection } from './fanout.js';
import { scaleoutSection } from './scaleout.js';
import { feedSection } from './feed.js';
import { feedGrowthSection } from './feed-growth.js';
import { landingSection } from './landing.js';
import { graphiqlSection } from './graphiql.js';
import type { BenchSection } from './stats.js';

// Order matters only for reading: each section starts and stops what it needs.
const sections: Record<string, () => Promise<BenchSection>> = {
  pipeline: pipelineSection,
  images: imagesSection,
  'image-load': imageLoadSection,
  quality: qualitySection,
  scenes: scenesSection,
  touching: touchingSection,
  batch: batchSection,
  eta: etaSection,
  fanout: fanoutSection,
  scaleout: scaleoutSection,
  feed: feedSection,
  'feed-growth': feedGrowthSection,
  landing: landingSection,
  graphiql: graphiqlSection,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in sections));
if (unknown.length) {
  console.error(`unknown bench section(s): ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
};
const lines: string[] = [`Measured ${results.date} on ${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}.`, ''];

for (const [name, run] of Object.entries(sections)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.error(`bench: ${name}…`);
  const section = await run();
  results[name] = section.result;
  lines.push(...section.markdown);
}

// Named sections update their part of results.json and keep the others' last figures.
const file = resolve(import.meta.dirname, 'results.json');
const previous = wanted.length && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
writeFileSync(file, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
// A full run also leaves its tables in bench/results.md (docs/benchmarks.md's figures come from it).
if (!wanted.length) writeFileSync(resolve(import.meta.dirname, 'results.md'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
process.exit(0);
