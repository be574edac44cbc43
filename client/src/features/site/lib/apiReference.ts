// The API page's endpoints, read from the jobs API's OpenAPI document (openapi.json at the
// repository's root, written by `npm run codegen` from the tool definitions and served at
// /api/v1/openapi.json): imported at build time, so the page is prerendered whole and needs
// nothing from another origin.
import document from '../../../../../openapi.json';

interface Schema {
  $ref?: string;
  type?: string;
  enum?: string[];
  const?: unknown;
  anyOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  examples?: Record<string, unknown>[];
}

interface MediaType {
  schema?: Schema;
}

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  'x-atelier-plan'?: 'FREE' | 'PREMIUM';
  requestBody?: { content: Record<string, MediaType> };
}

interface OpenApi {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export const OPENAPI = document as unknown as OpenApi;
export const OPENAPI_URL = '/api/v1/openapi.json';

/** The languages the page's samples are written in. */
export type Lang = 'javascript' | 'python' | 'curl';

export interface Field {
  name: string;
  type: string;
  required: boolean;
  defaultValue?: string;
  description?: string;
  file?: 'image' | 'pdf';
}

export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  id: string;
  summary: string;
  description: string;
  tag: string;
  plan?: 'FREE' | 'PREMIUM';
  /** A tool's input (JSON, or multipart text fields and files); none for the other routes. */
  fields: Field[];
  /** A valid input (the input schema's example): the JSON body, or the text fields beside the files. */
  example?: Record<string, unknown>;
  multipart: boolean;
}

const resolve = (schema: Schema | undefined): Schema | undefined => (schema?.$ref ? resolve(OPENAPI.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema);

/** "string", "integer 1–4", "SHORT | MEDIUM | LONG", "string or null"… */
function typeOf(raw: Schema | undefined): string {
  const schema = resolve(raw);
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.format === 'binary') return 'file';
  const range = schema.minimum !== undefined && schema.maximum !== undefined ? ` ${schema.minimum}–${schema.maximum}` : '';
  return `${schema.type ?? 'any'}${range}`;
}

/** The body's fields: a schema's own properties, or those of each part of an allOf (the input, then the files). */
function fieldsOf(raw: Schema | undefined): Field[] {
  const schema = resolve(raw);
  if (!schema) return [];
  if (schema.allOf) return schema.allOf.flatMap(fieldsOf);
  return Object.entries(schema.properties ?? {}).map(([name, prop]) => {
    const resolved = resolve(prop);
    const binary = resolved?.format === 'binary';
    return {
      name,
      type: typeOf(prop),
      required: schema.required?.includes(name) ?? false,
      ...(prop.default !== undefined ? { defaultValue: JSON.stringify(prop.default) } : {}),
      ...(prop.description || resolved?.description ? { description: prop.description ?? resolved?.description } : {}),
      ...(binary ? { file: resolved?.description?.startsWith('A PDF') ? ('pdf' as const) : ('image' as const) } : {}),
    };
  });
}

/** The example of the body's input schema (the first part of an allOf: the input, before the files). */
function exampleOf(raw: Schema | undefined): Record<string, unknown> | undefined {
  const schema = resolve(raw);
  return schema?.examples?.[0] ?? (schema?.allOf ? exampleOf(schema.allOf[0]) : undefined);
}

/** Every operation of the document, in its order (the tools, then jobs, then the account's). */
export function endpointsOf(doc: OpenApi = OPENAPI): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const form = op.requestBody?.content['multipart/form-data'];
      // A tool that takes files is shown (and its samples sent) with them, even when it also takes JSON (a creation's id for its image).
      const json = form && fieldsOf(form.schema).some((f) => f.file) ? undefined : op.requestBody?.content['application/json'];
      const example = exampleOf((json ?? form)?.schema);
      return {
        method: method.toUpperCase() as Endpoint['method'],
        path,
        id: op.operationId,
        summary: op.summary,
        description: op.description ?? '',
        tag: op.tags?.[0] ?? 'Other',
        ...(op['x-atelier-plan'] ? { plan: op['x-atelier-plan'] } : {}),
        fields: fieldsOf((json ?? form)?.schema),
        ...(example ? { example } : {}),
        multipart: !json && Boolean(form),
      };
    }),
  );
}
