// What a webhook says (docs/webhooks.md, "Events" and "Payload"): the events an endpoint may
// subscribe to, and the JSON body of each, `{ type, timestamp, data }`.
import type { Creation, Job } from '../db/generated/client.js';
import { jobFieldsJson } from '../jobs/job-json.js';

/** The events an endpoint subscribes to (WebhookEndpoint.events). */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed', 'job.cancelled', 'creation.published', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by "Send test event", to the one endpoint it was pressed for, whatever it subscribes to. */
export const TEST_EVENT = 'webhook.test';
export type WebhookEventType = WebhookEvent | typeof TEST_EVENT;

/** The event of a job's end. */
export const JOB_END_EVENTS = { COMPLETED: 'job.completed', FAILED: 'job.failed', CANCELLED: 'job.cancelled' } as const satisfies Record<string, WebhookEvent>;
export type JobEnd = keyof typeof JOB_END_EVENTS;

export interface WebhookPayload {
  type: WebhookEventType;
  /** When it happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * What goes before a link's path for one endpoint: PUBLIC_URL, else the origin the endpoint's
 * owner reached this server at when registering it (a bare path when neither is known).
 */
export const linkBaseOf = (publicUrl: string | undefined, endpointOrigin: string | null | undefined) => (publicUrl ?? endpointOrigin ?? '').replace(/\/+$/, '');

/**
 * A job as its events carry it: the jobs API's job (GET /api/v1/jobs/{id}), with its creation's
 * id instead of the creation, and links that start with `base` (linkBaseOf).
 */
export function jobEventData(job: Job, base: string): Record<string, unknown> {
  return { ...jobFieldsJson(job, base), creation_id: job.creationId };
}

/**
 * A published creation as its event carries it, in the jobs API's shape; `content` is where
 * anyone can see it (a published image's public URL; made absolute with `base` when the store
 * gives a path).
 */
export function creationEventData(creation: Pick<Creation, 'id' | 'type' | 'prompt' | 'jobId' | 'createdAt'>, contentUrl: string, base: string): Record<string, unknown> {
  return {
    id: creation.id,
    object: 'creation',
    type: creation.type,
    prompt: creation.prompt,
    content: contentUrl.startsWith('/') ? `${base}${contentUrl}` : contentUrl,
    published: true,
    job_id: creation.jobId,
    created_at: creation.createdAt.toISOString(),
  };
}

export const payloadOf = (type: WebhookEventType, data: Record<string, unknown>, at: Date = new Date()): WebhookPayload => ({ type, timestamp: at.toISOString(), data });
