// Every tool (one line each in all.ts): GraphQL (mutations), REST (routes), enqueue (policy), the
// worker (one queue each, processors paired in worker/tools/catalogue.ts) and metrics read it.
// Adding a tool: docs/adding-a-tool.md.
import type { Config } from '../platform/config.js';
import * as ALL from './all.js';
import { isEnabled, type Tool } from './tool.js';

/**
 * In the order of their kinds: the same everywhere (Node lists a module's exports by export name,
 * Vite and vitest in the order they are written), so what is generated from it does not depend
 * on who reads it.
 */
export const TOOLS: readonly Tool[] = Object.values(ALL).sort((a, b) => a.kind.localeCompare(b.kind));

/** The tools this process offers (the benchmark's only with ENABLE_NOOP_TOOL). */
export const toolsFor = (config: Pick<Config, 'ENABLE_NOOP_TOOL'>): readonly Tool[] => TOOLS.filter((t) => isEnabled(t, config));
