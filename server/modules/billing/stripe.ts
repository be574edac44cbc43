// Stripe as the billing provider (STRIPE_SECRET_KEY with built-in identity): the SDK client,
// and what a Stripe Subscription object means for us (a SubscriptionSnapshot). The SDK pins
// its own API version (2026-10-28 for stripe@23), whose Subscription carries the billing
// period on each ITEM (current_period_start/end), no longer on the subscription itself.
import Stripe from 'stripe';
import type { Config } from '../../shared/platform/config.js';
import type { Plan, SubscriptionStatus } from '../../shared/db/generated/enums.js';
import type { SubscriptionSnapshot } from './billing.store.js';

export type { Stripe };

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  premiumPrice: string;
}

/** Stripe's settings when Stripe bills (config.ts refuses a key without the other two). */
export function stripeSettings(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_PREMIUM'>): StripeSettings | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PRICE_PREMIUM: premiumPrice } = config;
  return secretKey && webhookSecret && premiumPrice ? { secretKey, webhookSecret, premiumPrice } : null;
}

/** The SDK client; STRIPE_API_URL (tests) points it at another server. */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const at = apiUrl ? new URL(apiUrl) : null;
  const protocol = at?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(at ? { host: at.hostname, port: at.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** Stripe's status as ours. `incomplete` (first payment not made yet) gives nothing, like past due. */
export function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'trialing':
      return 'TRIALING';
    case 'active':
      return 'ACTIVE';
    case 'canceled':
    case 'incomplete_expired':
      return 'CANCELED';
    // past_due, unpaid, incomplete, paused (a trial that ended with no card, when so configured)
    default:
      return 'PAST_DUE';
  }
}

/** An id from a field Stripe may send as an id or as the expanded object. */
export function idOf(v: string | { id: string } | null | undefined): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : v.id;
}

const fromUnix = (s: number) => new Date(s * 1000);

/**
 * The snapshot a Stripe Subscription gives, as of `at` (the event's `created`: an older event
 * never overwrites a newer state). PREMIUM when one of its items is the Premium price.
 */
export function snapshotOf(sub: Stripe.Subscription, premiumPrice: string, at: Date): SubscriptionSnapshot {
  const items = sub.items?.data ?? [];
  const premium = items.find((i) => i.price?.id === premiumPrice);
  const item = premium ?? items[0];
  const plan: Plan = premium ? 'PREMIUM' : 'FREE';
  const start = item?.current_period_start ?? sub.start_date ?? sub.created;
  const periodEnd = item?.current_period_end ?? sub.trial_end ?? start;
  // The portal may cancel "at period end" as cancel_at (a date) rather than the flag: access ends then.
  const end = sub.cancel_at ? Math.min(periodEnd, sub.cancel_at) : periodEnd;
  return {
    provider: 'stripe',
    plan,
    status: statusOf(sub.status),
    currentPeriodStart: fromUnix(start),
    currentPeriodEnd: fromUnix(end),
    trialEnd: sub.trial_end ? fromUnix(sub.trial_end) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end || Boolean(sub.cancel_at),
    providerCustomerId: idOf(sub.customer),
    providerSubscriptionId: sub.id,
    providerUpdatedAt: at,
  };
}

/** Marks the portal configuration this app made (metadata), so each process finds it instead of making another. */
const PORTAL_TAG = 'atelier';

/**
 * The Customer Portal configuration that makes the spec's promises: cancellation at the
 * period's end (access kept until then), and a switch between the Premium product's prices
 * (e.g. monthly ↔ yearly) prorated. Made once in the Stripe account (found again by its
 * metadata), visible and editable in the dashboard under Settings → Billing → Customer portal.
 */
export async function portalConfiguration(client: Stripe, premiumPrice: string): Promise<string> {
  const existing = await client.billingPortal.configurations.list({ active: true, limit: 100 });
  const ours = existing.data.find((c) => c.metadata?.app === PORTAL_TAG && c.metadata?.premium_price === premiumPrice);
  if (ours) return ours.id;
  const price = await client.prices.retrieve(premiumPrice);
  const product = idOf(price.product);
  const prices = product ? (await client.prices.list({ product, active: true, type: 'recurring', limit: 100 })).data.map((p) => p.id) : [];
  const switchable = product !== null && prices.length > 1;
  const created = await client.billingPortal.configurations.create({
    features: {
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      subscription_update: switchable
        ? { enabled: true, default_allowed_updates: ['price'], proration_behavior: 'create_prorations', products: [{ product, prices }] }
        : { enabled: false },
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
    },
    metadata: { app: PORTAL_TAG, premium_price: premiumPrice },
  });
  return created.id;
}
