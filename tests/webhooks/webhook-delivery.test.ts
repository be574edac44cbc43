// Webhooks end to end (docs/webhooks.md): a job's end and a publication reach a local receiver
// from the real worker through the `webhooks` queue, signed as Standard Webhooks says and
// verified with its own library; a receiver that fails twice gets the event on the third try;
// answers too large or too slow fail their attempt quickly; 410 Gone disables the endpoint.
// The receiver listens on 127.0.0.1, so this stack allows private targets (the default refuses
// them: webhook-endpoints.test.ts).
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeJob } from '../../server/shared/jobs/job.store.js';
import { WebhookOutbox } from '../../server/shared/webhooks/outbox.js';
import { startOpenAIMock, type OpenAIMock } from '../helpers/openai-mock.js';
import { seedCreations } from '../helpers/seed.js';
import { gqlOk, signUp, startStack, waitFor } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const PUBLIC_URL = 'https://studio.example.test';
const TITLES = 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }';
const CREATE = `mutation($url: String!, $events: [String!]!, $description: String) {
  createWebhookEndpoint(url: $url, events: $events, description: $description) { id url events secret enabled description } }`;
const DELIVERIES = `query($id: ID!) { webhookDeliveries(endpointId: $id) {
  id messageId eventType status attempts responseCode lastError nextAttemptAt deliveredAt attemptLog { at responseCode durationMs error } } }`;
const SEND_TEST = 'mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id status eventType messageId attempts } }';
const ALL_EVENTS = ['job.completed', 'job.failed', 'job.cancelled', 'creation.published'];

interface Delivery {
  id: string;
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  attemptLog: { at: string; responseCode: number | null; durationMs: number; error: string | null }[];
}

let stack: Awaited<ReturnType<typeof startStack>>;
let mock: OpenAIMock;
let receiver: WebhookReceiver;
let owner: { token: string; user: { id: string } };
let endpoint: { id: string; secret: string };
let tester: { token: string };

beforeAll(async () => {
  [mock, receiver] = await Promise.all([startOpenAIMock({ stream: ['1. Tea for two\n', '2. Green tea'] }), startWebhookReceiver()]);
  stack = await startStack({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_DELAYS_MS: '300,300,300',
    WEBHOOK_TIMEOUT_MS: '500',
    PUBLIC_URL,
    OPENAI_API_KEY: 'sk-test-not-real',
    OPENAI_BASE_URL: mock.baseURL,
    TEXT_MODEL: 'test-model',
  });
  [owner, tester] = await Promise.all([signUp(stack.url, 'Hook', 'hook'), signUp(stack.url, 'Tester', 'hook-tester')]);
  endpoint = (await gqlOk(stack.url, CREATE, { url: `${receiver.origin}/events`, events: ALL_EVENTS, description: 'everything' }, owner.token)).createWebhookEndpoint;
});
afterAll(async () => {
  await stack?.close();
  await Promise.all([mock?.close(), receiver?.close()]);
});

const deliveries = async (endpointId: string, token: string): Promise<Delivery[]> => (await gqlOk(stack.url, DELIVERIES, { id: endpointId }, token)).webhookDeliveries;

/** The request of the first event of this type about this subject, once it has come. */
async function received(type: string, subjectId: string, path = '/events') {
  const match = () => receiver.received.find((r) => r.path === path && JSON.parse(r.body).type === type && JSON.parse(r.body).data.id === subjectId);
  await waitFor(() => match() !== undefined, 15_000, `${type} for ${subjectId}`);
  return match()!;
}

/** Verifies a request as a receiver would, with the Standard Webhooks library; returns the payload. */
const verify = (secret: string, r: { body: string; headers: Record<string, unknown> }) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as any;

async function newEndpoint(path: string, token = tester.token, events = ['creation.published']) {
  return (await gqlOk(stack.url, CREATE, { url: `${receiver.origin}${path}`, events }, token)).createWebhookEndpoint as { id: string; secret: string };
}

