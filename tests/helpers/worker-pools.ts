// Worker pools as a deployment file sets them (WORKER_TOOLS per worker): checked against the
// tool catalogue by the Compose file's test and the Kubernetes manifests' (worker/tools/catalogue.ts).
import { toolsFor } from '../../server/shared/tools/catalogue.js';

/** Every name a tool, no tool in two pools, every tool in one: `pools` are each pool's place (for the message) and tools. */
export function workerPoolProblems(pools: { where: string; kinds: string[] }[]): string[] {
  const catalogue = toolsFor({ ENABLE_NOOP_TOOL: false }).map((t) => t.kind);
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { where, kinds } of pools) {
    for (const k of kinds) {
      if (!catalogue.includes(k)) problems.push(`${where}: WORKER_TOOLS names ${k}, which is not a tool (server/shared/tools/catalogue.ts: ${catalogue.join(', ')})`);
      if (seen.has(k)) problems.push(`${where}: ${k} is already in the pool ${seen.get(k)}`);
      seen.set(k, where);
    }
  }
  for (const k of catalogue) if (!seen.has(k)) problems.push(`the tool ${k} is in no worker pool (WORKER_TOOLS): its jobs would never run`);
  return problems;
}
