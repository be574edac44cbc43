// Stripe billing through the whole stack: the API with the official `stripe` SDK pointed at a
// local server speaking Stripe's REST format (tests/helpers/stripe-mock.ts), and webhook
// deliveries signed as Stripe signs them. Checkout asks for a 14-day trial with no card; the
// webhooks decide the plan; replays, older events and forged signatures change nothing.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlOk, signUp, startTestServer } from '../helpers/server.js';
import {
  startStripeMock,
  stripeSignature,
  STRIPE_TEST_PRICE,
  STRIPE_TEST_PRICE_YEARLY,
  STRIPE_TEST_PRODUCT,
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  type StripeMock,
} from '../helpers/stripe-mock.js';

const BILLING = '{ billing { mode plan status trialEndsAt currentPeriodEnd cancelAtPeriodEnd canStartTrial } }';
const ME = '{ me { plan } }';
const CHECKOUT = 'mutation { startCheckout }';
const PORTAL = 'mutation { openBillingPortal }';
const DAY = 24 * 60 * 60 * 1000;

let stripe: StripeMock;
let server: Awaited<ReturnType<typeof startTestServer>>;
let hook: string;

beforeAll(async () => {
  stripe = await startStripeMock();
  server = await startTestServer({ USER_CACHE_TTL_MS: '60000', ...stripeEnv(), PUBLIC_URL: 'https://studio.example.test' });
  hook = `${server.url}/api/webhooks/stripe`;
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

function stripeEnv() {
  return { STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM: STRIPE_TEST_PRICE, STRIPE_API_URL: stripe.url };
}

/** Signs up, opens Checkout, completes it at "Stripe", and delivers what Stripe sends then. */
async function subscribed() {
  const { token, user } = await signUp(server.url, 'Stripe', 'stripe');
  const url = (await gqlOk<{ startCheckout: string }>(server.url, CHECKOUT, {}, token)).startCheckout;
  const sessionId = url.split('/').at(-1)!;
  const { session, subscription } = stripe.completeCheckout(sessionId);
  return { token, user, sessionId, session, subscription };
}

const billingOf = async (token: string) => (await gqlOk(server.url, BILLING, {}, token)).billing;
const planOf = async (token: string) => (await gqlOk(server.url, ME, {}, token)).me.plan;
const stored = (userId: string) => server.app.services.db.subscription.findUnique({ where: { userId } });

describe('Stripe billing', () => {
  it('is the billing mode; the demo trial and cancel point to Checkout and the portal', async () => {
    const { token } = await signUp(server.url, 'Mode', 'stripe');
    expect(await billingOf(token)).toMatchObject({ mode: 'STRIPE', plan: 'FREE', status: null, canStartTrial: true });
    for (const m of ['mutation { startTrial { plan } }', 'mutation { cancelSubscription { plan } }', 'mutation { changePlan(plan: PREMIUM) { plan } }']) {
      const r = await gql(server.url, m, {}, token);
      expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(r.errors?.[0]?.message).toMatch(/startCheckout|openBillingPortal/);
    }
    expect(await planOf(token)).toBe('FREE');
    const portal = await gql(server.url, PORTAL, {}, token);
    expect(portal.errors?.[0]).toMatchObject({ message: 'You have no Stripe subscription yet: subscribe first', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('Checkout: a subscription to the Premium price with a 14-day trial and no card required, tied to the user', async () => {
    const { token, user } = await signUp(server.url, 'Buyer', 'stripe');
    const before = stripe.requestsTo('POST', '/v1/checkout/sessions').length;
    const url = (await gqlOk<{ startCheckout: string }>(server.url, CHECKOUT, {}, token)).startCheckout;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_[0-9a-f]+$/);
    const sent = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(sent).toHaveLength(before + 1);
    const req = sent.at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${STRIPE_TEST_SECRET_KEY}`);
    // The SDK's own encoding: brackets as they are, values percent-encoded.
    expect(req.raw).toContain(`line_items[0][price]=${STRIPE_TEST_PRICE}`);
    expect(req.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      customer_email: user.email,
      line_items: [{ price: STRIPE_TEST_PRICE, quantity: '1' }],
      subscription_data: { trial_period_days: '14', trial_settings: { end_behavior: { missing_payment_method: 'cancel' } }, metadata: { userId: user.id } },
      payment_method_collection: 'if_required',
      success_url: 'https://studio.example.test/ai/account?checkout=success',
      cancel_url: 'https://studio.example.test/ai/account?checkout=cancel',
    });
    // Nothing is Premium until Stripe says so.
    expect(await planOf(token)).toBe('FREE');
  });

  it('checkout.session.completed + customer.subscription.created (trialing) → PREMIUM with the trial end; the portal opens for the stored customer', async () => {
    const { token, user, session, subscription } = await subscribed();
    const completed = await stripe.deliver(hook, stripe.event('checkout.session.completed', session));
    expect(completed).toEqual({ status: 200, body: { success: true, outcome: 'applied' } });
    // The session carries only the subscription's id: it was retrieved from Stripe.
    expect(stripe.requestsTo('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect((await stripe.deliver(hook, stripe.event('customer.subscription.created', subscription))).status).toBe(200);

    expect(await planOf(token)).toBe('PREMIUM');
    const billing = await billingOf(token);
    expect(billing).toMatchObject({ mode: 'STRIPE', plan: 'PREMIUM', status: 'TRIALING', cancelAtPeriodEnd: false, canStartTrial: false });
    expect(Date.parse(billing.trialEndsAt)).toBe(subscription.trial_end * 1000);
    expect(Date.parse(billing.trialEndsAt) - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
    // The period is read from the subscription ITEM (API 2025-03-31 and later).
    expect(Date.parse(billing.currentPeriodEnd)).toBe(subscription.items.data[0].current_period_end * 1000);
    expect(await stored(user.id)).toMatchObject({ provider: 'stripe', providerCustomerId: subscription.customer, providerSubscriptionId: subscription.id, trialUsed: true });

    const portalUrl = (await gqlOk<{ openBillingPortal: string }>(server.url, PORTAL, {}, token)).openBillingPortal;
    expect(portalUrl).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_/);
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params).toEqual({
      customer: subscription.customer,
      return_url: 'https://studio.example.test/ai/account',
      configuration: expect.stringMatching(/^bpc_/),
    });

    // Subscribed: a second Checkout would bill twice; and a later one reuses the customer without a second trial (below).
    expect((await gql(server.url, CHECKOUT, {}, token)).errors?.[0]?.message).toMatch(/already have a subscription/);
  });

  it('the portal is configured for the spec’s promises: cancel at period end, price switches prorated; made once, found again by another process', async () => {
    const { token, session } = await subscribed();
    await stripe.deliver(hook, stripe.event('checkout.session.completed', session));
    await gqlOk(server.url, PORTAL, {}, token);
    // One configuration in all, though the earlier test opened the portal too (one per process, found again after).
    const creates = stripe.requestsTo('POST', '/v1/billing_portal/configurations');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.params).toEqual({
      features: {
        subscription_cancel: { enabled: 'true', mode: 'at_period_end', proration_behavior: 'none' },
        subscription_update: {
          enabled: 'true',
          default_allowed_updates: ['price'],
          proration_behavior: 'create_prorations',
          products: [{ product: STRIPE_TEST_PRODUCT, prices: [STRIPE_TEST_PRICE, STRIPE_TEST_PRICE_YEARLY] }],
        },
        payment_method_update: { enabled: 'true' },
        invoice_history: { enabled: 'true' },
      },
      metadata: { app: 'atelier', premium_price: STRIPE_TEST_PRICE },
    });
    const configId = [...stripe.portalConfigurations.keys()][0];
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params.configuration).toBe(configId);

    // Another API process finds the configuration instead of making a second one.
    const other = await startTestServer({ ...stripeEnv(), PUBLIC_URL: 'https://studio.example.test' });
    try {
      await gqlOk(other.url, PORTAL, {}, token);
      expect(stripe.requestsTo('POST', '/v1/billing_portal/configurations')).toHaveLength(1);
      expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params.configuration).toBe(configId);
    } finally {
      await other.close();
    }
  });

  it('cancel at period end (the portal) keeps PREMIUM until then; deleted → FREE; a replay of an older event changes nothing', async () => {
    const { token, user, session, subscription } = await subscribed();
    const t0 = Math.floor(Date.now() / 1000);
    const created = stripe.event('customer.subscription.created', subscription, { created: t0 - 30 });
    await stripe.deliver(hook, stripe.event('checkout.session.completed', session, { created: t0 - 30 }));
    expect((await stripe.deliver(hook, created)).body.outcome).toBe('applied');

    const cancelling = stripe.updateSubscription(subscription.id, { cancel_at_period_end: true, canceled_at: t0 - 20 });
    expect((await stripe.deliver(hook, stripe.event('customer.subscription.updated', cancelling, { created: t0 - 20 }))).body.outcome).toBe('applied');
    expect(await planOf(token)).toBe('PREMIUM');
    expect(await billingOf(token)).toMatchObject({ plan: 'PREMIUM', status: 'TRIALING', cancelAtPeriodEnd: true });

    const ended = stripe.updateSubscription(subscription.id, { status: 'canceled', ended_at: t0 - 10 });
    expect((await stripe.deliver(hook, stripe.event('customer.subscription.deleted', ended, { created: t0 - 10 }))).body.outcome).toBe('applied');
    expect(await planOf(token)).toBe('FREE');
    expect(await billingOf(token)).toMatchObject({ plan: 'FREE', status: 'CANCELED' });

    // Stripe delivers at least once: the 'trialing' event again (same id) is acknowledged and skipped.
    const replay = await stripe.deliver(hook, created);
    expect(replay).toEqual({ status: 200, body: { success: true, outcome: 'duplicate' } });
    expect(await planOf(token)).toBe('FREE');
    expect((await stored(user.id))?.status).toBe('CANCELED');
  });

  it('customer.subscription.created before checkout.session.completed still finds the user (metadata.userId); the later completion is applied too', async () => {
    const { token, user, session, subscription } = await subscribed();
    const t0 = Math.floor(Date.now() / 1000);
    expect((await stripe.deliver(hook, stripe.event('customer.subscription.created', subscription, { created: t0 }))).body.outcome).toBe('applied');
    expect(await planOf(token)).toBe('PREMIUM');
    expect((await stripe.deliver(hook, stripe.event('checkout.session.completed', session, { created: t0 }))).body.outcome).toBe('applied');
    expect(await stored(user.id)).toMatchObject({ status: 'TRIALING', providerSubscriptionId: subscription.id });
  });

  it('an event older than the stored state is ignored, whatever its id', async () => {
    const { token, session, subscription } = await subscribed();
    const t0 = Math.floor(Date.now() / 1000);
    await stripe.deliver(hook, stripe.event('checkout.session.completed', session, { created: t0 - 5 }));
    const ended = stripe.updateSubscription(subscription.id, { status: 'canceled' });
    expect((await stripe.deliver(hook, stripe.event('customer.subscription.deleted', ended, { created: t0 }))).body.outcome).toBe('applied');
    // A 'trialing' update made before the deletion, delivered after it (a new id: not a replay).
    const late = { ...structuredClone(ended), status: 'trialing' };
    const answer = await stripe.deliver(hook, stripe.event('customer.subscription.updated', late, { created: t0 - 3 }));
    expect(answer).toEqual({ status: 200, body: { success: true, outcome: 'stale' } });
    expect(await planOf(token)).toBe('FREE');
  });

  it('a trial that ends without payment (past_due, invoice.payment_failed) → FREE; invoice.paid (active) → PREMIUM again', async () => {
    const { token, session, subscription } = await subscribed();
    const t0 = Math.floor(Date.now() / 1000);
    await stripe.deliver(hook, stripe.event('checkout.session.completed', session, { created: t0 - 30 }));
    expect(await planOf(token)).toBe('PREMIUM');

    const pastDue = stripe.updateSubscription(subscription.id, { status: 'past_due', trial_end: t0 - 25 });
    const invoice = stripe.invoice(pastDue, 'open');
    const failed = await stripe.deliver(hook, stripe.event('invoice.payment_failed', invoice, { created: t0 - 20 }));
    expect(failed.body.outcome).toBe('applied');
    expect(await planOf(token)).toBe('FREE');
    expect(await billingOf(token)).toMatchObject({ plan: 'FREE', status: 'PAST_DUE' });
    const premiumTool = await gql(server.url, 'mutation { generateImage(input: {description: "a fox", style: ANIME}) { id } }', {}, token);
    expect(premiumTool.errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');

    const now = Math.floor(Date.now() / 1000);
    stripe.updateSubscription(subscription.id, { status: 'active' });
    stripe.subscriptions.get(subscription.id)!.items.data[0].current_period_start = now;
    stripe.subscriptions.get(subscription.id)!.items.data[0].current_period_end = now + 30 * 86400;
    const paid = await stripe.deliver(hook, stripe.event('invoice.paid', stripe.invoice(stripe.subscriptions.get(subscription.id)!, 'paid'), { created: t0 - 10 }));
    expect(paid.body.outcome).toBe('applied');
    expect(await billingOf(token)).toMatchObject({ plan: 'PREMIUM', status: 'ACTIVE', cancelAtPeriodEnd: false });
  });

  it('customer.subscription.updated to past_due → FREE (Stripe statuses mapped)', async () => {
    const { token, session, subscription } = await subscribed();
    const t0 = Math.floor(Date.now() / 1000);
    await stripe.deliver(hook, stripe.event('checkout.session.completed', session, { created: t0 - 10 }));
    expect(await planOf(token)).toBe('PREMIUM');
    const unpaid = stripe.updateSubscription(subscription.id, { status: 'unpaid' });
    expect((await stripe.deliver(hook, stripe.event('customer.subscription.updated', unpaid, { created: t0 }))).body.outcome).toBe('applied');
    expect(await billingOf(token)).toMatchObject({ plan: 'FREE', status: 'PAST_DUE' });
  });

  it('refuses a forged, unsigned, stale or re-signed-with-another-secret delivery (400), changing nothing', async () => {
    const { token, user, session } = await subscribed();
    const event = stripe.event('checkout.session.completed', session);
    const payload = JSON.stringify(event, null, 2);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      { secret: 'whsec_someone_else' },
      { signature: null },
      { signature: `t=${now},v1=${'0'.repeat(64)}` },
      { t: now - 301 },
      // A valid signature for another body: the body was altered after signing.
      { signature: stripeSignature(payload.replace('checkout.session.completed', 'customer.subscription.created'), STRIPE_TEST_WEBHOOK_SECRET, now) },
    ];
    for (const a of attempts) {
      const r = await stripe.deliver(hook, event, a);
      expect(r.status, JSON.stringify(a)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'BAD_USER_INPUT', message: expect.stringMatching(/signature/) });
    }
    expect(await planOf(token)).toBe('FREE');
    expect(await stored(user.id)).toBeNull();
    expect(await server.app.services.db.billingEvent.findUnique({ where: { id: event.id } })).toBeNull();
    // The same event properly signed is then applied.
    expect((await stripe.deliver(hook, event)).body.outcome).toBe('applied');
    expect(await planOf(token)).toBe('PREMIUM');
  });

  it('our signer matches the SDK’s test header, and the SDK verifies ours', () => {
    const payload = JSON.stringify({ id: 'evt_x', object: 'event', type: 'invoice.paid' });
    const t = 1_700_000_000;
    const sdk = new Stripe(STRIPE_TEST_SECRET_KEY);
    expect(stripeSignature(payload, STRIPE_TEST_WEBHOOK_SECRET, t)).toBe(sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_WEBHOOK_SECRET, timestamp: t }));
    expect(sdk.webhooks.constructEvent(payload, stripeSignature(payload, STRIPE_TEST_WEBHOOK_SECRET), STRIPE_TEST_WEBHOOK_SECRET).id).toBe('evt_x');
  });

  it('Stripe unreachable while an event is applied: 500 (Stripe retries), nothing recorded; the retry is applied', async () => {
    const { token, user, session } = await subscribed();
    const event = stripe.event('checkout.session.completed', session);
    stripe.down = true;
    try {
      const r = await stripe.deliver(hook, event);
      expect(r).toMatchObject({ status: 500, body: { success: false, code: 'INTERNAL_SERVER_ERROR' } });
    } finally {
      stripe.down = false;
    }
    expect(await server.app.services.db.billingEvent.findUnique({ where: { id: event.id } })).toBeNull();
    expect(await stored(user.id)).toBeNull();
    expect((await stripe.deliver(hook, event)).body.outcome).toBe('applied');
    expect(await planOf(token)).toBe('PREMIUM');
  });

  it('deleting an account ends its Stripe subscription first (no proration, no invoice); with Stripe down the account stays', async () => {
    const { token, user, session, subscription } = await subscribed();
    await stripe.deliver(hook, stripe.event('checkout.session.completed', session));
    const DELETE = 'mutation { deleteAccount(password: "Correct-Horse-9") }';
    stripe.down = true;
    try {
      expect((await gql(server.url, DELETE, {}, token)).errors?.[0]?.extensions?.code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      stripe.down = false;
    }
    expect(await server.app.services.db.user.count({ where: { id: user.id } })).toBe(1);
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe('trialing');
    expect((await gqlOk(server.url, DELETE, {}, token)).deleteAccount).toBe(true);
    const cancel = stripe.requestsTo('DELETE', `/v1/subscriptions/${subscription.id}`);
    expect(cancel.at(-1)!.params).toEqual({ invoice_now: 'false', prorate: 'false' });
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled');
    expect(await server.app.services.db.user.count({ where: { id: user.id } })).toBe(0);
  });

  it('a user who had a trial gets none again, and Checkout reuses their Stripe customer', async () => {
    const { token, user, session, subscription } = await subscribed();
    await stripe.deliver(hook, stripe.event('checkout.session.completed', session));
    const ended = stripe.updateSubscription(subscription.id, { status: 'canceled' });
    await stripe.deliver(hook, stripe.event('customer.subscription.deleted', ended, { created: Math.floor(Date.now() / 1000) + 1 }));
    expect(await billingOf(token)).toMatchObject({ plan: 'FREE', status: 'CANCELED', canStartTrial: false });

    await gqlOk(server.url, CHECKOUT, {}, token);
    const params = stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.params;
    expect(params.subscription_data).toEqual({ metadata: { userId: user.id } });
    expect(params.customer).toBe(subscription.customer);
    expect(params.customer_email).toBeUndefined();
    expect(params.payment_method_collection).toBe('if_required');
  });

  it('a subscription for no user of ours is acknowledged and ignored; Stripe down is a clear error', async () => {
    const foreign = { ...structuredClone([...stripe.subscriptions.values()][0]!), id: 'sub_foreign', customer: 'cus_foreign', metadata: {} };
    expect(await stripe.deliver(hook, stripe.event('customer.subscription.updated', foreign))).toEqual({ status: 200, body: { success: true, outcome: 'ignored' } });

    const down = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_wrong_key_000000',
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_PRICE_PREMIUM: STRIPE_TEST_PRICE,
      STRIPE_API_URL: stripe.url,
    });
    try {
      const { token } = await signUp(down.url, 'Down', 'stripe');
      const r = await gql(down.url, CHECKOUT, {}, token);
      expect(r.errors?.[0]).toMatchObject({ message: 'Stripe could not start a checkout just now; please try again in a moment', extensions: { code: 'PROVIDER_UNAVAILABLE' } });
      expect(JSON.stringify(r)).not.toContain('sk_test_');
      // No PUBLIC_URL: the request's own origin is where Checkout would return.
      expect(stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.params.success_url).toBe(`${down.url}/ai/account?checkout=success`);
    } finally {
      await down.close();
    }
  });
});
