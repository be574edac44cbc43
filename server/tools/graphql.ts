// Each tool's GraphQL mutation, made from its definition (server/shared/tools/<tool>.ts) with
// type-graphql's own decorators, applied here instead of written out per tool: the argument and
// input types, their defaults and descriptions are read from the tool's zod input, so a field is
// added in one place and GraphQL, REST, the worker and (through codegen) the client all see it.
// zod still validates the input (ToolService.start); GraphQL only gives it its shape.
import 'reflect-metadata';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, registerEnumType, Resolver } from 'type-graphql';
import { z } from 'zod';
import { requireUser, type Context } from '../context.js';
import { JobObject } from '../modules/job/job.types.js';
import { creationSource, SOURCE_CREATION_FIELD, type Tool } from '../shared/tools/tool.js';
import { graphqlFiles, type ToolService } from './tool.service.js';

/** A GraphQL type as type-graphql takes it: a scalar, an enum object or an input class. */
type GraphqlType = object;

interface FieldShape {
  type: GraphqlType;
  nullable: boolean;
  defaultValue?: unknown;
  description?: string;
}

/** Enum objects already registered with type-graphql, by the name their schema's meta gives. */
const enums = new Map<string, object>();

function enumType(entries: object, name: string | undefined, description: string | undefined): object {
  if (!name) throw new Error('A tool input enum needs .meta({ id }) to be named in GraphQL');
  const known = enums.get(name);
  if (known && known !== entries) throw new Error(`Two different GraphQL enums are named ${name}`);
  if (!known) {
    registerEnumType(entries, { name, ...(description ? { description } : {}) });
    enums.set(name, entries);
  }
  return entries;
}

/** The GraphQL shape of one zod field: wrappers (default, optional, pipe) unwrapped to the type they carry. */
function fieldShape(schema: z.ZodType): FieldShape {
  const shape: Partial<FieldShape> = { nullable: false };
  let current = schema as z.core.$ZodType;
  let name: string | undefined;
  let enumDescription: string | undefined;
  for (;;) {
    const meta = z.globalRegistry.get(current as z.ZodType);
    shape.description ??= (meta?.description as string | undefined) ?? undefined;
    if (typeof meta?.id === 'string') [name, enumDescription] = [meta.id, meta.description as string | undefined];
    const def = current._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType; in?: z.core.$ZodType; defaultValue?: unknown };
    if (def.type === 'default') shape.defaultValue = def.defaultValue;
    else if (def.type === 'optional' || def.type === 'nullable') shape.nullable = shape.defaultValue === undefined;
    if (def.type === 'default' || def.type === 'optional' || def.type === 'nullable') current = def.innerType!;
    else if (def.type === 'pipe') current = def.in!;
    else break;
  }
  shape.type = scalarOf(current, name, enumDescription);
  if (shape.type && name && shape.description === enumDescription) delete shape.description;
  return shape as FieldShape;
}

