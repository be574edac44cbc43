// Each tool's processor (one line each in all.ts), paired with its definition by kind: the worker
// runs a queue for every tool of server/shared/tools/catalogue.ts that this process offers, or
// for those WORKER_TOOLS names (a pool: docs/deployment.md).
import type { Config } from '../../server/shared/platform/config.js';
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import * as ALL from './all.js';
import type { RunnableTool } from './processor.js';

const PROCESSORS: readonly RunnableTool[] = Object.values(ALL);

/** The tools this worker runs: those of its pool (WORKER_TOOLS), else every tool this process offers, with their processors. */
export function runnableTools(config: Pick<Config, 'ENABLE_NOOP_TOOL' | 'WORKER_TOOLS'>): readonly RunnableTool[] {
  const byKind = new Map(PROCESSORS.map((p) => [p.kind, p]));
  const offered = toolsFor(config);
  const unknown = (config.WORKER_TOOLS ?? []).filter((kind) => !offered.some((t) => t.kind === kind));
  if (unknown.length) {
    const names = unknown.map((k) => `"${k}"`).join(', ');
    throw new Error(`Invalid configuration:\n  WORKER_TOOLS: no tool ${names}; the tools are ${offered.map((t) => t.kind).join(', ')}`);
  }
  const pool = config.WORKER_TOOLS ? offered.filter((t) => config.WORKER_TOOLS!.includes(t.kind)) : offered;
  return pool.map((tool) => {
    const runnable = byKind.get(tool.kind);
    if (!runnable) throw new Error(`No processor for the tool "${tool.kind}" (worker/tools/catalogue.ts)`);
    return runnable;
  });
}
