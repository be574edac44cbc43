// The billing module's writes: a subscription as its provider describes it, and the plan it
// gives the user (User.plan/planUntil), in one transaction; webhook events recorded once.
import type { Subscription } from '../../shared/db/generated/client.js';
import type { Prisma } from '../../shared/db/generated/client.js';
import type { Db } from '../../shared/db/prisma.js';
import { planFields, type SubscriptionState } from './billing.plan.js';

export interface SubscriptionSnapshot extends SubscriptionState {
  provider: 'demo' | 'stripe';
  currentPeriodStart: Date;
  trialUsed?: boolean;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  /** The provider's time for this state: an older snapshot never replaces a newer one. */
  providerUpdatedAt: Date;
}

/**
 * Stores the snapshot unless a newer one is already stored, and derives the user's plan from
 * what is stored. Returns the stored subscription, or null when the snapshot was older.
 */
export async function saveSubscription(db: Db | Prisma.TransactionClient, userId: string, snap: SubscriptionSnapshot): Promise<Subscription | null> {
  const write = async (tx: Prisma.TransactionClient) => {
    // Row lock: two events for one user are applied one after the other.
    const [current] = await tx.$queryRaw<{ providerUpdatedAt: Date; trialUsed: boolean }[]>`
      SELECT "providerUpdatedAt", "trialUsed" FROM "Subscription" WHERE "userId" = ${userId}::uuid FOR UPDATE`;
    if (current && current.providerUpdatedAt > snap.providerUpdatedAt) return null;
    const data = { ...snap, trialUsed: Boolean(snap.trialUsed || current?.trialUsed || snap.trialEnd) };
    const saved = await tx.subscription.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    await tx.user.update({ where: { id: userId }, data: planFields(saved) });
    return saved;
  };
  return '$transaction' in db ? (db as Db).$transaction(write) : write(db as Prisma.TransactionClient);
}

/** Records a webhook event; false when it was already processed (a replay: do nothing). */
export async function firstTimeSeen(tx: Prisma.TransactionClient, id: string, type: string): Promise<boolean> {
  const rows = await tx.$executeRaw`INSERT INTO "BillingEvent" ("id", "type") VALUES (${id}, ${type}) ON CONFLICT ("id") DO NOTHING`;
  return rows === 1;
}
