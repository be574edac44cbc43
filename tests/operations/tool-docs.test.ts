// The documentation's tool lists are the catalogue's (server/tools/tool-docs.ts): what
// `npm run docs:print` writes between the generated markers, inline or on lines of their own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import { fillGenerated, TOOL_DOCS } from '../../server/tools/tool-docs.js';

const OPEN = '<!-- generated: list, by npm run codegen -->';
const CLOSE = '<!-- end generated -->';

describe('generated tool lists in the docs', () => {
  it('fills a block within a line inline, and one on its own lines indented as its marker', () => {
    expect(fillGenerated(`| a | ${OPEN}old${CLOSE} |`, 'list', '`x`, `y`')).toBe(`| a | ${OPEN}\`x\`, \`y\`${CLOSE} |`);
    expect(fillGenerated(`- tools:\n  ${OPEN}\n  - old\n  ${CLOSE}\n- next`, 'list', '- x\n- y')).toBe(`- tools:\n  ${OPEN}\n  - x\n  - y\n  ${CLOSE}\n- next`);
    expect(() => fillGenerated('no markers', 'list', 'x')).toThrow(/no "<!-- generated: list/);
  });

  it('are up to date in every document, and name every tool (npm run codegen writes them)', () => {
    for (const [file, blocks] of Object.entries(TOOL_DOCS)) {
      const doc = readFileSync(join(import.meta.dirname, '../..', file), 'utf8');
      for (const [name, make] of Object.entries(blocks)) expect(fillGenerated(doc, name, make(doc)), `${file}: ${name}`).toBe(doc);
    }
    const api = readFileSync(join(import.meta.dirname, '../../docs/api-v1.md'), 'utf8');
    for (const tool of toolsFor({ ENABLE_NOOP_TOOL: false })) expect(api).toContain(`\`POST /api/v1${tool.api.path}\``);
  });
});
