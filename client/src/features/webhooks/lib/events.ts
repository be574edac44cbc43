// The events an endpoint may subscribe to (the server's list: server/shared/webhooks/events.ts;
// docs/webhooks.md), as the account page names them.
export const WEBHOOK_EVENTS = [
  { value: 'job.completed', label: 'Job completed', description: 'A tool finished; the payload has the job and its creation id.' },
  { value: 'job.failed', label: 'Job failed', description: 'A tool could not finish; the payload says why.' },
  { value: 'job.cancelled', label: 'Job cancelled', description: 'You or your code cancelled a job.' },
  { value: 'creation.published', label: 'Creation published', description: 'A creation joined the community gallery.' },
  { value: 'batch.completed', label: 'Batch completed', description: 'Every picture of a batch has ended; the payload has the counts and the zip link.' },
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number]['value'];

/** What the log shows for an event type (webhook.test included). */
export const eventLabel = (type: string): string => (type === 'webhook.test' ? 'Test event' : (WEBHOOK_EVENTS.find((e) => e.value === type)?.label ?? type));

/** The deliveries one log shows. */
export const DELIVERY_LOG_SIZE = 20;

/** A moment as the log shows it: "Nov 26, 2026, 10:14:03 AM". */
export const formatMoment = (iso: string): string => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * Whether the log should look again soon: a delivery is queued or being tried, or its next try
 * is within a minute (a retry hours away is not waited for).
 */
export function awaitingAttempt(deliveries: readonly { status: string; nextAttemptAt?: string | null }[], now = Date.now()): boolean {
  return deliveries.some((d) => d.status === 'PENDING' && (!d.nextAttemptAt || Date.parse(d.nextAttemptAt) - now < 60_000));
}

/** Endpoints one account may have (the server's WEBHOOK_ENDPOINTS_PER_USER). */
export const WEBHOOK_ENDPOINTS_MAX = 10;
