// The jobs API's OpenAPI 3.1 document, made from the tool definitions (the one source GraphQL's
// mutations and the REST mirror come from: server/shared/tools/) and the fixed routes. Served at
// /api/v1/openapi.json; `npm run codegen` writes it to openapi.json (server/bin/print-openapi.ts),
// and CI fails when the committed copy is stale. The API page renders it (client/src/features/site).
import { IMAGE_UPLOAD_TYPES } from '../uploads/check.js';
import { creationSource, SOURCE_CREATION_FIELD, type Tool, type UploadSpec } from '../shared/tools/tool.js';
import { HEADERS, headerRef, PARAMETERS, parameterRef, RATE_LIMIT, ref, responseRef, RESPONSES, SCHEMAS } from './openapi-components.js';
import { SSE_HEARTBEAT_MS } from './events.js';
import { API_V1 } from '../shared/jobs/job-json.js';
import { WEBHOOK_SCHEMAS, webhookOperations } from './openapi-webhooks.js';
import { toolSchema, type JsonSchema } from './tool-schemas.js';
import { BATCH_SCHEMAS, batchPaths } from './openapi-batches.js';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; [part: string]: unknown };
};

interface Operation {
  operationId: string;
  summary: string;
  [key: string]: unknown;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const PLAN_TEXT = { FREE: 'Free and Premium plans', PREMIUM: 'Premium plan only' } as const;

/** A file field in a multipart body. */
function fileSchema(upload: UploadSpec): JsonSchema {
  const names = IMAGE_UPLOAD_TYPES.map((t) => t.name);
  const what = upload.accept === 'pdf' ? 'A PDF file' : `An image: ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  const description = upload.about ? `${what}. ${upload.about}` : what;
  return { type: 'string', format: 'binary', contentMediaType: upload.accept === 'pdf' ? 'application/pdf' : 'application/octet-stream', description };
}

/** sourceCreationId: one of the caller's image creations as the tool's image (docs/api-v1.md, "Sending a creation"). */
const sourceSchema = (field: string): JsonSchema => ({
  type: 'string',
  format: 'uuid',
  description: `The id of one of your own image creations, used as \`${field}\` instead of a file: send one or the other, not both. Another user's creation (published or not), or none by that id, is 404`,
});

/**
 * The request body: JSON (the input), or multipart text fields with the tool's files (a tool that
 * takes files: multipart only, unless a creation may stand for its image: then JSON with
 * sourceCreationId too; the multipart schema stays the files' way, and the operation's
 * description says sourceCreationId may also be a text field there, beside a mask).
 */
function requestBody(tool: Tool, inputName: string): JsonSchema {
  if (tool.uploads.length === 0) {
    return {
      required: true,
      content: { 'application/json': { schema: ref(inputName) }, 'multipart/form-data': { schema: ref(inputName) } },
    };
  }
  const source = creationSource(tool);
  const files = Object.fromEntries(tool.uploads.map((u) => [u.field, fileSchema(u)]));
  const required = tool.uploads.filter((u) => u.missing).map((u) => u.field);
  const encoding = Object.fromEntries(
    tool.uploads.map((u) => [u.field, { contentType: u.accept === 'pdf' ? 'application/pdf' : IMAGE_UPLOAD_TYPES.map((t) => t.mime).join(', ') }]),
  );
  const fileFields = { type: 'object', properties: files, ...(required.length ? { required } : {}) };
  const multipart = { 'multipart/form-data': { schema: { allOf: [ref(inputName), fileFields] }, encoding } };
  if (!source) return { required: true, content: multipart };
  const fromCreation = { type: 'object', properties: { [SOURCE_CREATION_FIELD]: sourceSchema(source.field) }, required: [SOURCE_CREATION_FIELD] };
  return { required: true, content: { 'application/json': { schema: { allOf: [ref(inputName), fromCreation] } }, ...multipart } };
}

