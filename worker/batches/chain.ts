// A picture's chain of image steps (docs/batches.md, "Chains"): one job, one creation, the steps
// run in order inside it, each step's picture the next one's input. A step is its tool's own
// processor given that tool's own options, so a tool's new options reach chains untouched.
// Pictures between steps stay in this process's memory (one picture at a time: the engine
// works on one image at a time anyway) and never reach the store; only the last is stored.
import { randomUUID } from 'node:crypto';
import { jobInputSchema, type WorkPhase } from '../../server/shared/tools/tool.js';
import { parseInput } from '../../server/shared/platform/validation.js';
import { stepLine, stepsOf, type BatchStep } from '../../server/shared/batches/batch.js';
import type { Storage } from '../../server/shared/storage/types.js';
import type { WorkerServices } from '../context.js';
import type { Reporter } from '../reporter.js';
import type { RunnableTool, ToolResult, ToolRun } from '../tools/processor.js';
import * as ALL from '../tools/all.js';

const BY_KIND = new Map<string, RunnableTool>(Object.values(ALL).map((t) => [t.kind, t]));

/** Where a step's work sits in the job's percent: the steps share 5–90 % equally. */
const CHAIN_FROM = 5;
const CHAIN_TO = 90;

/** Each tool's provider, made once per process when a chain first needs it (the queue's own tool brings its own). */
const providers = new Map<string, Promise<unknown>>();
function providerOf(services: WorkerServices, tool: RunnableTool): Promise<unknown> {
  let p = providers.get(tool.kind);
  if (!p) {
    p = Promise.resolve(tool.provider(services));
    providers.set(tool.kind, p);
  }
  return p;
}

/**
 * The store as a step sees it: the previous step's picture is read from memory as its upload, and
 * (all but the last step) what it puts is kept here under a key the next step reads.
 */
function memoryStorage(storage: Storage, held: Map<string, Buffer>, last: boolean): Storage {
  const put = async (bytes: Buffer, ext: string) => {
    const key = `chain-step-${randomUUID()}.${ext}`;
    held.set(key, bytes);
    return { url: key, key };
  };
  return Object.assign(Object.create(storage) as Storage, {
    put: last ? (bytes: Buffer, ext: Parameters<Storage['put']>[1]) => storage.put(bytes, ext) : put,
    readUpload: (key: string) => (held.has(key) ? Promise.resolve(held.get(key)!) : storage.readUpload(key)),
    deleteUpload: (key: string) => (held.delete(key) ? Promise.resolve() : storage.deleteUpload(key)),
  });
}

/**
 * A step's voice: the job's reporter with every phase inside the step's share and its line
 * prefixed with the step. Phases only move forward for followers, so the job is ANALYZING only in
 * the first step's, FINALIZING only in the last step's, and PROCESSING in between.
 */
function stepReporter(report: Reporter, index: number, total: number, tool: string): Reporter {
  const span = (CHAIN_TO - CHAIN_FROM) / total;
  const at = (percent: number) => Math.round(CHAIN_FROM + span * index + (span * Math.min(100, Math.max(0, percent))) / 100);
  const phaseOf = (phase: WorkPhase): WorkPhase => ((phase === 'ANALYZING' && index === 0) || (phase === 'FINALIZING' && index === total - 1) ? phase : 'PROCESSING');
  return Object.assign(Object.create(report) as Reporter, {
    enter: (phase: WorkPhase, percent: number, message: string) => report.enter(phaseOf(phase), at(percent), stepLine(index, total, tool, message)),
    progressed: (percent: number, message: string, preview?: string) => report.progressed(at(percent), stepLine(index, total, tool, message), preview),
    note: (message: string) => report.note(stepLine(index, total, tool, message)),
  });
}

/** The upload key fields a tool reads its image from (its required image upload). */
const imageKeyOf = (tool: RunnableTool) => tool.uploads.find((u) => u.accept === 'image' && u.missing)?.key ?? 'uploadKey';

async function runSteps(run: ToolRun<Record<string, unknown>, unknown>, first: RunnableTool, steps: BatchStep[]): Promise<ToolResult> {
  const held = new Map<string, Buffer>();
  const input = run.input as { prompt: string; filename?: string };
  let image = run.input[imageKeyOf(first)] as string | undefined;
  const results: ToolResult[] = [];
  for (const [index, step] of steps.entries()) {
    const tool = index === 0 ? first : BY_KIND.get(step.tool);
    if (!tool) throw new Error(`No processor for the step "${step.tool}"`);
    const last = index === steps.length - 1;
    const stepInput = index === 0 ? run.input : parseInput(jobInputSchema(tool), { ...step.options, prompt: input.prompt, filename: input.filename, [imageKeyOf(tool)]: image });
    const report = stepReporter(run.report, index, steps.length, tool.kind);
    const services = { ...run.services, storage: memoryStorage(run.services.storage, held, last) };
    const result = await tool.process({
      ...run,
      input: stepInput,
      provider: index === 0 ? run.provider : await providerOf(run.services, tool),
      report,
      services,
      enter: (phase, message) => report.enter(phase, tool.phases[phase][0], message ?? tool.phases[phase][1]),
      percentAt: (fraction) => Math.round(10 + 80 * Math.min(1, Math.max(0, fraction))),
    });
    results.push(result);
    if (image && held.has(image)) held.delete(image);
    image = result.content;
  }
  const final = results.at(-1)!;
  return {
    ...final,
    prompt: results.map((r) => r.prompt).join(', then '),
    metadata: { ...final.metadata, steps: steps.map((s) => s.tool), filename: input.filename },
  };
}

/**
 * The tool a queued job runs as: its own, or (a job whose input lists several steps) a chain whose
 * first step is that tool and whose creation is the last step's type.
 */
export function chainedTool(tool: RunnableTool, input: unknown): RunnableTool {
  const steps = stepsOf(input);
  if (steps.length <= 1) return tool;
  const last = BY_KIND.get(steps.at(-1)!.tool) ?? tool;
  return { ...tool, creationType: last.creationType, process: (run) => runSteps(run, tool, steps) };
}
