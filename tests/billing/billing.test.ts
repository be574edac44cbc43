// Plans that mean something (docs/real-services.md, "Billing (plans)"): with built-in (demo)
// billing, Premium comes from a 14-day trial with no card, never from asking; a trial that ends
// without payment, or a cancelled period that runs out, is FREE at that moment exactly. Time is
// moved by moving the stored dates into the past, as the clock would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePlan, planFields, RENEWAL_GRACE_MS } from '../../server/modules/billing/billing.plan.js';
import { announceUserChange } from '../../server/modules/user/user.service.js';
import { gql, gqlOk, signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';

const BILLING = '{ billing { mode plan status trialEndsAt currentPeriodEnd cancelAtPeriodEnd daysLeft canStartTrial textUsedThisMonth freeTextQuota } }';
const START = `mutation { startTrial { plan status daysLeft canStartTrial trialEndsAt } }`;
const CANCEL = 'mutation { cancelSubscription { plan status cancelAtPeriodEnd daysLeft } }';
const RESUME = 'mutation { resumeSubscription { plan cancelAtPeriodEnd } }';
const ME = '{ me { plan } }';
const DAY = 24 * 60 * 60 * 1000;

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ USER_CACHE_TTL_MS: '0', FREE_TEXT_QUOTA: '3' });
});
afterAll(() => server.close());

/** Moves the user's subscription `ms` into the past, as if that much time had passed. */
async function passTime(userId: string, ms: number) {
  const db = server.app.services.db;
  await db.$executeRaw`UPDATE "Subscription" SET "currentPeriodStart" = "currentPeriodStart" - ${ms} * interval '1 millisecond',
    "currentPeriodEnd" = "currentPeriodEnd" - ${ms} * interval '1 millisecond', "trialEnd" = "trialEnd" - ${ms} * interval '1 millisecond' WHERE "userId" = ${userId}::uuid`;
  await db.$executeRaw`UPDATE "User" SET "planUntil" = "planUntil" - ${ms} * interval '1 millisecond' WHERE id = ${userId}::uuid`;
}

