// A batch's steps as a request gives them (docs/batches.md, "Chains"): one to three image tools,
// each with its own options checked by that tool's own input schema (nothing of a tool's options
// is known here, so a tool's new options work in batches and chains as they are).
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { CHAIN_MAX_STEPS } from '../../shared/platform/constants.js';
import { creationSource, type Tool } from '../../shared/tools/tool.js';
import { parseInput } from '../../shared/platform/validation.js';
import type { BatchStep } from '../../shared/batches/batch.js';

/** The tools a batch may run: those whose one required upload is an image and whose result is an image. */
export const batchTools = (tools: readonly Tool[]): Tool[] => tools.filter((t) => t.output === 'image' && creationSource(t) && t.uploads.filter((u) => u.missing).length === 1);

const bad = (message: string, field = 'steps') => new AppError(ErrorCode.BAD_USER_INPUT, message, { field });

/** A JSON text field (multipart) or a value (JSON body), as the steps list. */
export function parseSteps(raw: unknown, tools: readonly Tool[]): { steps: BatchStep[]; tools: Tool[] } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw bad('steps must be a JSON list of { "tool": …, "options": {…} }');
    }
  }
  if (!Array.isArray(value) || value.length === 0) throw bad('Give one to three steps, e.g. [{ "tool": "background-removal" }]');
  if (value.length > CHAIN_MAX_STEPS) throw bad(`At most ${CHAIN_MAX_STEPS} steps`);
  const allowed = batchTools(tools);
  const used: Tool[] = [];
  const steps = value.map((s: unknown, i: number): BatchStep => {
    const { tool: kind, options } = (typeof s === 'object' && s !== null ? s : {}) as { tool?: unknown; options?: unknown };
    const tool = allowed.find((t) => t.kind === kind);
    if (!tool) throw bad(`Step ${i + 1}: the tool must be one of ${allowed.map((t) => t.kind).join(', ')}`, `steps[${i}].tool`);
    if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options)))
      throw bad(`Step ${i + 1}: options must be an object`, `steps[${i}].options`);
    let checked: Record<string, unknown>;
    try {
      checked = parseInput(tool.input, options ?? {}) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof AppError) throw bad(`Step ${i + 1}: ${e.message}`, `steps[${i}].options${e.extensions.field ? `.${String(e.extensions.field)}` : ''}`);
      throw e;
    }
    used.push(tool);
    return { tool: tool.kind, options: checked };
  });
  return { steps, tools: used };
}
