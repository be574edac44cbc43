// Each tool's processor (one line each in all.ts), paired with its definition by kind: the worker
// runs a queue for every tool of server/shared/tools/catalogue.ts that this process offers.
import type { Config } from '../../server/shared/platform/config.js';
import { toolsFor } from '../../server/shared/tools/catalogue.js';
import * as ALL from './all.js';
import type { RunnableTool } from './processor.js';

const PROCESSORS: readonly RunnableTool[] = Object.values(ALL);

/** The tools this worker runs: every tool this process offers, with its processor. */
export function runnableTools(config: Pick<Config, 'ENABLE_NOOP_TOOL'>): readonly RunnableTool[] {
  const byKind = new Map(PROCESSORS.map((p) => [p.kind, p]));
  return toolsFor(config).map((tool) => {
    const runnable = byKind.get(tool.kind);
    if (!runnable) throw new Error(`No processor for the tool "${tool.kind}" (worker/tools/catalogue.ts)`);
    return runnable;
  });
}
