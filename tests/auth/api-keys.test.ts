// API keys (docs/api-keys.md), over real HTTP and WebSockets against real
// Postgres and Redis: a key is a bearer token on GraphQL, the REST mirror and the WebSocket;
// its scopes limit it (no generate: no job, nothing queued or charged); it cannot manage keys
// or the account; it is stored as a hash; revoking it on one API process is refused on a
// second one at once and closes its socket there; its use and its own rate limit are counted.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { collect, followJob, openSocket, gql, gqlOk, gqlUpload, signUp, spawnApiProcess, startStack, startTestServer, waitFor, type GqlResult } from '../helpers/server.js';
import { createTestApiKey } from '../helpers/api-keys.js';
import { seedCreations } from '../helpers/seed.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let second: Awaited<ReturnType<typeof spawnApiProcess>>;
const db = () => stack.server.app.services.db;

beforeAll(async () => {
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '0' });
  // Another API process of the same deployment (same Redis prefix: it hears USER_CHANGED); its
  // sweep and user cache are slow, so only the key's row and the announcement can be what refuses.
  second = await spawnApiProcess({ REDIS_PREFIX: stack.config.REDIS_PREFIX, WS_REAUTH_INTERVAL_MS: '600000', USER_CACHE_TTL_MS: '600000' });
}, 40_000);
afterAll(async () => {
  await Promise.all([second?.stop(), stack?.close()]);
});

const ME = '{ me { id } }';
const TITLES = 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }';
const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';
const API_KEYS = '{ apiKeys { id name prefix maskedKey scopes createdAt lastUsedAt revokedAt jobsThisMonth requestsThisMonth } }';
const CREATE = 'mutation($name: String!, $scopes: [ApiKeyScope!]!) { createApiKey(name: $name, scopes: $scopes) { key apiKey { id prefix maskedKey scopes } } }';
const REVOKE = 'mutation($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }';

const codeOf = (r: GqlResult) => r.errors?.[0]?.extensions?.code;