describe('demo billing', () => {
  it('starts FREE, with the month’s usage against the free quota', async () => {
    const { token } = await signUp(server.url, 'Bill', 'billing');
    await gqlOk(server.url, 'mutation { generateBlogTitles(input: {keyword: "tea"}) { id } }', {}, token);
    const { billing } = await gqlOk(server.url, BILLING, {}, token);
    expect(billing).toMatchObject({
      mode: 'DEMO',
      plan: 'FREE',
      status: null,
      cancelAtPeriodEnd: false,
      daysLeft: null,
      canStartTrial: true,
      textUsedThisMonth: 1,
      freeTextQuota: 3,
    });
  });

  it('never gives Premium for asking: changePlan(PREMIUM) is refused', async () => {
    const { token } = await signUp(server.url, 'Ask', 'billing');
    const r = await gql(server.url, 'mutation { changePlan(plan: PREMIUM) { plan } }', {}, token);
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(r.errors?.[0]?.message).toMatch(/Start a trial/);
    expect((await gqlOk(server.url, ME, {}, token)).me.plan).toBe('FREE');
    const premiumTool = await gql(server.url, 'mutation { generateImage(input: {description: "a fox", style: ANIME}) { id } }', {}, token);
    expect(premiumTool.errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');
  });

  it('a trial gives Premium for 14 days, once; when it ends without payment the user is FREE', async () => {
    const { token, user } = await signUp(server.url, 'Trial', 'billing');
    const before = Date.now();
    const { startTrial } = await gqlOk(server.url, START, {}, token);
    expect(startTrial).toMatchObject({ plan: 'PREMIUM', status: 'TRIALING', daysLeft: 14, canStartTrial: false });
    const end = Date.parse(startTrial.trialEndsAt);
    expect(end - before).toBeGreaterThanOrEqual(14 * DAY - 1000);
    expect(end - before).toBeLessThanOrEqual(14 * DAY + 5000);
    expect((await gqlOk(server.url, ME, {}, token)).me.plan).toBe('PREMIUM');
    expect((await gql(server.url, START, {}, token)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    await passTime(user.id, 13 * DAY);
    expect((await gqlOk(server.url, BILLING, {}, token)).billing).toMatchObject({ plan: 'PREMIUM', status: 'TRIALING', daysLeft: 1 });
    await passTime(user.id, DAY + 1000);
    expect((await gqlOk(server.url, ME, {}, token)).me.plan).toBe('FREE');
    expect((await gqlOk(server.url, BILLING, {}, token)).billing).toMatchObject({ plan: 'FREE', status: 'CANCELED', daysLeft: 0, canStartTrial: false });
    const premiumTool = await gql(server.url, 'mutation { generateImage(input: {description: "a fox", style: ANIME}) { id } }', {}, token);
    expect(premiumTool.errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');
    expect((await gql(server.url, CANCEL, {}, token)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('cancel keeps Premium until the period’s end, then FREE; resume before the end undoes it', async () => {
    const { token, user } = await signUp(server.url, 'Cancel', 'billing');
    await gqlOk(server.url, START, {}, token);
    expect((await gqlOk(server.url, CANCEL, {}, token)).cancelSubscription).toEqual({ plan: 'PREMIUM', status: 'TRIALING', cancelAtPeriodEnd: true, daysLeft: 14 });
    expect((await gqlOk(server.url, RESUME, {}, token)).resumeSubscription).toEqual({ plan: 'PREMIUM', cancelAtPeriodEnd: false });
    await gqlOk(server.url, CANCEL, {}, token);
    await passTime(user.id, 10 * DAY);
    expect((await gqlOk(server.url, ME, {}, token)).me.plan).toBe('PREMIUM');
    const job = await gql(server.url, 'mutation { generateImage(input: {description: "a fox", style: ANIME}) { id } }', {}, token);
    expect(job.errors).toBeUndefined();
    await passTime(user.id, 4 * DAY + 1000);
    expect((await gqlOk(server.url, ME, {}, token)).me.plan).toBe('FREE');
    expect((await gql(server.url, RESUME, {}, token)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('a socket opened during the trial speaks as FREE once the trial has run out', async () => {
    const { token, user } = await signUp(server.url, 'Socket', 'billing');
    await gqlOk(server.url, START, {}, token);
    const client = wsClient(server.url, token);
    const run = (query: string) =>
      new Promise<{ data?: any; errors?: { extensions?: { code?: string } }[] }>((resolve) =>
        client.subscribe({ query }, { next: (v) => resolve(v as never), error: (e) => resolve({ errors: e as never }), complete: () => {} }),
      );
    try {
      expect((await run(ME)).data.me.plan).toBe('PREMIUM');
      await passTime(user.id, 15 * DAY);
      // The socket re-reads its row (USER_CHANGED, or the periodic sweep): the row still says PREMIUM, with a planUntil now past.
      await announceUserChange(server.app.services.pubsub, user.id);
      await waitFor(async () => (await run(ME)).data.me.plan === 'FREE', 5000, 'the socket to speak as FREE');
      expect((await server.app.services.db.user.findUniqueOrThrow({ where: { id: user.id } })).plan).toBe('PREMIUM');
      const tool = await run('mutation { generateImage(input: {description: "a fox", style: ANIME}) { id } }');
      expect(tool.errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');
    } finally {
      await client.dispose();
    }
  });

  it('changePlan(FREE) cancels at the period’s end rather than at once', async () => {
    const { token } = await signUp(server.url, 'Down', 'billing');
    await gqlOk(server.url, START, {}, token);
    expect((await gqlOk(server.url, 'mutation { changePlan(plan: FREE) { plan } }', {}, token)).changePlan.plan).toBe('PREMIUM');
    expect((await gqlOk(server.url, BILLING, {}, token)).billing.cancelAtPeriodEnd).toBe(true);
  });
});

describe('the plan a subscription gives', () => {
  const end = new Date('2026-12-01T00:00:00Z');
  const base = { plan: 'PREMIUM' as const, currentPeriodEnd: end, trialEnd: null, cancelAtPeriodEnd: false };
  it('trial and cancelled periods end exactly; an active one that renews gets a grace for the renewal’s news', () => {
    expect(planFields({ ...base, status: 'TRIALING', trialEnd: end })).toEqual({ plan: 'PREMIUM', planUntil: end });
    expect(planFields({ ...base, provider: 'demo', status: 'TRIALING', trialEnd: end })).toEqual({ plan: 'PREMIUM', planUntil: end });
    // A Stripe trial may convert with a card: the 'active' news comes by webhook, so it gets the renewal's grace…
    expect(planFields({ ...base, provider: 'stripe', status: 'TRIALING', trialEnd: end })).toEqual({ plan: 'PREMIUM', planUntil: new Date(end.getTime() + RENEWAL_GRACE_MS) });
    // …unless it was cancelled.
    expect(planFields({ ...base, provider: 'stripe', status: 'TRIALING', trialEnd: end, cancelAtPeriodEnd: true })).toEqual({ plan: 'PREMIUM', planUntil: end });
    expect(planFields({ ...base, status: 'ACTIVE', cancelAtPeriodEnd: true })).toEqual({ plan: 'PREMIUM', planUntil: end });
    expect(planFields({ ...base, status: 'ACTIVE' })).toEqual({ plan: 'PREMIUM', planUntil: new Date(end.getTime() + RENEWAL_GRACE_MS) });
    expect(planFields({ ...base, status: 'PAST_DUE' })).toEqual({ plan: 'FREE', planUntil: null });
    expect(planFields({ ...base, status: 'CANCELED' })).toEqual({ plan: 'FREE', planUntil: null });
  });
  it('is PREMIUM only before planUntil', () => {
    expect(effectivePlan({ plan: 'PREMIUM', planUntil: end }, end.getTime() - 1)).toBe('PREMIUM');
    expect(effectivePlan({ plan: 'PREMIUM', planUntil: end }, end.getTime())).toBe('FREE');
    expect(effectivePlan({ plan: 'PREMIUM', planUntil: null }, end.getTime())).toBe('PREMIUM');
  });
});
