// The OpenAPI document's `webhooks` (docs/webhooks.md): what Atelier POSTs to an endpoint a user
// registers for each event, the Standard Webhooks headers it signs them with, and what it wants
// back. The events come from the webhook module's own list; a job's data is the Job component
// with creation_id in place of the creation (server/shared/webhooks/events.ts).
import { TEST_EVENT, WEBHOOK_EVENTS, type WebhookEventType } from '../shared/webhooks/events.js';
import { ref, SCHEMAS } from './openapi-components.js';
import type { JsonSchema } from './tool-schemas.js';

const job = SCHEMAS.Job as { properties: Record<string, JsonSchema>; required: string[] };
const creation = SCHEMAS.Creation as { properties: Record<string, JsonSchema> };
const { creation: _creation, ...jobFields } = job.properties;

export const WEBHOOK_SCHEMAS: Record<string, JsonSchema> = {
  WebhookJob: {
    type: 'object',
    description: 'A job as GET /api/v1/jobs/{id} answers it, with creation_id in place of the creation (links absolute when the server knows its address)',
    properties: { ...jobFields, creation_id: { anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] } },
    required: [...job.required.filter((k) => k !== 'creation'), 'creation_id'],
  },
  WebhookCreation: {
    type: 'object',
    description: 'A creation that joined the community gallery; content is where anyone can see it',
    properties: Object.fromEntries(['id', 'object', 'type', 'prompt', 'content', 'published', 'job_id', 'created_at'].map((k) => [k, creation.properties[k]!])),
    required: ['id', 'object', 'type', 'prompt', 'content', 'published', 'job_id', 'created_at'],
  },
  WebhookTest: {
    type: 'object',
    description: 'Sent by "Send test event" to the one endpoint it was pressed for, whatever events it subscribes to',
    properties: {
      endpointId: { type: 'string', format: 'uuid', description: 'The endpoint the test was sent to' },
      url: { type: 'string', format: 'uri', description: "The endpoint's URL" },
      message: { type: 'string' },
    },
    required: ['endpointId', 'url', 'message'],
  },
};

const DATA: Record<WebhookEventType, JsonSchema> = {
  'job.completed': ref('WebhookJob'),
  'job.failed': ref('WebhookJob'),
  'job.cancelled': ref('WebhookJob'),
  'creation.published': ref('WebhookCreation'),
  'batch.completed': ref('Batch'),
  [TEST_EVENT]: ref('WebhookTest'),
};

const SENT_WHEN: Record<WebhookEventType, string> = {
  'job.completed': 'A job finished and saved its creation',
  'job.failed': 'A job failed; data.error says why',
  'job.cancelled': 'A job was cancelled',
  'creation.published': 'A creation joined the community gallery',
  'batch.completed': 'Every picture of a batch has ended; data has the counts, each picture and links.zip',
  [TEST_EVENT]: 'Send test event was pressed for this endpoint',
};

const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });

/** Every event an endpoint may receive. */
const SENT: WebhookEventType[] = [...WEBHOOK_EVENTS, TEST_EVENT];

/** One entry per event an endpoint may receive (the test event too): the POST it gets. */
export function webhookOperations(): Record<string, unknown> {
  return Object.fromEntries(
    SENT.map((event) => [
      event,
      {
        post: {
          operationId: `webhook_${event.replace('.', '_')}`,
          summary: SENT_WHEN[event],
          description:
            "Signed as Standard Webhooks says: verify webhook-signature with the endpoint's whsec_ secret (e.g. the standardwebhooks library) before trusting the body. Retried with backoff for about a day until a 2xx answer; 410 disables the endpoint.",
          tags: ['Webhooks'],
          security: [],
          parameters: [
            header('webhook-id', 'The message id: the same on every attempt, so a repeat can be dropped'),
            header('webhook-timestamp', 'When this attempt was signed (Unix seconds)'),
            header('webhook-signature', 'v1,<base64 HMAC-SHA256 of "id.timestamp.body">'),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { type: { type: 'string', const: event }, timestamp: { type: 'string', format: 'date-time' }, data: DATA[event] },
                  required: ['type', 'timestamp', 'data'],
                },
              },
            },
          },
          responses: { '200': { description: 'Any 2xx: received' } },
        },
      },
    ]),
  );
}