async function rest(url: string, method: 'GET' | 'POST', path: string, key: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const socket = openSocket;

/** One operation over a socket: its first result, or its error. */
function once(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<GqlResult> {
  return new Promise((resolve) => {
    const dispose = client.subscribe(
      { query, variables },
      {
        next: (v) => {
          dispose();
          resolve({ status: 0, ...(v as object) } as GqlResult);
        },
        error: (e) => resolve({ status: 0, errors: Array.isArray(e) ? e : [{ message: String(e), extensions: { code: `closed ${(e as CloseEvent).code}` } }] }),
        complete: () => {},
      },
    );
  });
}

describe('API keys', () => {
  it('works as Authorization: Bearer on GraphQL, the REST mirror and the WebSocket; its last use and this month’s jobs and requests are recorded', async () => {
    const owner = await signUp(stack.url, 'Kay', 'apikey');
    const { key, id } = await createTestApiKey(db(), owner.user.id, ['read', 'generate']);

    expect((await gqlOk(stack.url, ME, {}, key)).me.id).toBe(owner.user.id);
    const listed = await rest(stack.url, 'GET', '/api/user/get-user-creations', key);
    expect(listed).toMatchObject({ status: 200, body: { success: true, creations: [] } });

    // A job started with the key over HTTP, followed with the key over the WebSocket.
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'kites' } }, key);
    const events = await followJob(stack.url, key, job.id);
    expect(events.at(-1)).toMatchObject({ phase: 'COMPLETED', creation: { type: 'BLOG_TITLE' } });
    // …and one started over the WebSocket itself.
    const ws = await socket(stack.url, key);
    const started = await once(ws.client, TITLES, { input: { keyword: 'sails' } });
    expect(started.data?.generateBlogTitles.id).toBeTruthy();
    await ws.client.dispose();

    const [row] = await gqlOk(stack.url, API_KEYS, {}, owner.token).then((d) => d.apiKeys as Record<string, any>[]);
    expect(row).toMatchObject({ id, scopes: ['READ', 'GENERATE'], revokedAt: null, jobsThisMonth: 2 });
    expect(Date.now() - Date.parse(row!.lastUsedAt)).toBeLessThan(60_000);
    // me, the REST list, the mutation, the socket (once at connection_init, once per operation), the second socket and its mutation.
    expect(row!.requestsThisMonth).toBeGreaterThanOrEqual(6);
  });

  it('a key without the generate scope cannot start a job (GraphQL over HTTP and WebSocket, uploads, REST): FORBIDDEN, nothing queued or charged', async () => {
    const owner = await signUp(stack.url, 'Rae', 'apikey');
    const { key } = await createTestApiKey(db(), owner.user.id, ['read', 'publish']);
    const input = { topic: 'tidal energy', length: 'SHORT' };

    const http = await gql(stack.url, ARTICLE, { input }, key);
    expect(codeOf(http)).toBe('FORBIDDEN');
    expect(http.errors?.[0]?.message).toBe('This API key lacks the "generate" scope: create a key with it on your account page');
    expect(http.data).toBeNull();

    const ws = await socket(stack.url, key);
    expect(codeOf(await once(ws.client, ARTICLE, { input }))).toBe('FORBIDDEN');
    await ws.client.dispose();

    const upload = await gqlUpload(
      stack.url,
      'mutation($image: Upload!) { removeBackground(image: $image) { id } }',
      {},
      { image: { data: Buffer.alloc(64), filename: 'a.png', type: 'image/png' } },
      key,
    );
    expect(codeOf(upload)).toBe('FORBIDDEN');

    const viaRest = await rest(stack.url, 'POST', '/api/ai/generate-article', key, { prompt: 'Write an article about tidal energy in Short', length: 800 });
    expect(viaRest).toEqual({
      status: 403,
      body: { success: false, message: 'This API key lacks the "generate" scope: create a key with it on your account page', code: 'FORBIDDEN' },
    });

    // Nothing stored, queued or charged.
    expect(await db().job.count({ where: { userId: owner.user.id } })).toBe(0);
    expect(await db().usageCounter.count({ where: { userId: owner.user.id } })).toBe(0);
    expect(await stack.server.app.services.queues.get('article').count()).toBe(0);
    // Nor can it cancel or follow a job (generate or read is needed to follow: this key reads).
    expect(codeOf(await gql(stack.url, 'mutation { cancelJob(id: "00000000-0000-4000-8000-000000000000") { id } }', {}, key))).toBe('FORBIDDEN');
  });

  it('holds every transport to the scopes: read, publish, and following a job', async () => {
    const owner = await signUp(stack.url, 'Lee', 'apikey');
    const [creation] = await seedCreations(db(), owner.user.id, 1);
    const publishOnly = (await createTestApiKey(db(), owner.user.id, ['publish'])).key;
    const readOnly = (await createTestApiKey(db(), owner.user.id, ['read'])).key;

    // read: queries and the REST list.
    expect(codeOf(await gql(stack.url, ME, {}, publishOnly))).toBe('FORBIDDEN');
    expect((await rest(stack.url, 'GET', '/api/user/get-user-creations', publishOnly)).status).toBe(403);
    // Public fields stay open to any key.
    expect((await gqlOk(stack.url, '{ communityFeed(first: 1) { edges { node { id } } } engines { __typename } }', {}, publishOnly)).communityFeed).toBeTruthy();

    // publish: publishing and likes, on GraphQL and REST.
    const PUBLISH = 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }';
    expect(codeOf(await gql(stack.url, PUBLISH, { id: creation!.id }, readOnly))).toBe('FORBIDDEN');
    expect((await gqlOk(stack.url, PUBLISH, { id: creation!.id }, publishOnly)).setCreationPublished.published).toBe(true);
    expect((await rest(stack.url, 'POST', '/api/user/toggle-like-creation', readOnly, { id: creation!.id })).body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await rest(stack.url, 'POST', '/api/user/toggle-like-creation', publishOnly, { id: creation!.id })).body).toMatchObject({ success: true, likedByMe: true });

    // Following a job needs generate or read: refused when subscribing, before any event.
    const ws = await socket(stack.url, publishOnly);
    const sub = collect(ws.client, 'subscription { jobProgress(jobId: "00000000-0000-4000-8000-000000000000") { phase } }');
    await waitFor(() => sub.errors.length > 0, 5_000, 'the subscription to be refused');
    expect(JSON.stringify(sub.errors)).toContain('FORBIDDEN');
    expect(sub.items).toEqual([]);
    await ws.client.dispose();
  });

  it('cannot list, make or revoke keys, nor change the account (password, plan, sign-out, deletion)', async () => {
    const owner = await signUp(stack.url, 'Max', 'apikey');
    const { key, id } = await createTestApiKey(db(), owner.user.id, ['read', 'generate', 'publish']);
    const refused = [
      [API_KEYS, {}],
      [CREATE, { name: 'escalate', scopes: ['READ'] }],
      [REVOKE, { id }],
      ['mutation { changePassword(currentPassword: "Correct-Horse-9", newPassword: "Another-Horse-10") { token } }', {}],
      ['mutation { startTrial { plan } }', {}],
      ['mutation { signOut }', {}],
      ['mutation($p: String!) { deleteAccount(password: $p) }', { p: 'Correct-Horse-9' }],
    ] as const;
    for (const [query, variables] of refused) {
      const r = await gql(stack.url, query, variables, key);
      expect([query, codeOf(r), r.errors?.[0]?.message]).toEqual([query, 'FORBIDDEN', 'An API key cannot do this: sign in on the website to do it']);
    }
    expect(await db().apiKey.count({ where: { userId: owner.user.id } })).toBe(1);
    expect(await db().apiKey.findUnique({ where: { id } })).toMatchObject({ revokedAt: null });
    expect(await db().user.findUnique({ where: { id: owner.user.id } })).toMatchObject({ plan: 'FREE' });
    expect((await gqlOk(stack.url, ME, {}, owner.token)).me.id).toBe(owner.user.id);
  });

  it('createApiKey answers the key once; the database keeps only its hash and public prefix; names, scopes and the 20-key limit are checked', async () => {
    const owner = await signUp(stack.url, 'Ida', 'apikey');
    const { createApiKey } = await gqlOk(stack.url, CREATE, { name: '  CI deploy  ', scopes: ['GENERATE', 'READ', 'GENERATE'] }, owner.token);
    const { key, apiKey } = createApiKey;
    expect(key).toMatch(/^atl_[a-z0-9]{10}_[A-Za-z0-9_-]{32}$/);
    expect(apiKey).toMatchObject({ prefix: key.slice(4, 14), maskedKey: `atl_${key.slice(4, 14)}_…`, scopes: ['READ', 'GENERATE'] });

    const row = await db().apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row).toMatchObject({ name: 'CI deploy', prefix: apiKey.prefix, hash: createHash('sha256').update(key).digest('hex'), scopes: ['read', 'generate'] });
    expect(JSON.stringify(row)).not.toContain(key.slice(15));
    // The list never shows it again; the key works.
    const { apiKeys } = await gqlOk(stack.url, API_KEYS, {}, owner.token);
    expect(JSON.stringify(apiKeys)).not.toContain(key.slice(15));
    expect((await gqlOk(stack.url, ME, {}, key)).me.id).toBe(owner.user.id);

    const bad = async (variables: Record<string, unknown>) => {
      const r = await gql(stack.url, CREATE, variables, owner.token);
      return [codeOf(r), r.errors?.[0]?.message];
    };
    expect(await bad({ name: '   ', scopes: ['READ'] })).toEqual(['BAD_USER_INPUT', 'Give the key a name, e.g. where it will be used']);
    expect(await bad({ name: 'x'.repeat(61), scopes: ['READ'] })).toEqual(['BAD_USER_INPUT', "A key's name is at most 60 characters"]);
    expect(await bad({ name: 'none', scopes: [] })).toEqual(['BAD_USER_INPUT', 'Choose at least one scope: read, generate or publish']);
    expect((await bad({ name: 'odd', scopes: ['ADMIN'] }))[0]).toBe('BAD_USER_INPUT');

    // 20 working keys at most, under concurrency too; a revoked key makes room.
    for (let i = 0; i < 17; i++) await createTestApiKey(db(), owner.user.id, ['read'], `key ${i}`);
    const racing = await Promise.all([1, 2, 3, 4].map((n) => gql(stack.url, CREATE, { name: `racer ${n}`, scopes: ['READ'] }, owner.token)));
    expect(racing.filter((r) => r.data?.createApiKey).length).toBe(2);
    expect(racing.filter((r) => codeOf(r) === 'BAD_USER_INPUT').map((r) => r.errors?.[0]?.message)).toEqual([
      'You already have 20 API keys: revoke one you no longer use to make a new one',
      'You already have 20 API keys: revoke one you no longer use to make a new one',
    ]);
    await gqlOk(stack.url, REVOKE, { id: apiKey.id }, owner.token);
    expect((await gql(stack.url, CREATE, { name: 'room again', scopes: ['READ'] }, owner.token)).data?.createApiKey.key).toMatch(/^atl_/);
    // Someone else's key is not found.
    const other = await signUp(stack.url, 'Oz', 'apikey');
    expect(codeOf(await gql(stack.url, REVOKE, { id: racing.find((r) => r.data)!.data!.createApiKey.apiKey.id }, other.token))).toBe('NOT_FOUND');
  });

  it('revoked on one API process, it is refused on a second within 1 s, and its open socket there is closed', async () => {
    const owner = await signUp(stack.url, 'Rex', 'apikey');
    const { key, id } = await createTestApiKey(db(), owner.user.id, ['read', 'generate']);
    // The second process knows the key and has a socket open with it.
    expect((await gqlOk(second.url, ME, {}, key)).me.id).toBe(owner.user.id);
    const there = await socket(second.url, key);
    expect(there.connected).toBe(true);
    expect((await once(there.client, ME)).data?.me.id).toBe(owner.user.id);

    const t0 = performance.now();
    await gqlOk(stack.url, REVOKE, { id }, owner.token);
    const refused = await gql(second.url, ME, {}, key);
    const refusedAfter = performance.now() - t0;
    expect([refused.status, codeOf(refused), refused.errors?.[0]?.message]).toEqual([401, 'UNAUTHENTICATED', 'This API key was revoked: create a new one on your account page']);
    expect(refusedAfter).toBeLessThan(1000);
    await waitFor(() => there.closed.code !== undefined, 1000, 'the socket on the second process to close');
    const closedAfter = performance.now() - t0;
    expect(there.closed).toEqual({ code: 4403, reason: 'UNAUTHENTICATED: This API key was revoked' });
    expect(closedAfter).toBeLessThan(1000);
    console.log(`revoked key: refused on the second process after ${refusedAfter.toFixed(0)} ms, its socket there closed after ${closedAfter.toFixed(0)} ms`);

    // Nor can it do anything else there: REST, a new socket.
    expect((await rest(second.url, 'GET', '/api/user/get-user-creations', key)).status).toBe(401);
    expect((await socket(second.url, key)).closed.code).toBe(4403);
    // The revoked key stays in the history, its session unharmed.
    const { apiKeys } = await gqlOk(second.url, '{ apiKeys(includeRevoked: true) { id revokedAt } }', {}, owner.token);
    expect(apiKeys).toEqual([{ id, revokedAt: expect.any(String) }]);
    expect((await gqlOk(stack.url, '{ apiKeys { id } }', {}, owner.token)).apiKeys).toEqual([]);
  });
});