describe('webhooks from job ends and publications', () => {
  it('a finished job sends job.completed, signed so that standardwebhooks verifies it', async () => {
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'tea' } }, owner.token);
    const request = await received('job.completed', job.id);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const payload = verify(endpoint.secret, request);
    expect(payload).toMatchObject({
      type: 'job.completed',
      data: {
        id: job.id,
        object: 'job',
        tool: 'blog-titles',
        status: 'completed',
        phase: 'COMPLETED',
        creation_id: expect.any(String),
        links: { self: `${PUBLIC_URL}/api/v1/jobs/${job.id}` },
      },
    });
    expect(Date.parse(payload.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(payload.data.finished_at)).toBeGreaterThanOrEqual(Date.parse(payload.data.created_at));
    expect(request.headers['webhook-id']).toBe(`msg_${job.id}`);
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(request.headers['content-type']).toBe('application/json');
    // A wrong secret or a changed body does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toThrow();
    expect(() => verify(endpoint.secret, { ...request, body: request.body.replace('COMPLETED', 'FAILED') })).toThrow();

    await waitFor(async () => (await deliveries(endpoint.id, owner.token)).some((d) => d.messageId === `msg_${job.id}` && d.status === 'DELIVERED'), 5000, 'delivered');
    const [log] = (await deliveries(endpoint.id, owner.token)).filter((d) => d.messageId === `msg_${job.id}`);
    expect(log).toMatchObject({ eventType: 'job.completed', status: 'DELIVERED', attempts: 1, responseCode: 200, lastError: null, nextAttemptAt: null });
    expect(log!.attemptLog).toEqual([{ at: expect.any(String), responseCode: 200, durationMs: expect.any(Number), error: null }]);
    // Exactly one event for the job's one end.
    expect(receiver.bodies('/events').filter((b) => b.data.id === job.id)).toHaveLength(1);
  });

  it('a failed job sends job.failed with its message and code', async () => {
    mock.replies.push({ status: 400, error: 'max_tokens is too large' });
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'coffee' } }, owner.token);
    const payload = verify(endpoint.secret, await received('job.failed', job.id));
    expect(payload.data).toMatchObject({ id: job.id, status: 'failed', creation_id: null, message: expect.stringMatching(/400/) });
    expect(payload.data.error).toEqual({ code: expect.any(String), message: expect.stringMatching(/400/) });
  });

  it('a cancelled job sends job.cancelled', async () => {
    mock.requests.length = 0;
    mock.replies.push({ status: 400, error: 'too slow to matter', delayMs: 3000 });
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'cocoa' } }, owner.token);
    await waitFor(() => mock.requests.length > 0, 10_000, 'the worker to call the model');
    await gqlOk(stack.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: job.id }, owner.token);
    const payload = verify(endpoint.secret, await received('job.cancelled', job.id));
    expect(payload.data).toMatchObject({ id: job.id, status: 'cancelled', message: 'Cancelled' });
  });

  it('publishing a creation sends creation.published', async () => {
    const [creation] = await seedCreations(stack.server.app.services.db, owner.user.id, 1);
    await stack.server.app.services.db.creation.update({ where: { id: creation!.id }, data: { content: 'https://cdn.example.test/cat.png' } });
    await gqlOk(stack.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }', { id: creation!.id }, owner.token);
    const request = await received('creation.published', creation!.id);
    expect(verify(endpoint.secret, request).data).toMatchObject({
      id: creation!.id,
      object: 'creation',
      type: 'IMAGE',
      content: 'https://cdn.example.test/cat.png',
      prompt: creation!.prompt,
    });
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
  });

  it('a job that completes with a published creation sends job.completed and creation.published', async () => {
    const { db, redis } = stack.server.app.services;
    const job = await db.job.create({ data: { userId: owner.user.id, kind: 'image', input: {}, phase: 'PROCESSING' } });
    const file = `${'a'.repeat(64)}.png`;
    const store = { db, redis, prefix: stack.config.REDIS_PREFIX, webhooks: stack.server.app.webhooks.outbox };
    const done = await completeJob(store, job.id, 'Done', { type: 'IMAGE', prompt: 'a lighthouse', content: `/files/${file}`, metadata: {}, published: true }, async () => {});
    const published = await received('creation.published', done!.creationId);
    expect(verify(endpoint.secret, published).data).toMatchObject({ job_id: job.id, content: `${PUBLIC_URL}/files/${file}` });
    expect(published.headers['webhook-id']).toBe(`msg_${done!.creationId}`);
    expect(verify(endpoint.secret, await received('job.completed', job.id)).data).toMatchObject({ status: 'completed', creation_id: done!.creationId });
    // Completing it again changes nothing and sends nothing.
    expect(await completeJob(store, job.id, 'Done', { type: 'IMAGE', prompt: 'again', content: '/files/x.png', metadata: {}, published: true }, async () => {})).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.bodies('/events').filter((b) => b.data.id === job.id || b.data.job_id === job.id)).toHaveLength(2);
    // Without PUBLIC_URL the link starts with the address the owner registered the endpoint at.
    const { services, storage } = stack.server.app;
    const config = { ...services.config, PUBLIC_URL: undefined };
    const unset = new WebhookOutbox({ db, queue: () => services.queues.webhooks(), redis, log: services.log, config, storage });
    await unset.creationPublished(owner.user.id, done!.creationId);
    const rows = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id, eventType: 'creation.published' }, orderBy: { createdAt: 'asc' } });
    expect(rows.at(-1)!.payload).toMatchObject({ data: { content: `${stack.url}/files/${file}` } });
  });
});

