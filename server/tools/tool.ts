// What a tool is. Each AI tool is one folder under server/tools/ whose definition says
// everything the rest of the system asks about it: enqueue reads its plan and quota, GraphQL
// and REST its input and uploads, the worker its processor, phases and provider, metrics
// its kind. server/tools/catalogue.ts lists the tools; nothing else does.
import { z } from 'zod';
import type { Config } from '../config.js';
import type { CreationType } from '../db/generated/enums.js';
import type { WorkerServices } from '../../worker/context.js';
import type { Reporter } from '../../worker/reporter.js';

export type Plan = 'FREE' | 'PREMIUM';
export type WorkPhase = 'ANALYZING' | 'PROCESSING' | 'FINALIZING';

/** A file the tool takes: the GraphQL argument and multipart field `field`, kept in the job's input under `key`. */
export interface UploadSpec<K extends string = string> {
  field: string;
  key: K;
  accept: 'image' | 'pdf';
  /** The error when it is missing; an upload without one is optional. */
  missing?: string;
  /** How errors name it, e.g. "a mask image" (images only). */
  what?: string;
}

/** What a finished job saves as its creation. */
export interface ToolResult {
  prompt: string;
  content: string;
  metadata: Record<string, unknown>;
  published?: boolean;
  /** The job's last line for its owner (default "Done"), e.g. "Removed 2 × cup". */
  summary?: string;
}

/** The job's input as stored and as the processor gets it: the validated fields, the prompt, the uploads' keys. */
export type JobInput<S extends z.ZodObject, K extends string> = z.infer<S> & { prompt: string; filename?: string } & { [key in K]?: string };

/** A job as its worker gets it from the queue (no read of its row). */
export interface QueuedJob {
  id: string;
  userId: string;
  kind: string;
  /** The row's input as enqueue() stored it. */
  input: Record<string, unknown>;
  createdAt: Date;
}

export interface ToolRun<I, P> {
  job: QueuedJob;
  input: I;
  /** The tool's provider in this process (its definition's `provider`). */
  provider: P;
  report: Reporter;
  /** Enters a phase at the percent the definition gives it; `message` replaces the definition's line. */
  enter(phase: WorkPhase, message?: string): Promise<void>;
  /** The percent `fraction` (0–1) of the way through PROCESSING, for streamed or stepped work. */
  percentAt(fraction: number): number;
  signal: AbortSignal;
  services: WorkerServices;
}

export interface ToolDefinition<S extends z.ZodObject = z.ZodObject, K extends string = string, P = unknown> {
  /** Job.kind, the BullMQ queue's name and the metrics label. */
  kind: string;
  creationType: CreationType;
  /** What the creation's content is: markdown, or an image's URL (only images can join the gallery). */
  output: 'text' | 'image';
  plan: Plan;
  /** 'text': each run counts against FREE_TEXT_QUOTA on the FREE plan (given back if it fails). */
  quota: 'text' | null;
  /** The user's input, validated with the messages a person reads. */
  input: S;
  uploads: readonly UploadSpec<K>[];
  /** A check of the input against its uploaded images' sizes, before the job is queued (throws an AppError). */
  checkSizes?: (input: z.infer<S>, sizes: Partial<Record<string, { width: number; height: number }>>) => void;
  /** The creation's prompt (product §7), composed from the validated input. */
  prompt: (input: z.infer<S>) => string;
  /** Where each phase starts (percent) and what it tells the user. */
  phases: Record<WorkPhase, readonly [percent: number, message: string]>;
  /** The REST mirror (product §7): its path, and its body's fields turned into `input`. */
  rest?: { path: string; fromBody: (body: Record<string, unknown>) => unknown };
  /** The provider this tool's processor works with, picked once per worker process. */
  provider: (services: WorkerServices) => P;
  process: (run: ToolRun<JobInput<S, K>, P>) => Promise<ToolResult>;
  /** Off unless this says so (the benchmark-only tool). */
  enabled?: (config: Pick<Config, 'ENABLE_NOOP_TOOL'>) => boolean;
}

/** A tool as the catalogue lists it: its definition and its GraphQL resolver class. */
export interface Tool extends ToolDefinition<z.ZodObject, string, unknown> {
  resolver: new () => unknown;
}

/** Type-checks a definition (input, uploads and provider flow into the processor's run). */
export const defineTool = <S extends z.ZodObject, K extends string, P>(tool: ToolDefinition<S, K, P>): ToolDefinition<S, K, P> => tool;

/** The catalogue's entry: the definition with its resolver. */
export const withResolver = <S extends z.ZodObject, K extends string, P>(tool: ToolDefinition<S, K, P>, resolver: new () => unknown): Tool =>
  ({ ...tool, resolver }) as unknown as Tool;

/** Each tool's input schema, made once. */
const inputSchemas = new WeakMap<object, z.ZodObject>();

/** The schema a stored job input is checked with before its processor sees it. */
export function jobInputSchema(tool: Pick<ToolDefinition, 'input' | 'uploads'>): z.ZodObject {
  let schema = inputSchemas.get(tool);
  if (!schema) {
    const keys = Object.fromEntries(tool.uploads.map((u) => [u.key, u.missing ? z.string() : z.string().optional()]));
    schema = tool.input.extend({ prompt: z.string(), filename: z.string().optional(), ...keys });
    inputSchemas.set(tool, schema);
  }
  return schema;
}

export const isEnabled = (tool: Pick<Tool, 'enabled'>, config: Pick<Config, 'ENABLE_NOOP_TOOL'>) => tool.enabled?.(config) ?? true;
