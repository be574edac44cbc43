// The worker's half of a tool: the provider it works with and what it does with a job. The
// definition (server/shared/tools/<tool>.ts) says the rest; worker/tools/catalogue.ts pairs them.
import type { z } from 'zod';
import type { JobInput, QueuedJob, ToolDefinition, WorkPhase } from '../../server/shared/tools/tool.js';
import type { WorkerServices } from '../context.js';
import type { Reporter } from '../reporter.js';

/** What a finished job saves as its creation. */
export interface ToolResult {
  prompt: string;
  content: string;
  metadata: Record<string, unknown>;
  published?: boolean;
  /** The job's last line for its owner (default "Done"), e.g. "Removed 2 × cup". */
  summary?: string;
  /**
   * More results of the same request (the image tool's count > 1): each its own creation, with
   * the prompt and publishing of this one, saved in the statement that completes the job (and
   * never if it does not complete). Every creation of the request gets `batch` in its metadata:
   * the ids of the others.
   */
  extras?: { content: string; metadata: Record<string, unknown> }[];
}

export interface ToolRun<I, P> {
  job: QueuedJob;
  input: I;
  /** The tool's provider in this process (its processor's `provider`). */
  provider: P;
  report: Reporter;
  /** Enters a phase at the percent the definition gives it; `message` replaces the definition's line. */
  enter(phase: WorkPhase, message?: string): Promise<void>;
  /** The percent `fraction` (0–1) of the way through PROCESSING, for streamed or stepped work. */
  percentAt(fraction: number): number;
  signal: AbortSignal;
  services: WorkerServices;
}

export interface ToolProcessor<I = Record<string, unknown>, P = unknown> {
  /** The provider this tool's processor works with, picked once per worker process (when it starts). */
  provider: (services: WorkerServices) => P | Promise<P>;
  process: (run: ToolRun<I, P>) => Promise<ToolResult>;
}

/** A tool as a worker runs it: its definition and its processor. */
export type RunnableTool = ToolDefinition & ToolProcessor;

/** Types a processor by its tool's definition (the input and upload keys it gets). */
export const defineProcessor = <S extends z.ZodObject, K extends string, P>(definition: ToolDefinition<S, K>, processor: ToolProcessor<JobInput<S, K>, P>): RunnableTool =>
  ({ ...definition, ...processor }) as unknown as RunnableTool;
