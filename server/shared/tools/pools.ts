// A worker pool's tools (WORKER_TOOLS; docs/deployment.md, "Worker pools"). Each entry is a tool's
// kind or a group of the catalogue: `output:<output>` is every tool whose definition says that
// output (`output:text`, `output:image`). A tool's output is one value, so the two groups split
// the catalogue between them: pools named by group take a new tool with no edit. The worker
// resolves its pool with this (worker/tools/catalogue.ts), and so do the deployment files' tests
// and the generated KEDA triggers (scripts/keda-scaled-objects.ts).
import { TOOLS } from './catalogue.js';
import type { Tool } from './tool.js';

const GROUP_PREFIX = 'output:';

/** Every group an entry may name: one per output some tool of the catalogue has. */
export const TOOL_GROUPS: readonly string[] = [...new Set(TOOLS.map((t) => t.output))].map((output) => `${GROUP_PREFIX}${output}`);

/**
 * The tools of `offered` that `entries` name (kinds or groups), in the catalogue's order, and the
 * entries that are neither a tool of `offered` nor a group.
 */
export function poolTools(entries: readonly string[], offered: readonly Tool[]): { tools: Tool[]; unknown: string[] } {
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const entry of entries) {
    if (TOOL_GROUPS.includes(entry)) {
      for (const t of offered) if (`${GROUP_PREFIX}${t.output}` === entry) chosen.add(t.kind);
    } else if (offered.some((t) => t.kind === entry)) chosen.add(entry);
    else unknown.push(entry);
  }
  return { tools: offered.filter((t) => chosen.has(t.kind)), unknown };
}

/** What may be named instead of `unknown`: the tools of `offered` and the groups. */
export function unknownPoolEntries(unknown: readonly string[], offered: readonly Tool[]): string {
  const names = unknown.map((k) => `"${k}"`).join(', ');
  return `no tool or group ${names}; the tools are ${offered.map((t) => t.kind).join(', ')}; the groups are ${TOOL_GROUPS.join(', ')}`;
}
