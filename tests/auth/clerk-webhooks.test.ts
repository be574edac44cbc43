// Clerk's webhooks (delivered by Svix) as the push path: POST /api/webhooks/clerk with a
// signature made exactly as Svix makes it. user.updated reaches the row and every cache at
// once; user.deleted deletes the account and closes its sockets; anything unsigned, forged
// or stale is a 400 that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLERK_TEST_SECRET_KEY, newWebhookSecret, startClerkMock, svixHeaders, type ClerkMock } from '../helpers/clerk-mock.js';
import { gqlOk, startTestServer, waitFor, wsClient } from '../helpers/server.js';

const ME = '{ me { id email firstName lastName imageUrl } }';
const secret = newWebhookSecret();
let clerk: ClerkMock;
let server: Awaited<ReturnType<typeof startTestServer>>;
let n = 0;
const newSub = () => `user_hook${process.pid}${Date.now()}${++n}`;

beforeAll(async () => {
  clerk = await startClerkMock();
  server = await startTestServer({
    CLERK_SECRET_KEY: CLERK_TEST_SECRET_KEY,
    CLERK_API_URL: clerk.url,
    CLERK_WEBHOOK_SIGNING_SECRET: secret,
    USER_CACHE_TTL_MS: '600000',
  });
});
afterAll(async () => {
  await server?.close();
  await clerk?.close();
});

const deliver = (body: string, headers: Record<string, string>) => fetch(`${server.url}/api/webhooks/clerk`, { method: 'POST', headers, body });
const event = (type: string, data: unknown) =>
  JSON.stringify({ data, event_attributes: { http_request: { client_ip: '', user_agent: '' } }, instance_id: 'ins_test', object: 'event', timestamp: Date.now(), type });

/** A Clerk user seen once by the API (row created from the Backend API). */
async function seenUser(first = 'Ada') {
  const sub = newSub();
  clerk.users.set(sub, { id: sub, first_name: first, last_name: 'Lovelace', email: `${sub}@example.test`, image_url: 'https://img.clerk.com/a.png' });
  const token = await clerk.token(sub);
  const { me } = await gqlOk(server.url, ME, {}, token);
  expect(me.firstName).toBe(first);
  return { sub, token, id: me.id as string };
}

describe('Clerk webhooks', () => {
  it('user.updated changes the row and what the next request sees, within the cache TTL', async () => {
    const { sub, token, id } = await seenUser();
    const u = clerk.users.get(sub)!;
    Object.assign(u, { first_name: 'Augusta', last_name: 'King', email: `king-${sub}@example.test`, image_url: 'https://img.clerk.com/k.png' });
    const body = event('user.updated', clerk.userJson(u));
    const res = await deliver(body, svixHeaders(secret, body));
    expect(res.status).toBe(200);
    const { me } = await gqlOk(server.url, ME, {}, token);
    expect(me).toEqual({ id, firstName: 'Augusta', lastName: 'King', email: `king-${sub}@example.test`, imageUrl: 'https://img.clerk.com/k.png' });

    // The same delivery again (Svix retries with the same svix-id): harmless.
    const replay = svixHeaders(secret, body);
    expect((await deliver(body, replay)).status).toBe(200);
    expect((await deliver(body, replay)).status).toBe(200);
    expect((await gqlOk(server.url, ME, {}, token)).me.firstName).toBe('Augusta');
  });

  it('refuses forged, stale, unsigned and tampered deliveries with a JSON 400, changing nothing', async () => {
    const { sub, token } = await seenUser('Grace');
    const body = event('user.updated', { ...clerk.userJson(clerk.users.get(sub)!), first_name: 'Mallory' });
    const attempts: [string, string, Record<string, string>][] = [
      ['forged', body, svixHeaders(newWebhookSecret(), body)],
      ['stale', body, svixHeaders(secret, body, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })],
      ['unsigned', body, { 'content-type': 'application/json' }],
      ['tampered', body.replace('Mallory', 'Eve'), svixHeaders(secret, body)],
    ];
    for (const [what, sent, headers] of attempts) {
      const res = await deliver(sent, headers);
      expect(res.status, what).toBe(400);
      expect(await res.json(), what).toMatchObject({ success: false, code: 'BAD_USER_INPUT' });
    }
    expect((await gqlOk(server.url, ME, {}, token)).me.firstName).toBe('Grace');
  });

  it('answers 200 to event types it does not handle', async () => {
    const body = event('session.created', { id: 'sess_1', object: 'session' });
    const res = await deliver(body, svixHeaders(secret, body));
    expect(res.status).toBe(200);
  });

  it('user.deleted deletes the account with its creations and likes, and closes its sockets', async () => {
    const { sub, token, id } = await seenUser('Doomed');
    const db = server.app.services.db;
    const creation = await db.creation.create({ data: { userId: id, type: 'ARTICLE', prompt: 'p', content: 'c', published: true } });
    await db.like.create({ data: { userId: id, creationId: creation.id } });

    let closed: number | undefined;
    const client = wsClient(server.url, token, { on: { closed: (e) => void (closed = (e as CloseEvent).code) } });
    const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    await connected;

    const body = event('user.deleted', { deleted: true, id: sub, object: 'user' });
    const headers = svixHeaders(secret, body);
    const res = await deliver(body, headers);
    expect(res.status).toBe(200);
    expect(await db.user.findUnique({ where: { id } })).toBeNull();
    expect(await db.creation.count({ where: { userId: id } })).toBe(0);
    expect(await db.like.count({ where: { userId: id } })).toBe(0);
    await waitFor(() => closed !== undefined, 5000, 'the socket to close');
    expect(closed).toBe(4403);
    // A replay of the deletion is harmless too.
    expect((await deliver(body, headers)).status).toBe(200);
    await client.dispose();
  });
});
