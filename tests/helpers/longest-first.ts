// The order `npm test` starts its files in (docs/architecture.md, "Tests"): within each project,
// the longest first, by the durations in tests/durations.json, so the last files to start are
// short ones and both processes finish together. Vitest orders by its own cache of durations,
// which a clean clone (CI) does not have: it then starts the largest files first, and a short
// file that runs long (the real-scene fills) could start last and leave one process idle for
// minutes. `npm run test:durations` writes the table from the last run's cache.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TABLE = new URL('../durations.json', import.meta.url);

/** Milliseconds each file took, by "project:path", as vitest's cache keys them. */
export function durations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(TABLE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const table = durations();
    const root = this.ctx.config.root;
    const ms = (f: TestSpecification): number => table[`${f.project.name}:${relative(root, f.moduleId)}`] ?? 0;
    // Vitest's grouping (by project) stays; inside a group, the longest first (sort is stable).
    const groups = new Map<string, TestSpecification[]>();
    for (const f of ordered) {
      const group = groups.get(f.project.name) ?? [];
      group.push(f);
      groups.set(f.project.name, group);
    }
    return [...groups.values()].flatMap((g) => g.sort((a, b) => ms(b) - ms(a)));
  }
}
