// The batches' part of the OpenAPI document (docs/api-v1.md, "Batches"; docs/batches.md): the
// Batch schema (also batch.completed's data) and the routes of server/modules/batch/batch.rest.ts.
import { API_V1 } from '../shared/jobs/job-json.js';
import { BATCH_MAX_PICTURES, CHAIN_MAX_STEPS } from '../shared/platform/constants.js';
import { ref, responseRef } from './openapi-components.js';
import type { JsonSchema } from './tool-schemas.js';

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const uuid = { type: 'string', format: 'uuid' };
const nullable = (type: string) => ({ type: [type, 'null'] });
const phases = ['QUEUED', 'ANALYZING', 'PROCESSING', 'FINALIZING', 'COMPLETED', 'FAILED', 'CANCELLED'];

const EVENTS_DESCRIPTION = [
  'Server-Sent Events: `progress` with the Batch whenever a picture moves, then `completed` or `cancelled` with the batch closed (its `status` `completed` or `cancelled`, `finished_at` set); then the stream ends.',
  '',
  'Each event’s id is `<n>-<tag>` (`-end` added on the last): `n` counts the events, `tag` is the batch’s own. Each event is a whole state, so a client that reconnects with `Last-Event-ID` gets the current state again, numbered on from its id, then the new ones. An id this stream did not write is 400; after the last event the answer is 204.',
  '',
  'Open streams are bounded as a job’s are (429 with Retry-After past a bound). Needs the read or generate scope.',
].join('\n');

/** A batch stream's Last-Event-ID (server/modules/batch/batch.events.ts). */
const LAST_EVENT_ID = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  description: 'The id of the last event received: the current state comes again, then the new ones',
  schema: { type: 'string', pattern: '^\\d{1,9}-[0-9a-f]{8}(-end)?$' },
};

export const BATCH_SCHEMAS: Record<string, JsonSchema> = {
  BatchStep: {
    type: 'object',
    description: "One image step: a tool's kind and that tool's own input fields (the fields of its POST /api/v1 route, without the image)",
    properties: {
      tool: { type: 'string', enum: ['background-removal', 'object-removal', 'upscale-image'] },
      options: { type: 'object', additionalProperties: true, examples: [{ scale: 2 }] },
    },
    required: ['tool'],
  },
  BatchPicture: {
    type: 'object',
    properties: {
      index: { type: 'integer', minimum: 0 },
      job_id: { ...uuid, description: 'The picture’s own job: GET /api/v1/jobs/{id} and its events work too' },
      filename: nullable('string'),
      phase: { type: 'string', enum: phases },
      percent: { type: 'integer', minimum: 0, maximum: 100 },
      step: { type: ['integer', 'null'], description: 'Which step of the chain it is in (from 1) while it works' },
      message: nullable('string'),
      error: { oneOf: [{ type: 'null' }, { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] }] },
      creation_id: { type: ['string', 'null'], format: 'uuid' },
    },
    required: ['index', 'job_id', 'phase', 'percent', 'error', 'creation_id'],
  },
  Batch: {
    type: 'object',
    description: `Up to ${BATCH_MAX_PICTURES} pictures run through the same one to ${CHAIN_MAX_STEPS} image steps, one job per picture`,
    properties: {
      id: uuid,
      object: { type: 'string', const: 'batch' },
      tool: { type: 'string', description: "The first step's tool" },
      steps: { type: 'array', items: ref('BatchStep') },
      status: { type: 'string', enum: ['running', 'completed', 'cancelled'] },
      runs: { type: 'integer', description: 'Tool runs the batch uses: pictures × steps' },
      counts: {
        type: 'object',
        properties: Object.fromEntries(['total', 'queued', 'running', 'completed', 'failed', 'cancelled'].map((k) => [k, { type: 'integer', minimum: 0 }])),
        required: ['total', 'queued', 'running', 'completed', 'failed', 'cancelled'],
      },
      pictures: { type: 'array', items: ref('BatchPicture') },
      created_at: { type: 'string', format: 'date-time' },
      finished_at: { type: ['string', 'null'], format: 'date-time' },
      links: {
        type: 'object',
        properties: {
          self: { type: 'string' },
          events: { type: 'string' },
          cancel: { type: 'string' },
          zip: { type: 'string', description: 'The zip of the completed pictures (and failures.txt), with your bearer token' },
        },
        required: ['self', 'events', 'cancel', 'zip'],
      },
    },
    required: ['id', 'object', 'tool', 'steps', 'status', 'counts', 'pictures', 'created_at', 'links'],
  },
};