describe('API key rate limit (API_KEY_RATE_PER_MINUTE)', () => {
  let limited: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    limited = await startTestServer({ API_KEY_RATE_PER_MINUTE: '4' });
  });
  afterAll(() => limited?.close());

  it('refuses a key past its limit with RATE_LIMITED on every transport, per key: the user’s other key and session go on', async () => {
    const owner = await signUp(limited.url, 'Ron', 'apikey');
    const { key } = await createTestApiKey(limited.app.services.db, owner.user.id, ['read']);
    const other = await createTestApiKey(limited.app.services.db, owner.user.id, ['read']);
    for (let i = 0; i < 3; i++) await gqlOk(limited.url, ME, {}, key);
    expect((await rest(limited.url, 'GET', '/api/user/get-user-creations', key)).status).toBe(200);

    const http = await gql(limited.url, ME, {}, key);
    expect([http.status, codeOf(http)]).toEqual([429, 'RATE_LIMITED']);
    expect(http.errors?.[0]?.message).toMatch(/^Too many requests with this API key\. Please wait \d+ s and try again\.$/);
    expect((await rest(limited.url, 'GET', '/api/user/get-user-creations', key)).body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    const ws = await socket(limited.url, key);
    expect(ws.closed.code).toBe(4029);
    expect(ws.closed.reason).toMatch(/^RATE_LIMITED: Too many requests with this API key/);

    expect((await gqlOk(limited.url, ME, {}, other.key)).me.id).toBe(owner.user.id);
    expect((await gqlOk(limited.url, ME, {}, owner.token)).me.id).toBe(owner.user.id);
  });
});
