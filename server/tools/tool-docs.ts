// The documentation's lists of tools, made from the catalogue (server/shared/tools/) and written
// into the docs between `<!-- generated: <name> … -->` and `<!-- end generated -->` by
// `npm run docs:print` (part of `npm run codegen`; .ci/run fails when a file is stale), so adding
// a tool changes no document by hand (docs/api-v1.md, "Tools").
import { toolsFor } from '../shared/tools/catalogue.js';
import { creationSource, type Tool } from '../shared/tools/tool.js';

/** The tools a deployment offers by default (the benchmark's aside), in the catalogue's order (by kind). */
const tools = (): readonly Tool[] => toolsFor({ ENABLE_NOOP_TOOL: false });

/** The tool's name in a list: its API summary, without the plan the list shows beside it. */
const nameOf = (tool: Tool) => tool.api.summary.replace(/\s*\(Premium\)$/, '');
const planOf = (tool: Tool) => (tool.plan === 'FREE' ? 'Free' : 'Premium');
const code = (s: string) => `\`${s}\``;
/** A table cell's text: a `|` in it would end the cell. */
const cell = (s: string) => s.replaceAll('|', '\\|');

/** What a REST route's body carries: as its definition says, else its uploads and input's fields. */
function restBody(tool: Tool): string {
  if (tool.rest?.body) return tool.rest.body;
  const fields = Object.keys(tool.input.shape).map(code);
  return tool.uploads.length ? `multipart ${[...tool.uploads.map((u) => code(u.field)), ...fields].join(', ')}` : `JSON {${fields.join(', ')}}`;
}

/** The jobs API's table of tools (docs/api-v1.md), each linked to its section when it has one. */
function apiTable(doc: string): string {
  const sections = new Set([...doc.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/\s+/g, '-')));
  const rows = tools().map((t) => {
    const name = sections.has(t.kind) ? `[${nameOf(t)}](#${t.kind})` : nameOf(t);
    const plan = t.quota === 'text' ? `${planOf(t)} (the text quota)` : planOf(t);
    const files = `multipart: ${t.uploads.map((u) => code(u.field)).join(', ')}`;
    const body = t.uploads.length ? (creationSource(t) ? `${files}; or JSON with ${code('sourceCreationId')}` : files) : 'JSON';
    return `| ${name} | ${code(`POST /api/v1${t.api.path}`)} | ${plan} | ${body} | ${t.output === 'text' ? 'markdown' : 'an image URL'} |`;
  });
  return ['| tool | endpoint | plan | body | result (`creation.content`) |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** Each document's generated blocks: the block's name → its content, given the document as it is. */
export const TOOL_DOCS: Record<string, Record<string, (doc: string) => string>> = {
  'README.md': {
    tools: () =>
      tools()
        .map((t) => `- ${nameOf(t)} (${planOf(t)})`)
        .join('\n'),
  },
  'docs/api-v1.md': { tools: apiTable },
  'docs/configuration.md': {
    'tool kinds': () =>
      tools()
        .map((t) => code(t.kind))
        .join(', '),
  },
  'docs/jobs-and-events.md': {
    'rest routes': () => ['| route | body |', '|---|---|', ...tools().flatMap((t) => (t.rest ? [`| ${code(`POST ${t.rest.path}`)} | ${cell(restBody(t))} |`] : []))].join('\n'),
  },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The document with its block `name` made `content`. A block whose opening marker is on a line of
 * its own gets the content on the lines between its markers, indented as that marker is (in a
 * list item); a block within a line (a table cell) gets it inline. A missing block is an error:
 * the list would silently stop being kept.
 */
export function fillGenerated(doc: string, name: string, content: string): string {
  const found = new RegExp(`(<!-- generated: ${escape(name)}\\b[^>]*-->)[\\s\\S]*?(<!-- end generated -->)`).exec(doc);
  if (!found) throw new Error(`no "<!-- generated: ${name} … -->" … "<!-- end generated -->" block`);
  const [whole, open, close] = found as unknown as [string, string, string];
  const indent = doc.slice(doc.lastIndexOf('\n', found.index - 1) + 1, found.index);
  const filled = /^[ \t]*$/.test(indent) ? `${open}\n${[...content.split('\n'), close].map((line) => indent + line).join('\n')}` : `${open}${content}${close}`;
  return doc.slice(0, found.index) + filled + doc.slice(found.index + whole.length);
}
