// Fairness between accounts (docs/webhooks.md, "Fairness"): of a worker process's
// WEBHOOK_CONCURRENCY delivery slots, one account's deliveries hold at most WEBHOOK_ACCOUNT_SLOTS
// at once, so receivers that never answer (each holding its slot for WEBHOOK_TIMEOUT_MS) cannot
// take them all. A delivery whose account holds its share already is not attempted: BullMQ puts
// it back among the delayed jobs (`job.moveToDelayed` and a DelayedError, which count no attempt
// and release the slot at once) for a short wait, doubled each time it waits again, and any
// worker may take it then. The count is this process's own, in memory: a process that dies takes
// its count with it, and its deliveries in flight come back through BullMQ's stalled-job check.
import { DelayedError, type Job as QueueJob, type Processor } from 'bullmq';
import { WEBHOOK_ACCOUNT_WAIT_FIRST_MS, WEBHOOK_ACCOUNT_WAIT_MAX_MS } from '../../server/shared/platform/constants.js';
import type { WebhookJobData } from '../../server/shared/webhooks/queue.js';
import type { DeliveryOutcome, WebhookWorkerServices } from './deliver.js';

/** The slots each account's deliveries hold in this process. */
export class AccountSlots {
  private readonly held = new Map<string, number>();

  constructor(readonly perAccount: number) {}

  /** Takes one of the account's slots; false when it holds all of its share already. */
  take(account: string): boolean {
    const held = this.held.get(account) ?? 0;
    if (held >= this.perAccount) return false;
    this.held.set(account, held + 1);
    return true;
  }

  release(account: string): void {
    const held = (this.held.get(account) ?? 0) - 1;
    if (held > 0) this.held.set(account, held);
    else this.held.delete(account);
  }
}

/**
 * How long a delivery waits when its account's slots are all held: WEBHOOK_ACCOUNT_WAIT_FIRST_MS,
 * doubled for each earlier wait, at most WEBHOOK_ACCOUNT_WAIT_MAX_MS, between half of that and all
 * of it (the waiting ones do not all come back at once). `waits`: how often it has waited already.
 */
export function accountWaitMs(waits: number): number {
  const ms = Math.min(WEBHOOK_ACCOUNT_WAIT_MAX_MS, WEBHOOK_ACCOUNT_WAIT_FIRST_MS * 2 ** Math.min(waits, 16));
  return Math.round(ms * (0.5 + Math.random() / 2));
}

/** The account a delivery is for: in its queue job, or (a job queued before it was) its endpoint's. */
async function accountOf(services: WebhookWorkerServices, job: QueueJob<WebhookJobData>): Promise<string | null> {
  if (job.data.userId) return job.data.userId;
  const row = await services.db.webhookDelivery.findUnique({ where: { id: job.data.deliveryId }, select: { endpoint: { select: { userId: true } } } });
  return row?.endpoint.userId ?? null;
}

/** `processor` run only while the delivery's account has a slot free; otherwise the job waits, delayed. */
export function fairProcessor(
  services: WebhookWorkerServices,
  slots: AccountSlots,
  processor: Processor<WebhookJobData, DeliveryOutcome>,
): Processor<WebhookJobData, DeliveryOutcome> {
  return async (job, token, signal) => {
    // A deleted row (no account) goes straight to the processor, which ends it quietly.
    const account = await accountOf(services, job);
    if (account !== null && !slots.take(account)) {
      // Every start BullMQ counts that was not an attempt (attemptsMade) was a wait (or a stall).
      const waits = Math.max(0, job.attemptsStarted - job.attemptsMade - 1);
      await job.moveToDelayed(Date.now() + accountWaitMs(waits), token);
      throw new DelayedError();
    }
    try {
      return await processor(job, token, signal);
    } finally {
      if (account !== null) slots.release(account);
    }
  };
}
