// Each tool's processor (one line each in all.ts), paired with its definition by kind: the worker
// runs a queue for every tool of server/shared/tools/catalogue.ts that this process offers, or
// for those WORKER_TOOLS names, by kind or group (a pool: docs/deployment.md, "Worker pools").
import type { Config } from '../../server/shared/platform/config.js';
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import { poolTools, unknownPoolEntries } from '../../server/shared/tools/pools.js';
import * as ALL from './all.js';
import type { RunnableTool } from './processor.js';

const PROCESSORS: readonly RunnableTool[] = Object.values(ALL);

/** The tools this worker runs: those of its pool (WORKER_TOOLS), else every tool this process offers, with their processors. */
export function runnableTools(config: Pick<Config, 'ENABLE_NOOP_TOOL' | 'WORKER_TOOLS'>): readonly RunnableTool[] {
  const byKind = new Map(PROCESSORS.map((p) => [p.kind, p]));
  const offered = toolsFor(config);
  let pool = offered;
  if (config.WORKER_TOOLS) {
    const { tools, unknown } = poolTools(config.WORKER_TOOLS, offered);
    if (unknown.length) throw new Error(`Invalid configuration:\n  WORKER_TOOLS: ${unknownPoolEntries(unknown, offered)}`);
    pool = tools;
  }
  return pool.map((tool) => {
    const runnable = byKind.get(tool.kind);
    if (!runnable) throw new Error(`No processor for the tool "${tool.kind}" (worker/tools/catalogue.ts)`);
    return runnable;
  });
}
