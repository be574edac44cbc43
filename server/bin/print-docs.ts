// `npm run docs:print` (part of `npm run codegen`): writes the documentation's lists of tools from
// the catalogue into README.md and docs/ between their generated markers (server/tools/tool-docs.ts).
// .ci/run fails when one is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fillGenerated, TOOL_DOCS } from '../tools/tool-docs.js';

const root = resolve(import.meta.dirname, '../..');
for (const [file, blocks] of Object.entries(TOOL_DOCS)) {
  const path = resolve(root, file);
  let doc = readFileSync(path, 'utf8');
  for (const [name, make] of Object.entries(blocks)) {
    try {
      doc = fillGenerated(doc, name, make(doc));
    } catch (e) {
      throw new Error(`${file}: ${(e as Error).message}`);
    }
  }
  writeFileSync(path, doc);
  console.log(`wrote ${file}`);
}
