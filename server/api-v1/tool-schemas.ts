// Each tool's input as JSON Schema (2020-12, OpenAPI 3.1's dialect), made from its zod schema with
// zod's own z.toJSONSchema: the same definition GraphQL's arguments (server/tools/graphql.ts) and
// the validation come from. Named enums (`.meta({ id })`) become shared components. The same
// schema turns a multipart body's text fields into typed input (numbers, booleans).
import { z } from 'zod';
import type { Tool } from '../shared/tools/tool.js';

export type JsonSchema = Record<string, unknown>;

export interface ToolSchema {
  /** The component's name: the GraphQL input type's, else the mutation's with "Input" (RemoveObjectInput). */
  name: string;
  schema: JsonSchema & { properties: Record<string, JsonSchema>; required?: string[] };
  /** Named sub-schemas (enums), to go under components.schemas. */
  defs: Record<string, JsonSchema>;
}

const COMPONENTS = '#/components/schemas/';

/** Points `$ref: "#/$defs/X"` at the document's components, everywhere in a schema. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace(/^#\/\$defs\//, COMPONENTS) : relink(v)]),
  );
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const schemas = new WeakMap<Tool, ToolSchema>();

export function toolSchema(tool: Tool): ToolSchema {
  const known = schemas.get(tool);
  if (known) return known;
  // io 'input': what a client sends (defaults optional); a refinement or transform has no JSON Schema and is left out (the server still checks it).
  const generated = z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...schema } = generated;
  const name = tool.graphql.fields === 'input' ? tool.graphql.inputType : `${pascal(tool.graphql.mutation)}Input`;
  const result: ToolSchema = {
    name,
    // The definition's example, a valid input: the API page's samples send it.
    schema: relink({ ...schema, properties: schema.properties ?? {}, examples: [tool.api.example] }) as ToolSchema['schema'],
    defs: relink($defs ?? {}) as Record<string, JsonSchema>,
  };
  schemas.set(tool, result);
  return result;
}

/** The JSON types a property's schema allows (through anyOf and named components). */
function typesOf(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>): Set<string> {
  const types = new Set<string>();
  if (!schema) return types;
  const ref = typeof schema.$ref === 'string' && schema.$ref.startsWith(COMPONENTS) ? defs[schema.$ref.slice(COMPONENTS.length)] : undefined;
  if (ref) typesOf(ref, defs).forEach((t) => types.add(t));
  if (typeof schema.type === 'string') types.add(schema.type);
  for (const branch of (schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[]) typesOf(branch, defs).forEach((t) => types.add(t));
  return types;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A multipart body's text fields as the tool's input: numbers and booleans as the schema says
 * ("2" → 2, "true" → true), an empty field of another type as absent; text stays text, and
 * anything else is left for the tool's validation to refuse with its own message.
 */
export function formFieldsToInput(tool: Tool, fields: Record<string, unknown>): Record<string, unknown> {
  const { schema, defs } = toolSchema(tool);
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const types = typesOf(schema.properties[name], defs);
    if (typeof value !== 'string' || types.has('string') || types.size === 0) input[name] = value;
    else if (value === '') continue;
    else if ((types.has('integer') || types.has('number')) && NUMBER.test(value)) input[name] = Number(value);
    else if (types.has('boolean') && (value === 'true' || value === 'false')) input[name] = value === 'true';
    else input[name] = value;
  }
  return input;
}
