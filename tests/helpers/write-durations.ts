// `npm run test:durations`: after a full `npm test`, writes how long each file took (vitest's
// results cache) to tests/durations.json, which orders the next runs (longest-first.ts).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'node_modules/.vite/vitest';
const table: Record<string, number> = {};
for (const hash of readdirSync(dir)) {
  const { results } = JSON.parse(readFileSync(join(dir, hash, 'results.json'), 'utf8')) as { results: [string, { duration?: number }][] };
  for (const [file, r] of results) if (r.duration) table[file] = Math.round(r.duration);
}
const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync('tests/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(sorted).length} files`);
