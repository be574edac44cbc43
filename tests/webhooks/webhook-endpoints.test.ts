// Webhook endpoints over GraphQL with the default settings (docs/webhooks.md): what may be
// saved (http(s), known events, at most 10, public addresses only: loopback, private and
// link-local targets are refused with a sentence saying why), who may see them, the secret,
// and the check again at delivery, when a saved name now leads to this machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlOk, signUp, startStack, waitFor } from '../helpers/server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const CREATE = `mutation($url: String!, $events: [String!]!, $description: String) {
  createWebhookEndpoint(url: $url, events: $events, description: $description) { id url events secret enabled description } }`;
const UPDATE = `mutation($id: ID!, $url: String, $events: [String!], $enabled: Boolean, $description: String) {
  updateWebhookEndpoint(id: $id, url: $url, events: $events, enabled: $enabled, description: $description) { id url events enabled description secret } }`;
const LIST = '{ webhookEndpoints { id url events enabled description secret } }';
const DELIVERIES = 'query($id: ID!, $first: Int) { webhookDeliveries(endpointId: $id, first: $first) { id status attempts lastError attemptLog { responseCode error } } }';
const SEND_TEST = 'mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id status } }';
// A public address's name, resolved or not where the tests run: saved either way (a name that does not resolve is checked at delivery).
const PUBLIC = 'https://hooks.example.com/atelier';

let stack: Awaited<ReturnType<typeof startStack>>;
let receiver: WebhookReceiver;
let user: { token: string; user: { id: string } };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  stack = await startStack({ WEBHOOK_RETRY_DELAYS_MS: '100' });
  user = await signUp(stack.url, 'Ends', 'endpoints');
});
afterAll(async () => {
  await stack?.close();
  await receiver?.close();
});

const refusal = async (variables: Record<string, unknown>, token = user.token) => {
  const r = await gql(stack.url, CREATE, { events: ['job.completed'], ...variables }, token);
  expect(r.data).toBeNull();
  return r.errors![0]!;
};

describe('saving an endpoint', () => {
  it('refuses loopback, private and link-local targets by default, saying why', async () => {
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${receiver.port}/hook`, /127\.0\.0\.1 is a loopback address/],
      ['http://localhost:8080/hook', /localhost is this machine/],
      ['http://10.0.0.1/hook', /10\.0\.0\.1 is a private network address/],
      ['http://[::1]/hook', /::1 is a loopback address/],
      ['http://169.254.169.254/latest/meta-data', /169\.254\.169\.254 is a link-local address/],
      ['https://192.168.1.20/hook', /private network address/],
      ['http://[::ffff:127.0.0.1]/hook', /loopback address/],
      ['http://[fd00::1]/hook', /unique local/],
      ['http://100.64.0.1/hook', /carrier-grade NAT/],
      ['http://0.0.0.0/hook', /unspecified/],
      ['http://2130706433/hook', /127\.0\.0\.1 is a loopback address/],
    ];
    for (const [url, why] of cases) {
      const error = await refusal({ url });
      expect(error.extensions?.code, url).toBe('BAD_USER_INPUT');
      expect(error.extensions?.field, url).toBe('url');
      expect(error.message, url).toMatch(/^Webhooks can only go to public internet addresses: /);
      expect(error.message, url).toMatch(why);
    }
    expect((await gqlOk(stack.url, LIST, {}, user.token)).webhookEndpoints).toEqual([]);
  });

  it('refuses what is not an http(s) URL, unknown events and no events, with messages a person reads', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'ftp://example.com/x' }, 'url', 'The URL must start with https:// or http://'],
      [{ url: 'example.com/hook' }, 'url', 'Please enter a full URL, such as https://example.com/webhooks'],
      [{ url: '  ' }, 'url', 'Please enter the URL that should receive the webhooks'],
      [{ url: 'https://user:pw@example.com/x' }, 'url', 'The URL must not contain a user name or password; each webhook is signed instead'],
      [{ url: PUBLIC, events: ['job.started'] }, 'events.0', 'Unknown event: choose from job.completed, job.failed, job.cancelled, creation.published, batch.completed'],
      [{ url: PUBLIC, events: [] }, 'events', 'Please choose at least one event'],
      [{ url: PUBLIC, description: 'x'.repeat(201) }, 'description', 'The description is too long (at most 200 characters)'],
    ];
    for (const [variables, field, message] of cases) {
      const error = await refusal(variables);
      expect([error.extensions?.code, error.extensions?.field, error.message]).toEqual(['BAD_USER_INPUT', field, message]);
    }
  });

  it('saves a public URL with a whsec_ secret only its owner reads; updates, rotates and deletes it', async () => {
    const { createWebhookEndpoint: made } = await gqlOk(
      stack.url,
      CREATE,
      { url: PUBLIC, events: ['creation.published', 'job.completed', 'job.completed'], description: ' Zapier ' },
      user.token,
    );
    expect(made).toMatchObject({ url: PUBLIC, events: ['job.completed', 'creation.published'], enabled: true, description: 'Zapier' });
    expect(Buffer.from(made.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect((await gqlOk(stack.url, LIST, {}, user.token)).webhookEndpoints).toEqual([made]);

    const other = await signUp(stack.url, 'Other', 'endpoints-other');
    expect((await gqlOk(stack.url, LIST, {}, other.token)).webhookEndpoints).toEqual([]);
    for (const [query, variables] of [
      [UPDATE, { id: made.id, enabled: false }],
      [DELIVERIES, { id: made.id }],
      [SEND_TEST, { id: made.id }],
      ['mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: made.id }],
    ] as const) {
      expect((await gql(stack.url, query, variables, other.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await gql(stack.url, LIST)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const { updateWebhookEndpoint: changed } = await gqlOk(stack.url, UPDATE, { id: made.id, enabled: false, events: ['job.failed'] }, user.token);
    expect(changed).toMatchObject({ url: PUBLIC, events: ['job.failed'], enabled: false, description: 'Zapier', secret: made.secret });
    const moved = await gql(stack.url, UPDATE, { id: made.id, url: 'http://10.1.2.3/hook' }, user.token);
    expect(moved.errors?.[0]?.message).toMatch(/10\.1\.2\.3 is a private network address/);

    const { rotateWebhookSecret: rotated } = await gqlOk(stack.url, 'mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }', { id: made.id }, user.token);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(made.secret);

    expect((await gqlOk(stack.url, 'mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: made.id }, user.token)).deleteWebhookEndpoint).toBe(true);
    expect((await gqlOk(stack.url, LIST, {}, user.token)).webhookEndpoints).toEqual([]);
  });

  it('allows at most 10 endpoints per user', async () => {
    const many = await signUp(stack.url, 'Many', 'endpoints-many');
    await Promise.all(Array.from({ length: 11 }, (_, i) => gql(stack.url, CREATE, { url: `${PUBLIC}/${i}`, events: ['job.completed'] }, many.token)));
    expect((await gqlOk(stack.url, LIST, {}, many.token)).webhookEndpoints).toHaveLength(10);
    const error = await refusal({ url: `${PUBLIC}/11` }, many.token);
    expect([error.extensions?.code, error.message]).toEqual(['BAD_USER_INPUT', 'You can have at most 10 webhook endpoints. Delete one to add another.']);
  });
});

describe('at delivery', () => {
  it('refuses a target that now leads to this machine (a name saved while it was allowed, DNS rebinding), and logs why', async () => {
    const { db } = stack.server.app.services;
    // Rows as they would stand after being saved while allowed: a name that resolves to loopback, and a loopback address.
    const rows = await Promise.all(
      [`http://localhost:${receiver.port}/rebound`, `http://127.0.0.1:${receiver.port}/literal`].map((url) =>
        db.webhookEndpoint.create({ data: { userId: user.user.id, url, events: ['job.completed'], secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}` } }),
      ),
    );
    for (const row of rows) await gqlOk(stack.url, SEND_TEST, { id: row.id }, user.token);
    for (const row of rows) {
      await waitFor(async () => (await gqlOk(stack.url, DELIVERIES, { id: row.id }, user.token)).webhookDeliveries[0]?.status === 'FAILED', 10_000, 'both attempts');
    }
    const [rebound, literal] = await Promise.all(rows.map(async (row) => (await gqlOk(stack.url, DELIVERIES, { id: row.id }, user.token)).webhookDeliveries[0]));
    expect(rebound).toMatchObject({ attempts: 2, lastError: 'Refused: localhost is this machine (a loopback address). Webhooks can only go to public internet addresses.' });
    expect(rebound.attemptLog[0]).toEqual({ responseCode: null, error: rebound.lastError });
    expect(literal.lastError).toBe('Refused: 127.0.0.1 is a loopback address (this machine). Webhooks can only go to public internet addresses.');
    expect(receiver.received).toEqual([]);
  });

  it('checks the page size of the delivery log', async () => {
    const { createWebhookEndpoint: made } = await gqlOk(stack.url, CREATE, { url: PUBLIC, events: ['job.completed'] }, user.token);
    const r = await gql(stack.url, DELIVERIES, { id: made.id, first: 101 }, user.token);
    expect([r.errors?.[0]?.extensions?.code, r.errors?.[0]?.message]).toEqual(['BAD_USER_INPUT', 'first must be between 1 and 100']);
  });
});