const BatchId = { name: 'id', in: 'path', required: true, schema: uuid };

export function batchPaths(): Record<string, Record<string, { operationId: string; summary: string; [key: string]: unknown }>> {
  const notFound = { '401': responseRef('Unauthorized'), '403': responseRef('Forbidden'), '404': responseRef('NotFound') };
  return {
    [`${API_V1}/batches`]: {
      post: {
        tags: ['Batches'],
        operationId: 'createBatch',
        summary: 'Start a batch (or a chain)',
        description: `One to ${BATCH_MAX_PICTURES} pictures (several \`images\` files, or one \`zip\` of them) through one to ${CHAIN_MAX_STEPS} image steps in order, each step's picture the next one's input. Every step's tool needs its plan. A damaged picture is listed as failed with its reason and the others go on. Answers 202 with the batch. Needs the generate scope.`,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  images: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' }, maxItems: BATCH_MAX_PICTURES },
                  zip: { type: 'string', contentMediaType: 'application/zip', description: 'A zip of pictures, instead of images' },
                  steps: { type: 'string', description: 'JSON: a list of BatchStep', examples: ['[{"tool":"background-removal"},{"tool":"upscale-image","options":{"scale":2}}]'] },
                },
                required: ['steps'],
              },
            },
          },
        },
        responses: {
          '202': { description: 'The batch, started', content: json(ref('Batch')) },
          '400': responseRef('BadRequest'),
          ...notFound,
          '413': responseRef('PayloadTooLarge'),
          '415': responseRef('UnsupportedMediaType'),
          '429': responseRef('TooManyRequests'),
        },
      },
      get: {
        tags: ['Batches'],
        operationId: 'listBatches',
        summary: 'List your batches',
        description: 'Newest first (at most 100). Needs the read or generate scope.',
        responses: {
          '200': { description: 'Your batches', content: json({ type: 'object', properties: { object: { const: 'list' }, data: { type: 'array', items: ref('Batch') } } }) },
          '401': responseRef('Unauthorized'),
        },
      },
    },
    [`${API_V1}/batches/{id}`]: {
      get: {
        tags: ['Batches'],
        operationId: 'getBatch',
        summary: 'Get a batch',
        parameters: [BatchId],
        responses: { '200': { description: 'The batch', content: json(ref('Batch')) }, ...notFound },
      },
    },
    [`${API_V1}/batches/{id}/cancel`]: {
      post: {
        tags: ['Batches'],
        operationId: 'cancelBatch',
        summary: 'Cancel a batch',
        description: 'Cancels every picture that has not finished; finished pictures stay. Needs the generate scope.',
        parameters: [BatchId],
        responses: { '200': { description: 'The batch, cancelled', content: json(ref('Batch')) }, ...notFound },
      },
    },
    [`${API_V1}/batches/{id}/events`]: {
      get: {
        tags: ['Batches'],
        operationId: 'batchEvents',
        summary: 'Follow a batch’s events',
        description: EVENTS_DESCRIPTION,
        parameters: [BatchId, LAST_EVENT_ID],
        responses: {
          '200': {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: { type: 'string' }, 'x-events': { progress: ref('Batch'), completed: ref('Batch'), cancelled: ref('Batch') } } },
          },
          '204': { description: 'Last-Event-ID was the last event: nothing more will come' },
          '400': responseRef('BadRequest'),
          ...notFound,
          '429': responseRef('TooManyRequests'),
        },
      },
    },
    [`${API_V1}/batches/{id}/zip`]: {
      get: {
        tags: ['Batches'],
        operationId: 'getBatchZip',
        summary: 'Download a batch’s pictures as a zip',
        description: 'The completed pictures (`01-name.png`, in the batch’s order) and `failures.txt` listing the others with their reasons, streamed.',
        parameters: [BatchId],
        responses: { '200': { description: 'The zip', content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } } }, ...notFound },
      },
    },
  };
}