function toolOperation(tool: Tool): Operation {
  const { name } = toolSchema(tool);
  const source = creationSource(tool);
  const files = tool.uploads.map((u) => `\`${u.field}\` (${u.accept === 'pdf' ? 'PDF' : 'image'}${u.missing ? '' : ', optional'})`);
  const description = [
    `${PLAN_TEXT[tool.plan]}${tool.quota === 'text' ? '; each run counts against the Free plan’s monthly text quota (given back if it fails)' : ''}. Needs the generate scope.`,
    files.length ? `Send multipart/form-data with ${files.join(' and ')} and the input fields as text.` : 'Send the input as JSON (or as multipart/form-data text fields).',
    ...(source
      ? [
          `Or, instead of \`${source.field}\`, \`${SOURCE_CREATION_FIELD}\`: the id of one of your own image creations (a JSON body, or a multipart text field); exactly one of the two. Another user's creation, published or not, is 404.`,
        ]
      : []),
    'Answers 202 at once with the job: follow links.events (Server-Sent Events) or poll links.self.',
  ].join(' ');
  return {
    tags: ['Tools'],
    operationId: tool.graphql.mutation,
    summary: tool.api.summary,
    description,
    'x-atelier-plan': tool.plan,
    'x-atelier-output': tool.output,
    parameters: [parameterRef('IdempotencyKey')],
    requestBody: requestBody(tool, name),
    responses: {
      '202': {
        description: 'The job, queued (or, with a repeated Idempotency-Key, the job the first request started)',
        headers: { Location: headerRef('Location'), 'Idempotent-Replayed': headerRef('Idempotent-Replayed'), ...RATE_LIMIT },
        content: json(ref('Job')),
      },
      '400': responseRef('BadRequest'),
      '401': responseRef('Unauthorized'),
      '403': responseRef('Forbidden'),
      ...(source ? { '404': responseRef('NotFound') } : {}),
      '409': responseRef('Conflict'),
      '413': responseRef('PayloadTooLarge'),
      '415': responseRef('UnsupportedMediaType'),
      '422': responseRef('UnprocessableContent'),
      '429': responseRef('TooManyRequests'),
      '503': responseRef('ServiceUnavailable'),
    },
  };
}

const EVENTS_DESCRIPTION = [
  'The job as Server-Sent Events (text/event-stream), from its current state to its end:',
  '',
  '- `progress`: a JobProgressEvent, whenever status, phase, percent or message changes;',
  '- `delta` (text tools): a JobDeltaEvent; `text = text.slice(0, offset) + delta` rebuilds the text, which ends equal to the creation’s content;',
  '- `completed`, `failed` or `cancelled`: the Job (with its creation when completed), last; then the stream ends.',
  '',
  'Each event’s id is `<text length>-<hash>` (`-end` added on the last). Reconnect with `Last-Event-ID` to resume: the current progress comes again, and only the text you lack.',
  `After the last event the answer is 204. A comment line is sent every ${SSE_HEARTBEAT_MS / 1000} s while nothing happens.`,
  '',
  'Open streams are bounded per user, per API key and per server: past a bound the answer is 429 with Retry-After. Signing out the session a stream was opened with, or revoking its key, ends it.',
].join('\n');

function jobPaths(): Record<string, Record<string, Operation>> {
  const notFound = { '401': responseRef('Unauthorized'), '403': responseRef('Forbidden'), '404': responseRef('NotFound') };
  return {
    [`${API_V1}/jobs/{id}`]: {
      get: {
        tags: ['Jobs'],
        operationId: 'getJob',
        summary: 'Get a job',
        description: 'One of your jobs, with its creation once completed. Needs the read or generate scope.',
        parameters: [parameterRef('JobId')],
        responses: { '200': { description: 'The job', content: json(ref('Job')) }, ...notFound },
      },
    },
    [`${API_V1}/jobs/{id}/cancel`]: {
      post: {
        tags: ['Jobs'],
        operationId: 'cancelJob',
        summary: 'Cancel a job',
        description: 'Stops a queued or running job of yours (a job that has ended is answered as it is). Needs the generate scope.',
        parameters: [parameterRef('JobId')],
        responses: { '200': { description: 'The job, cancelled', content: json(ref('Job')) }, ...notFound },
      },
    },
    [`${API_V1}/jobs/{id}/events`]: {
      get: {
        tags: ['Jobs'],
        operationId: 'jobEvents',
        summary: 'Follow a job’s events',
        description: `${EVENTS_DESCRIPTION}\n\nNeeds the read or generate scope.`,
        parameters: [parameterRef('JobId'), parameterRef('LastEventId')],
        responses: {
          '200': {
            description: 'The event stream',
            content: {
              'text/event-stream': {
                schema: { type: 'string', description: 'Server-Sent Events: see the operation’s description' },
                // Each event's data by its name (OpenAPI 3.1 cannot type a stream's items).
                'x-events': { progress: ref('JobProgressEvent'), delta: ref('JobDeltaEvent'), completed: ref('Job'), failed: ref('Job'), cancelled: ref('Job') },
              },
            },
          },
          '204': { description: 'Last-Event-ID was the last event: nothing more will come' },
          '400': responseRef('BadRequest'),
          ...notFound,
          '429': responseRef('TooManyRequests'),
        },
      },
    },
  };
}