function scalarOf(schema: z.core.$ZodType, name: string | undefined, description: string | undefined): GraphqlType {
  const def = schema._zod.def as z.core.$ZodTypeDef & { entries?: object; options?: z.core.$ZodType[]; values?: unknown[] };
  switch (def.type) {
    case 'string':
      return String;
    case 'boolean':
      return Boolean;
    case 'number':
      return (schema as z.ZodNumber).isInt ? Int : Float;
    case 'enum':
      return enumType(def.entries!, name, description);
    case 'union': {
      // A choice of number literals (upscale's 2 | 4) is an Int; anything else has no GraphQL type here.
      const values = def.options!.flatMap((o) => ((o._zod.def as { values?: unknown[] }).values ?? [undefined]) as unknown[]);
      if (values.every((v) => Number.isInteger(v))) return Int;
      break;
    }
  }
  throw new Error(`No GraphQL type for a tool input of type ${def.type}`);
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The tool's input object type (`fields: 'input'`), e.g. GenerateArticleInput. */
function inputClass(name: string, input: z.ZodObject): new () => object {
  const cls = { [name]: class {} }[name]!;
  for (const [key, schema] of Object.entries(input.shape)) {
    const { type, nullable, defaultValue, description } = fieldShape(schema as z.ZodType);
    Field(() => type, { nullable, ...(defaultValue !== undefined ? { defaultValue } : {}), ...(description ? { description } : {}) })(cls.prototype, key);
  }
  InputType(name)(cls);
  return cls;
}

const resolvers = new WeakMap<Tool, new () => unknown>();

/** The tool's resolver class, made once per process (type-graphql's metadata is global). */
export function toolResolver(tool: Tool): new () => unknown {
  let cls = resolvers.get(tool);
  if (!cls) resolvers.set(tool, (cls = makeResolver(tool)));
  return cls;
}

const JOB_ID_DESCRIPTION =
  'A new id for the job (a UUID) chosen by the client, so it can follow the job (jobProgress with starting: true) before starting it and miss none of its events; an id already used is refused. None: the server picks one';

/** The description of a tool's sourceCreationId argument, naming the upload it stands for. */
const sourceDescription = (field: string) =>
  `The id of one of your own image creations, used as ${field} instead of a file (give one or the other, not both); another user's creation, published or not, is NOT_FOUND`;

/**
 * One resolver class with the tool's mutation: its uploads, then sourceCreationId (a tool taking
 * an image: docs/adding-a-tool.md, "Sending a creation to a tool"), then its input (one object or
 * each field), then the job's id, then the context.
 */
function makeResolver(tool: Tool): new () => unknown {
  const { mutation, description } = tool.graphql;
  const cls = { [`${pascal(mutation)}Resolver`]: class {} }[`${pascal(mutation)}Resolver`]!;
  const proto = cls.prototype as Record<string, unknown>;
  const fields = Object.keys(tool.input.shape);
  const byInputObject = tool.graphql.fields === 'input';
  const uploads = tool.uploads.map((u) => u.field);
  const source = creationSource(tool);
  if ([...fields, ...uploads].some((f) => f === 'jobId' || f === SOURCE_CREATION_FIELD))
    throw new Error(`${tool.kind}: jobId and ${SOURCE_CREATION_FIELD} are the mutation's own arguments`);
  const before = uploads.length + (source ? 1 : 0);

  proto[mutation] = function (...values: unknown[]) {
    const ctx = values.at(-1) as Context<{ tools: ToolService }>;
    const jobId = values.at(-2) as string | null | undefined;
    const files = Object.fromEntries(uploads.map((field, i) => [field, values[i] as Promise<FileUpload> | null]));
    const given = values.slice(before, -2);
    const input = () => (byInputObject ? given[0] : Object.fromEntries(fields.map((f, i) => [f, given[i]])));
    return ctx.app.tools.start(tool.kind, requireUser(ctx), {
      input,
      jobId,
      apiKey: ctx.apiKey,
      ...(uploads.length ? { files: graphqlFiles(files) } : {}),
      ...(source ? { sourceCreationId: () => values[uploads.length] } : {}),
    });
  };

  let index = 0;
  // The image a creation may stand for is optional in the schema; ToolService asks for one or the other.
  for (const spec of tool.uploads) Arg(spec.field, () => GraphQLUpload, { nullable: !spec.missing || spec === source })(proto, mutation, index++);
  if (source) Arg(SOURCE_CREATION_FIELD, () => ID, { nullable: true, description: sourceDescription(source.field) })(proto, mutation, index++);
  if (tool.graphql.fields === 'input') {
    const input = inputClass(tool.graphql.inputType, tool.input);
    Arg('input', () => input)(proto, mutation, index++);
  } else {
    for (const [key, schema] of Object.entries(tool.input.shape)) {
      const { type, nullable, defaultValue, description: about } = fieldShape(schema as z.ZodType);
      Arg(key, () => type, { nullable, ...(defaultValue !== undefined ? { defaultValue } : {}), ...(about ? { description: about } : {}) })(proto, mutation, index++);
    }
  }
  Arg('jobId', () => ID, { nullable: true, description: JOB_ID_DESCRIPTION })(proto, mutation, index++);
  Ctx()(proto, mutation, index);
  Mutation(() => JobObject, { description })(proto, mutation, Object.getOwnPropertyDescriptor(proto, mutation)!);
  Resolver()(cls);
  return cls;
}