describe('retries and limits', () => {
  it('a receiver that answers 500 twice gets the event on the third try; the log shows 500, 500, 200', async () => {
    const hook = await newEndpoint('/flaky');
    receiver.replies.set('/flaky', [
      { status: 500, body: 'database is down' },
      { status: 500, body: 'still down' },
    ]);
    const sent = (await gqlOk(stack.url, SEND_TEST, { id: hook.id }, tester.token)).sendTestWebhook;
    expect(sent).toMatchObject({ eventType: 'webhook.test', status: 'PENDING', attempts: 0, messageId: expect.stringMatching(/^msg_/) });
    await waitFor(async () => (await deliveries(hook.id, tester.token))[0]?.status === 'DELIVERED', 10_000, 'the third try');
    const [log] = await deliveries(hook.id, tester.token);
    expect(log!.attemptLog.map((a) => a.responseCode)).toEqual([500, 500, 200]);
    expect(log!.attemptLog[0]!.error).toBe('Answered 500: database is down');
    expect(log).toMatchObject({ attempts: 3, responseCode: 200, lastError: null, nextAttemptAt: null, deliveredAt: expect.any(String) });
    // Every try is the same message, signed anew, and each verifies.
    const tries = receiver.received.filter((r) => r.path === '/flaky');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((t) => t.headers['webhook-id']))).toEqual(new Set([sent.messageId]));
    for (const t of tries) expect(verify(hook.secret, t).type).toBe('webhook.test');
    // The retries waited about as the schedule says (300 ms each).
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(250);
  });

  it('an answer past the size limit fails its attempt at once, and after the last attempt the delivery is FAILED', async () => {
    const hook = await newEndpoint('/big');
    receiver.replies.set(
      '/big',
      Array.from({ length: 4 }, () => ({ endless: true as const })),
    );
    await gqlOk(stack.url, SEND_TEST, { id: hook.id }, tester.token);
    await waitFor(async () => (await deliveries(hook.id, tester.token))[0]?.status === 'FAILED', 10_000, 'every attempt');
    const [log] = await deliveries(hook.id, tester.token);
    expect(log).toMatchObject({ attempts: 4, status: 'FAILED', nextAttemptAt: null, responseCode: 200 });
    for (const attempt of log!.attemptLog) {
      expect(attempt.error).toBe('The answer was larger than 64 KB, so it was cut off and the attempt failed');
      expect(attempt.durationMs).toBeLessThan(400);
    }
  });

  it('a receiver that never answers fails the attempt at the timeout', async () => {
    const hook = await newEndpoint('/hang');
    receiver.replies.set(
      '/hang',
      Array.from({ length: 4 }, () => ({ hang: true as const })),
    );
    const started = Date.now();
    await gqlOk(stack.url, SEND_TEST, { id: hook.id }, tester.token);
    await waitFor(async () => ((await deliveries(hook.id, tester.token))[0]?.attempts ?? 0) >= 1, 5000, 'the first attempt');
    expect(Date.now() - started).toBeLessThan(3000);
    const [log] = await deliveries(hook.id, tester.token);
    expect(log!.attemptLog[0]).toMatchObject({ responseCode: null, error: 'No answer within 0.5 s' });
    expect(log!.attemptLog[0]!.durationMs).toBeGreaterThanOrEqual(450);
    expect(log).toMatchObject({ status: 'PENDING', nextAttemptAt: expect.any(String) });
    await gqlOk(stack.url, 'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: hook.id }, tester.token);
  });

  it('410 Gone fails the delivery at once and disables the endpoint', async () => {
    const hook = await newEndpoint('/gone');
    receiver.replies.set('/gone', [{ status: 410, body: 'no such hook' }]);
    await gqlOk(stack.url, SEND_TEST, { id: hook.id }, tester.token);
    await waitFor(async () => (await deliveries(hook.id, tester.token))[0]?.status === 'FAILED', 5000, 'the 410');
    const [log] = await deliveries(hook.id, tester.token);
    expect(log).toMatchObject({ attempts: 1, responseCode: 410, lastError: expect.stringMatching(/410 Gone, so it was disabled/) });
    const { webhookEndpoints } = await gqlOk(stack.url, '{ webhookEndpoints { id enabled } }', {}, tester.token);
    expect(webhookEndpoints.find((e: { id: string }) => e.id === hook.id)).toEqual({ id: hook.id, enabled: false });
  });
});
