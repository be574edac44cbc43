// What a webhook says (docs/webhooks.md, "Events" and "Payload"): the events an endpoint may
// subscribe to, and the JSON body of each, `{ type, timestamp, data }`.
import type { Creation, Job } from '../db/generated/client.js';

/** The events an endpoint subscribes to (WebhookEndpoint.events). */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed', 'job.cancelled', 'creation.published'] as const;
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

/** "https://studio.example.com/api/v1/jobs/…" with PUBLIC_URL, else the path alone. */
const link = (publicUrl: string | undefined, path: string) => `${publicUrl?.replace(/\/+$/, '') ?? ''}${path}`;

/** A job as its events carry it. */
export function jobEventData(
  job: Pick<Job, 'id' | 'kind' | 'phase' | 'message' | 'errorCode' | 'creationId' | 'createdAt' | 'finishedAt'>,
  publicUrl: string | undefined,
): Record<string, unknown> {
  return {
    id: job.id,
    kind: job.kind,
    status: job.phase,
    message: job.message,
    errorCode: job.errorCode,
    creationId: job.creationId,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    links: { self: link(publicUrl, `/api/v1/jobs/${job.id}`) },
  };
}

/**
 * A published creation as its event carries it; `contentUrl` is where anyone can see it (a
 * published image's public URL; made absolute with PUBLIC_URL when the store gives a path).
 */
export function creationEventData(
  creation: Pick<Creation, 'id' | 'type' | 'prompt' | 'jobId' | 'createdAt'>,
  contentUrl: string,
  publicUrl: string | undefined,
): Record<string, unknown> {
  return {
    id: creation.id,
    type: creation.type,
    prompt: creation.prompt,
    contentUrl: contentUrl.startsWith('/') ? link(publicUrl, contentUrl) : contentUrl,
    jobId: creation.jobId,
    createdAt: creation.createdAt.toISOString(),
  };
}

export const payloadOf = (type: WebhookEventType, data: Record<string, unknown>, at: Date = new Date()): WebhookPayload => ({ type, timestamp: at.toISOString(), data });
