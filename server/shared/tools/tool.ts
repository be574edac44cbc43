// What a tool is, as both processes read it. Each AI tool's definition (server/shared/tools/<tool>.ts)
// says everything the API and the worker ask about it: enqueue reads its plan and quota, GraphQL and
// REST its input and uploads, the worker its phases, metrics its kind. The worker's half, the
// processor, is worker/tools/<tool>/process.ts (docs/adding-a-tool.md).
import { z } from 'zod';
import type { Config } from '../platform/config.js';
import type { CreationType } from '../db/generated/enums.js';

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
  /** What the file means, for the OpenAPI document (e.g. a mask's colours). */
  about?: string;
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

export interface ToolDefinition<S extends z.ZodObject = z.ZodObject, K extends string = string> {
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
  /**
   * A check of the input against its uploads, before the job is queued (throws an AppError):
   * each uploaded image's size by its field; a field that was not sent is absent.
   */
  checkUploads?: (input: z.infer<S>, images: Partial<Record<string, { width: number; height: number }>>) => void;
  /** The creation's prompt (product §7), composed from the validated input. */
  prompt: (input: z.infer<S>) => string;
  /** Where each phase starts (percent) and what it tells the user. */
  phases: Record<WorkPhase, readonly [percent: number, message: string]>;
  /**
   * Its GraphQL mutation, made from this definition (server/tools/graphql.ts): `input` takes the
   * fields as one input object named `inputType`, `arguments` each field as its own argument beside
   * the uploads. Types, defaults and descriptions come from `input` (an enum's name from its
   * `.meta({ id })`, a field's description from `.describe()`).
   */
  graphql: { mutation: string; description: string } & ({ fields: 'input'; inputType: string } | { fields: 'arguments' });
  /**
   * The jobs API (docs/api-v1.md): `POST /api/v1<path>` starts it and answers 202 with the job.
   * Its body is `input` as it stands (JSON, or multipart text fields beside the uploads); the
   * OpenAPI document (server/api-v1/openapi.ts) is made from `input`, `uploads`, this summary
   * and example (a valid input, which the API page's samples send).
   */
  api: { path: `/${string}`; summary: string; example: Record<string, unknown> };
  /**
   * The REST mirror (product §7): its path, and its body's fields turned into `input`; `body` says
   * what the body carries in docs/jobs-and-events.md's table ("API"), which otherwise lists the
   * uploads and the input's fields.
   */
  rest?: { path: string; fromBody: (body: Record<string, unknown>) => unknown; body?: string };
  /** Off unless this says so (the benchmark-only tool). */
  enabled?: (config: Pick<Config, 'ENABLE_NOOP_TOOL'>) => boolean;
}

/** Type-checks a definition (its uploads' keys flow into the worker's processor). */
export const defineTool = <S extends z.ZodObject, K extends string>(tool: ToolDefinition<S, K>): ToolDefinition<S, K> => tool;

/** A tool as the catalogue lists it (any input). */
export type Tool = ToolDefinition<z.ZodObject, string>;

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

/** The argument (GraphQL) and body field (REST, /api/v1) naming a creation of the caller's to use as a tool's image. */
export const SOURCE_CREATION_FIELD = 'sourceCreationId';

/**
 * The upload a creation of the caller's may stand for (`sourceCreationId`, docs/adding-a-tool.md,
 * "Sending a creation to a tool"): the tool's required image, if it takes one. Every transport
 * asks this, so each image tool takes a creation without a line of its own.
 */
export function creationSource(tool: Pick<ToolDefinition, 'uploads'>): UploadSpec | undefined {
  return tool.uploads.find((u) => u.accept === 'image' && u.missing);
}

export const isEnabled = (tool: Pick<Tool, 'enabled'>, config: Pick<Config, 'ENABLE_NOOP_TOOL'>) => tool.enabled?.(config) ?? true;