function accountPaths(): Record<string, Record<string, Operation>> {
  const refused = { '401': responseRef('Unauthorized'), '403': responseRef('Forbidden') };
  return {
    [`${API_V1}/creations`]: {
      get: {
        tags: ['Account'],
        operationId: 'listCreations',
        summary: 'List your creations',
        description: 'Newest first, a page at a time: pass next_cursor as after for the next page. Needs the read scope.',
        parameters: [parameterRef('First'), parameterRef('After')],
        responses: { '200': { description: 'A page of creations', content: json(ref('CreationList')) }, '400': responseRef('BadRequest'), ...refused },
      },
    },
    [`${API_V1}/usage`]: {
      get: {
        tags: ['Account'],
        operationId: 'getUsage',
        summary: 'Your plan, quota and jobs this month',
        description: 'Needs the read scope.',
        responses: { '200': { description: 'Your usage', content: json(ref('Usage')) }, ...refused },
      },
    },
    [`${API_V1}/openapi.json`]: {
      get: {
        tags: ['Meta'],
        operationId: 'getOpenApiDocument',
        summary: 'This document',
        security: [],
        responses: { '200': { description: 'The OpenAPI 3.1 document', content: json({ type: 'object' }) } },
      },
    },
  };
}

const DESCRIPTION = [
  'Start any Atelier tool as an asynchronous job, follow it live, and read your creations and usage.',
  '',
  'Authenticate with `Authorization: Bearer <API key>` (create keys with the read, generate or publish scopes on your account page; a session token works too).',
  'Errors are `application/problem+json` with the same `code` GraphQL gives. Limited routes answer with `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`, and a refusal for too many requests with `Retry-After`.',
].join('\n');

/** The whole document for these tools (the catalogue's, as this process offers them). */
export function openApiDocument(tools: readonly Tool[]): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ...SCHEMAS, ...WEBHOOK_SCHEMAS, ...BATCH_SCHEMAS };
  const paths: OpenApiDocument['paths'] = {};
  // By path: the catalogue's order depends on how its module was loaded (a namespace object's keys are sorted natively, not under Vite).
  for (const tool of [...tools].sort((a, b) => (a.api.path < b.api.path ? -1 : 1))) {
    const { name, schema, defs } = toolSchema(tool);
    for (const [defName, def] of Object.entries({ ...defs, [name]: schema })) {
      if (schemas[defName] && JSON.stringify(schemas[defName]) !== JSON.stringify(def)) throw new Error(`Two different OpenAPI schemas are named ${defName}`);
      schemas[defName] = def;
    }
    paths[`${API_V1}${tool.api.path}`] = { post: toolOperation(tool) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Atelier jobs API', version: '1.0.0', description: DESCRIPTION, license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' } },
    servers: [{ url: '/', description: 'This Atelier server' }],
    security: [{ bearer: [] }],
    tags: [
      { name: 'Tools', description: 'Each starts a job and answers 202 at once' },
      { name: 'Jobs', description: 'Follow, read and cancel jobs' },
      { name: 'Batches', description: 'Many pictures, and chains of image steps, as one batch' },
      { name: 'Account', description: 'Your creations and usage' },
      { name: 'Meta', description: 'This description' },
      { name: 'Webhooks', description: 'What Atelier sends to the endpoints you register on your account page' },
    ],
    paths: { ...paths, ...jobPaths(), ...batchPaths(), ...accountPaths() },
    webhooks: webhookOperations(),
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: RESPONSES,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key (atl_…) from your account page, or a session token' } },
    },
  };
}
