// Worker pools as a deployment file sets them (WORKER_TOOLS per worker: tool kinds or groups such
// as output:image; docs/deployment.md, "Worker pools"): resolved against the tool catalogue as the
// worker resolves them (server/shared/tools/pools.ts), for the Compose file's test and the
// Kubernetes manifests'.
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import { poolTools, TOOL_GROUPS } from '../../server/shared/tools/pools.js';

/** The tools a deployment offers: the catalogue without the benchmark's. */
export const deployedTools = () => toolsFor({ ENABLE_NOOP_TOOL: false });

/** A WORKER_TOOLS value as config.ts splits it. */
export const poolEntries = (value: string) =>
  value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

/** The kinds a pool's entries name (those that name something). */
export const poolKinds = (entries: readonly string[]) => poolTools(entries, deployedTools()).tools.map((t) => t.kind);

/** Every entry a tool or a group, no tool in two pools, every tool in one: `pools` are each pool's place (for the message) and WORKER_TOOLS entries. */
export function workerPoolProblems(pools: { where: string; entries: string[] }[]): string[] {
  const catalogue = deployedTools().map((t) => t.kind);
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { where, entries } of pools) {
    for (const unknown of poolTools(entries, deployedTools()).unknown) {
      problems.push(`${where}: WORKER_TOOLS names ${unknown}, which is no tool nor group (server/shared/tools/catalogue.ts: ${catalogue.join(', ')}; ${TOOL_GROUPS.join(', ')})`);
    }
    for (const k of poolKinds(entries)) {
      if (seen.has(k)) problems.push(`${where}: ${k} is already in the pool ${seen.get(k)}`);
      seen.set(k, where);
    }
  }
  for (const k of catalogue) if (!seen.has(k)) problems.push(`the tool ${k} is in no worker pool (WORKER_TOOLS): its jobs would never run`);
  return problems;
}
