// A tool's GraphQL mutation, started from its definition's `api.example` (a valid input, which the
// API page's samples send too): the tests that go over the catalogue start a tool no one wrote a
// recipe for this way (docs/adding-a-tool.md, "Which tests to run"). The argument types come from
// schema.graphql, so the document is the one the schema asks for.
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLArgument } from 'graphql';
import type { Tool } from '../../server/shared/tools/tool.js';

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));

const isUpload = (arg: GraphQLArgument) => String(arg.type).replace(/[[\]!]/g, '') === 'Upload';

/**
 * The mutation starting `tool` with its example input, and its variables; its upload arguments
 * (each named after its upload's `field`) are declared for the caller to send files to.
 */
export function exampleMutation(tool: Tool): { query: string; variables: Record<string, unknown>; uploads: Tool['uploads'] } {
  const field = schema.getMutationType()?.getFields()[tool.graphql.mutation];
  if (!field) throw new Error(`schema.graphql has no mutation ${tool.graphql.mutation} (run npm run codegen)`);
  const example = tool.api.example;
  const variables: Record<string, unknown> = tool.graphql.fields === 'input' ? { input: example } : example;
  const uploads = tool.uploads.filter((u) => u.missing);
  const args = field.args.filter((a) => (isUpload(a) ? uploads.some((u) => u.field === a.name) : a.name in variables));
  const declared = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return { query: `mutation${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} { id } }`, variables, uploads };
}
