// Fairness between accounts (docs/webhooks.md, "Fairness"): receivers that accept the connection
// and never answer hold a delivery slot each for the whole WEBHOOK_TIMEOUT_MS (10 s here, the
// default). Two accounts with 8 such endpoints each (16 deliveries, as many as a worker process
// has slots) must not delay a third account's delivery: each account holds at most
// WEBHOOK_ACCOUNT_SLOTS (4) of the slots, and its other deliveries wait their turn without
// holding one. None of them is lost or sent twice, and each failed attempt is still retried on
// schedule. A queue job from before fairness, without its account, is still delivered. The
// receivers listen on 127.0.0.1, so this stack allows private targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeJob } from '../../server/shared/jobs/job.store.js';
import { webhookJobOptions } from '../../server/shared/webhooks/queue.js';
import { gqlOk, signUp, startStack, waitFor } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const CREATE = 'mutation($url: String!, $events: [String!]!) { createWebhookEndpoint(url: $url, events: $events) { id } }';
const HANGING_PER_ACCOUNT = 8;
const ACCOUNT_SLOTS = 4;
const TIMEOUT_MS = 10_000;

let stack: Awaited<ReturnType<typeof startStack>>;
let hanging: WebhookReceiver;
let quick: WebhookReceiver;
let third: string;

beforeAll(async () => {
  [hanging, quick] = await Promise.all([startWebhookReceiver({ hang: true }), startWebhookReceiver()]);
  stack = await startStack({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    // One retry, a minute later: after the test.
    WEBHOOK_RETRY_DELAYS_MS: '60000',
  });
});
afterAll(async () => {
  await Promise.all([hanging?.close(), quick?.close()]);
  await stack?.close();
});

/** An account whose `paths` are endpoints on `receiver`, each subscribed to job.completed. */
async function account(tag: string, receiver: WebhookReceiver, paths: string[]) {
  const { token, user } = await signUp(stack.url, 'Fair', tag);
  for (const path of paths) await gqlOk(stack.url, CREATE, { url: `${receiver.origin}${path}`, events: ['job.completed'] }, token);
  return user.id;
}

/** Ends a job of the user as the worker does: one job.completed event to each of their endpoints. */
async function endJob(userId: string): Promise<string> {
  const { db, redis } = stack.server.app.services;
  const job = await db.job.create({ data: { userId, kind: 'image', input: {}, phase: 'PROCESSING' } });
  const store = { db, redis, prefix: stack.config.REDIS_PREFIX, webhooks: stack.server.app.webhooks.outbox };
  await completeJob(store, job.id, 'Done', { type: 'IMAGE', prompt: 'a lighthouse', content: '/files/x.png', metadata: {}, published: false }, async () => {});
  return job.id;
}

const pathsOf = (name: string) => Array.from({ length: HANGING_PER_ACCOUNT }, (_, i) => `/${name}/${i}`);
const requestsTo = (name: string) => hanging.received.filter((r) => r.path.startsWith(`/${name}/`));

describe('fairness between accounts', () => {
  it("16 endpoints of two accounts that never answer delay a third account's delivery by no more than a few seconds", async () => {
    const [a, b, c] = await Promise.all([account('fair-a', hanging, pathsOf('a')), account('fair-b', hanging, pathsOf('b')), account('fair-c', quick, ['/c'])]);
    await Promise.all([endJob(a), endJob(b)]);
    // The hanging deliveries have taken what slots they may (without fairness: all 16).
    await waitFor(() => hanging.received.length >= 2 * ACCOUNT_SLOTS, 5000, 'the hanging deliveries to start');
    await new Promise((r) => setTimeout(r, 500));
    const heldAtFirst = { a: requestsTo('a').length, b: requestsTo('b').length };

    const ended = Date.now();
    await endJob(c);
    await waitFor(() => quick.received.length > 0, 3 * TIMEOUT_MS, "the third account's delivery");
    const delayMs = quick.received[0]!.at - ended;
    console.log(`third account's delivery: ${delayMs} ms after its job ended; slots held by a, b: ${JSON.stringify(heldAtFirst)}`);
    expect(delayMs).toBeLessThanOrEqual(3000);
    // Each hanging account had at most its share of the slots.
    expect(heldAtFirst).toEqual({ a: ACCOUNT_SLOTS, b: ACCOUNT_SLOTS });

    // The others waited their turn: each endpoint is tried once, an account's 5th request only
    // once one of its first 4 had ended (at the timeout).
    await waitFor(() => hanging.received.length >= 2 * HANGING_PER_ACCOUNT, 2 * TIMEOUT_MS, 'every hanging endpoint to be tried');
    for (const name of ['a', 'b']) {
      const requests = requestsTo(name).sort((x, y) => x.at - y.at);
      expect(requests.map((r) => r.path).sort()).toEqual(pathsOf(name).sort());
      expect(requests[ACCOUNT_SLOTS]!.at - requests[0]!.at).toBeGreaterThanOrEqual(TIMEOUT_MS - 500);
    }

    // Nothing lost or sent twice: the quick one delivered once; every hanging one attempted once
    // (the second wave cut off by closing its receiver) and waiting for its retry.
    await hanging.close();
    const { db } = stack.server.app.services;
    const rows = () => db.webhookDelivery.findMany({ where: { endpoint: { userId: { in: [a, b] } } } });
    await waitFor(async () => (await rows()).every((d) => d.attempts === 1), 5000, 'every hanging delivery to end its first attempt');
    const hung = await rows();
    expect(hung).toHaveLength(2 * HANGING_PER_ACCOUNT);
    for (const d of hung) expect(d).toMatchObject({ status: 'PENDING', attempts: 1, nextAttemptAt: expect.any(Date) });
    expect(hung.filter((d) => d.lastError === `No answer within ${TIMEOUT_MS / 1000} s`)).toHaveLength(2 * ACCOUNT_SLOTS);
    const [delivered] = await db.webhookDelivery.findMany({ where: { endpoint: { userId: c } } });
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempts: 1 });
    expect(quick.received).toHaveLength(1);
    third = c;
  });

  it('a delivery queued without its account (before fairness came) is delivered, its account read from its row', async () => {
    const { db, queues } = stack.server.app.services;
    const endpoint = await db.webhookEndpoint.findFirstOrThrow({ where: { userId: third } });
    const row = await db.webhookDelivery.create({
      data: { endpointId: endpoint.id, messageId: 'msg_before-fairness', eventType: 'webhook.test', payload: { type: 'webhook.test' } },
    });
    await queues.webhooks().add('webhook.test', { deliveryId: row.id }, webhookJobOptions(row.id, stack.config.WEBHOOK_RETRY_DELAYS_MS));
    await waitFor(() => quick.received.some((r) => r.headers['webhook-id'] === 'msg_before-fairness'), 5000, 'the delivery');
    await waitFor(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: row.id } })).status === 'DELIVERED', 5000, 'it to be recorded');
  });
});
