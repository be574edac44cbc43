// POST /api/webhooks/stripe: Stripe tells us what became of a subscription. Mounted (app.ts)
// before any JSON parser, only when Stripe bills: the signature covers the raw body.
// stripe.webhooks.constructEvent checks it as Stripe signs: `Stripe-Signature: t=<unix>,v1=<hex
// HMAC-SHA256 of "<t>.<body>" with the endpoint's whsec_ secret>`, 5 minutes' tolerance.
// Stripe delivers at least once and in no set order: each event id is recorded in the same
// transaction as the state it brings (a replay changes nothing), and each state carries the
// event's `created`, so an older event never overwrites a newer state (billing.store.ts).
import express, { type Router } from 'express';
import type { Db } from '../../shared/db/prisma.js';
import { Prisma } from '../../shared/db/prisma.js';
import { ErrorCode } from '../../shared/platform/errors.js';
import type { Logger } from '../../shared/platform/logger.js';
import type { BillingService } from './billing.service.js';
import { firstTimeSeen, saveSubscription } from './billing.store.js';
import { idOf, snapshotOf, type Stripe } from './stripe.js';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
/** Seconds a signature stays good (Stripe's own default): an old delivery replayed by someone else is refused. */
export const SIGNATURE_TOLERANCE_S = 300;
/** Stripe's subscription and invoice events are a few kilobytes. */
const BODY_LIMIT = '512kb';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StripeWebhookDeps {
  billing: Pick<BillingService, 'stripe' | 'announce'>;
  db: Db;
  log: Logger;
}

/** What became of a delivery, in the 200 answer (Stripe shows it in the dashboard's delivery log). */
type Outcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

export function stripeWebhookRoutes(deps: StripeWebhookDeps): Router {
  const stripe = deps.billing.stripe;
  if (!stripe) throw new Error('stripeWebhookRoutes: Stripe billing is not configured');
  const { client, settings } = stripe;
  const router = express.Router();

  /** The subscription an event is about, and the user it belongs to; null: not ours to handle. */
  async function subscriptionOf(event: Stripe.Event): Promise<{ sub: Stripe.Subscription; hintUserId: string | null } | null> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subId = session.mode === 'subscription' ? idOf(session.subscription) : null;
        if (!subId) return null;
        return { sub: await client.subscriptions.retrieve(subId), hintUserId: session.client_reference_id };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { sub: event.data.object, hintUserId: null };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        // The invoice does not say what became of the subscription (past due? renewed?): ask.
        const details = event.data.object.parent?.subscription_details;
        const subId = idOf(details?.subscription);
        if (!subId) return null;
        return { sub: await client.subscriptions.retrieve(subId), hintUserId: details?.metadata?.userId ?? null };
      }
      default:
        return null;
    }
  }

  /** Our user: the subscription's metadata.userId (set at checkout), else whoever holds its ids. */
  async function userOf(sub: Stripe.Subscription, hint: string | null): Promise<string | null> {
    const named = sub.metadata?.userId ?? hint;
    if (named && UUID.test(named)) {
      const user = await deps.db.user.findUnique({ where: { id: named }, select: { id: true } });
      if (user) return user.id;
    }
    const customer = idOf(sub.customer);
    const row = await deps.db.subscription.findFirst({
      where: { OR: [{ providerSubscriptionId: sub.id }, ...(customer ? [{ providerCustomerId: customer }] : [])] },
      select: { userId: true },
    });
    return row?.userId ?? null;
  }

  async function apply(event: Stripe.Event): Promise<{ outcome: Outcome; userId?: string }> {
    // A cheap look first, so a replay costs no call to Stripe; the insert below is what counts.
    if (await deps.db.billingEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return { outcome: 'duplicate' };
    const found = await subscriptionOf(event);
    const userId = found ? await userOf(found.sub, found.hintUserId) : null;
    if (!found || !userId) {
      if (found) deps.log.warn({ eventId: event.id, type: event.type, subscription: found.sub.id }, 'a Stripe subscription for no user of ours');
      return { outcome: 'ignored' };
    }
    const snap = snapshotOf(found.sub, settings.premiumPrice, new Date(event.created * 1000));
    return deps.db.$transaction(async (tx) => {
      if (!(await firstTimeSeen(tx, event.id, event.type))) return { outcome: 'duplicate' as const };
      // An old subscription's end (the user has since subscribed again) does not end the new one.
      const current = await tx.subscription.findUnique({ where: { userId }, select: { providerSubscriptionId: true, status: true } });
      if (current?.providerSubscriptionId && current.providerSubscriptionId !== snap.providerSubscriptionId && current.status !== 'CANCELED' && snap.status === 'CANCELED') {
        return { outcome: 'ignored' as const };
      }
      const saved = await saveSubscription(tx, userId, snap);
      return saved ? { outcome: 'applied' as const, userId } : { outcome: 'stale' as const };
    });
  }

  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: BODY_LIMIT }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string') throw new Error('no Stripe-Signature header');
      event = client.webhooks.constructEvent(body, signature, settings.webhookSecret, SIGNATURE_TOLERANCE_S);
    } catch (e) {
      deps.log.warn({ why: (e as Error).message.slice(0, 200) }, 'refused a Stripe webhook delivery');
      res.status(400).json({ success: false, message: 'The webhook could not be verified: its Stripe signature is missing, wrong or too old', code: ErrorCode.BAD_USER_INPUT });
      return;
    }
    try {
      const { outcome, userId } = await apply(event);
      if (userId) await deps.billing.announce(userId);
      res.json({ success: true, outcome });
    } catch (e) {
      // Two users claiming one Stripe customer, or a user deleted meanwhile: retrying will not help.
      if (e instanceof Prisma.PrismaClientKnownRequestError && ['P2002', 'P2003', 'P2025'].includes(e.code)) {
        deps.log.error({ eventId: event.id, type: event.type, prismaCode: e.code }, 'a Stripe event that cannot be applied to any user');
        res.json({ success: true, outcome: 'ignored' });
        return;
      }
      // Stripe retries a failed delivery for days: a 500 is right when Postgres or Stripe is down.
      deps.log.error({ err: (e as Error).message, eventId: event.id, type: event.type }, 'could not apply a Stripe webhook');
      res.status(500).json({ success: false, message: 'The event could not be applied; it will be retried', code: ErrorCode.INTERNAL_SERVER_ERROR });
    }
  });
  return router;
}
