// What a WebhookDelivery row records (prisma/schema.prisma): its status, and each attempt in its
// attemptLog. The worker writes them (worker/webhooks/), the account page reads them.

export const DeliveryStatus = {
  /** Not delivered yet: queued, or waiting for its next attempt (nextAttemptAt). */
  PENDING: 'PENDING',
  /** A 2xx answer. */
  DELIVERED: 'DELIVERED',
  /** No attempt left, the endpoint answered 410 Gone, or it was disabled or could not be queued. */
  FAILED: 'FAILED',
} as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

/** One attempt, as attemptLog keeps it (oldest first). */
export interface DeliveryAttempt {
  /** When it started (ISO 8601). */
  at: string;
  /** The answer's HTTP status; null when there was none (refused, unreachable, timed out). */
  status: number | null;
  /** How long it took. */
  ms: number;
  /** Why it failed, with a short excerpt of a non-2xx answer; null when delivered. */
  error: string | null;
}

/** The attempt log as stored (JSON), each entry checked: a row written by hand cannot break the page. */
export function attemptsOf(log: unknown): DeliveryAttempt[] {
  if (!Array.isArray(log)) return [];
  return log.flatMap((a: Partial<DeliveryAttempt> | null) =>
    a && typeof a.at === 'string'
      ? [{ at: a.at, status: typeof a.status === 'number' ? a.status : null, ms: typeof a.ms === 'number' ? a.ms : 0, error: typeof a.error === 'string' ? a.error : null }]
      : [],
  );
}
