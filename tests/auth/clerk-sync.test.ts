// Clerk with a secret key, against a local server speaking Clerk's Backend API (JWKS and
// users): the plan follows every token's `pla` claim both ways, the profile follows Clerk,
// CLERK_AUTHORIZED_PARTIES refuses a foreign `azp`, and an unreachable Clerk is a quick 503
// with one clear log line, not a slow "your session is invalid".
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClerkIdentity } from '../../server/auth/identity.js';
import { UserCache } from '../../server/auth/user-cache.js';
import { loadConfig } from '../../server/shared/platform/config.js';
import { createDb } from '../../server/shared/db/prisma.js';
import { startServer } from '../../server/app.js';
import { CLERK_MOCK_ORIGIN, CLERK_TEST_SECRET_KEY, startClerkMock, type ClerkMock } from '../helpers/clerk-mock.js';
import { gql, gqlOk, startTestServer, wsClient } from '../helpers/server.js';

const APP_ORIGIN = CLERK_MOCK_ORIGIN;
const ME = '{ me { id email firstName lastName imageUrl plan } }';
let clerk: ClerkMock;
let server: Awaited<ReturnType<typeof startTestServer>>;
let n = 0;
const newSub = () => `user_sync${process.pid}${Date.now()}${++n}`;

beforeAll(async () => {
  clerk = await startClerkMock();
  server = await startTestServer({
    CLERK_SECRET_KEY: CLERK_TEST_SECRET_KEY,
    CLERK_API_URL: clerk.url,
    CLERK_PUBLISHABLE_KEY: 'pk_test_YXRlbGllci5jbGVyay5hY2NvdW50cy5kZXYk',
    CLERK_AUTHORIZED_PARTIES: `${APP_ORIGIN}, http://localhost:5173`,
    // Far longer than the test: a change that shows cannot be the cache expiring.
    USER_CACHE_TTL_MS: '600000',
  });
});
afterAll(async () => {
  await server?.close();
  await clerk?.close();
});

describe('Clerk: the plan follows the token', () => {
  it('applies an upgrade and every kind of downgrade at once, within the cache TTL', async () => {
    const sub = newSub();
    const plan = async (claims: Record<string, unknown>) => (await gqlOk(server.url, ME, {}, await clerk.token(sub, claims))).me.plan;
    expect(await plan({ pla: 'u:free_user' })).toBe('FREE');
    expect(await plan({ pla: 'u:premium' })).toBe('PREMIUM');
    expect(await plan({ pla: 'u:free_user' })).toBe('FREE');
    expect(await plan({ pla: 'u:premium_yearly' })).toBe('PREMIUM');
    expect(await plan({ pla: 'u:starter' })).toBe('FREE'); // a plan that is not premium
    expect(await plan({ pla: 'u:premium' })).toBe('PREMIUM');
    expect(await plan({})).toBe('FREE'); // no plan claim: no subscription
    const row = await server.app.services.db.user.findUniqueOrThrow({ where: { authProvider_externalId: { authProvider: 'clerk', externalId: sub } } });
    expect(row.plan).toBe('FREE');
  });

  it('does not let an older token undo what a newer one set', async () => {
    const sub = newSub();
    const now = Math.floor(Date.now() / 1000);
    const older = await clerk.token(sub, { pla: 'u:premium' }, { iat: now - 30 });
    await gqlOk(server.url, ME, {}, await clerk.token(sub, { pla: 'u:free_user' }, { iat: now }));
    expect((await gqlOk(server.url, ME, {}, older)).me.plan).toBe('FREE');
  });
});

describe('Clerk: authorized parties', () => {
  it('refuses a token issued for another origin and accepts ours', async () => {
    const sub = newSub();
    const foreign = await gql(server.url, ME, {}, await clerk.token(sub, { azp: 'https://evil.example' }));
    expect(foreign.status).toBe(401);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const rest = await fetch(`${server.url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${await clerk.token(sub, { azp: 'https://evil.example' })}` } });
    expect(rest.status).toBe(401);
    const ours = await gqlOk(server.url, ME, {}, await clerk.token(sub, { azp: APP_ORIGIN }));
    expect(ours.me.id).toBeTruthy();
  });
});

describe('Clerk: the profile follows Clerk', () => {
  it('takes names and e-mail from the Backend API (the primary address), and from claims on every token that carries them', async () => {
    const sub = newSub();
    clerk.users.set(sub, { id: sub, first_name: 'Ada', last_name: 'Lovelace', email: `${sub}@example.test`, image_url: 'https://img.clerk.com/ada.png' });
    const first = await gqlOk(server.url, ME, {}, await clerk.token(sub));
    expect(first.me).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: `${sub}@example.test`, imageUrl: 'https://img.clerk.com/ada.png' });

    // Custom session claims: they win on every token, changed or not.
    const claims = { email: `${sub}@example.test`, first_name: 'Augusta', last_name: 'King', image_url: 'https://img.clerk.com/augusta.png' };
    const second = await gqlOk(server.url, ME, {}, await clerk.token(sub, claims));
    expect(second.me).toMatchObject({ firstName: 'Augusta', lastName: 'King', imageUrl: 'https://img.clerk.com/augusta.png' });
    const third = await gqlOk(server.url, ME, {}, await clerk.token(sub, { ...claims, first_name: 'Ada' }));
    expect(third.me.firstName).toBe('Ada');
  });

  describe('from the Backend API, bounded in age', () => {
    const config = () => loadConfig({ ...process.env, CLERK_SECRET_KEY: CLERK_TEST_SECRET_KEY, CLERK_API_URL: clerk.url });
    const quiet = pino({ level: 'silent' });

    it('re-reads a changed first_name once the stored profile is older than the bound', async () => {
      const db = createDb(server.config.DATABASE_URL);
      const identity = new ClerkIdentity(db, config(), quiet, new UserCache(0), async () => {}, { profileMaxAgeMs: 300 });
      try {
        const sub = newSub();
        clerk.users.set(sub, { id: sub, first_name: 'Grace', last_name: 'Hopper', email: `${sub}@example.test`, image_url: 'https://img.clerk.com/g.png' });
        expect((await identity.authenticate(await clerk.token(sub))).firstName).toBe('Grace');
        clerk.users.get(sub)!.first_name = 'Amazing Grace';
        // Within the bound: what was read stays (no Backend API call per request).
        const calls = clerk.requests.length;
        expect((await identity.authenticate(await clerk.token(sub))).firstName).toBe('Grace');
        expect(clerk.requests.length).toBe(calls);
        await new Promise((r) => setTimeout(r, 350));
        expect((await identity.authenticate(await clerk.token(sub))).firstName).toBe('Amazing Grace');
      } finally {
        await db.$disconnect();
      }
    });

    it('fills in the profile of a user first seen while the Backend API was down', async () => {
      const db = createDb(server.config.DATABASE_URL);
      // The keys are already known (JWKS fetched before): only the profile call fails.
      const identity = new ClerkIdentity(db, config(), quiet, new UserCache(0), async () => {}, { outageMemoryMs: 200 });
      try {
        const sub = newSub();
        clerk.users.set(sub, { id: sub, first_name: 'Katherine', last_name: 'Johnson', email: `${sub}@example.test`, image_url: 'https://img.clerk.com/k.png' });
        await identity.authenticate(await clerk.token(newSub())); // warms the JWKS
        clerk.mode = 'down';
        const firstSight = await identity.authenticate(await clerk.token(sub));
        expect(firstSight).toMatchObject({ firstName: null, email: null });
        clerk.mode = 'ok';
        await new Promise((r) => setTimeout(r, 250));
        const later = await identity.authenticate(await clerk.token(sub));
        expect(later).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson', email: `${sub}@example.test` });
        expect(later.id).toBe(firstSight.id);
      } finally {
        clerk.mode = 'ok';
        await db.$disconnect();
      }
    });
  });
});

describe('Clerk unreachable (secret key only)', () => {
  it('answers 503 quickly, logs one clear line without the secret, and recovers', async () => {
    const down = await startClerkMock();
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const config = loadConfig({ ...process.env, CLERK_SECRET_KEY: CLERK_TEST_SECRET_KEY, CLERK_API_URL: down.url, USER_CACHE_TTL_MS: '0' });
    const api = await startServer(config, log);
    try {
      const timed = async (token: string) => {
        const started = performance.now();
        const r = await gql(api.url, ME, {}, token);
        return { ...r, ms: performance.now() - started };
      };
      const tokenWhileDown = await down.token(newSub());
      for (const mode of ['down', 'hang'] as const) {
        down.mode = mode;
        const results = [];
        for (let i = 0; i < 5; i++) results.push(await timed(await down.token(newSub())));
        for (const r of results) {
          expect(r.status).toBe(503);
          expect(r.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
          expect(r.errors?.[0]?.message).toMatch(/sign-in service/i);
        }
        const total = results.reduce((s, r) => s + r.ms, 0);
        // At most one request waits for the timeout; the others know Clerk is down.
        expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(2500);
        expect(total).toBeLessThan(3500);
        console.log(`Clerk ${mode}: 5 requests in ${total.toFixed(0)} ms (slowest ${Math.max(...results.map((r) => r.ms)).toFixed(0)} ms)`);
        await new Promise((r) => setTimeout(r, 3100)); // past the memory of the outage
      }
      const warnings = lines.filter((l) => /Clerk/.test(l) && /"level":40/.test(l));
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(2); // once per interval, not once per request
      expect(warnings.join('\n')).toMatch(/cannot reach Clerk/i);
      expect(lines.join('\n')).not.toContain(CLERK_TEST_SECRET_KEY);

      // A socket opened meanwhile is told to try again later (1013), not that its session is bad (4403).
      down.mode = 'down';
      const closed = await new Promise<{ code: number; reason: string }>((resolve) => {
        const client = wsClient(api.url, 'x', {
          connectionParams: async () => ({ authorization: `Bearer ${tokenWhileDown}` }),
          on: { closed: (e) => resolve(e as { code: number; reason: string }) },
        });
        void client;
      });
      expect(closed.code).toBe(1013);
      expect(closed.reason).toMatch(/^SERVICE_UNAVAILABLE/);
      await new Promise((r) => setTimeout(r, 3100));

      down.mode = 'ok';
      const back = await gqlOk(api.url, ME, {}, await down.token(newSub()));
      expect(back.me.plan).toBe('FREE');
    } finally {
      await api.close();
      await down.close();
    }
  }, 40_000);

  it('keeps verifying with the keys it has while Clerk is down', async () => {
    // The running server fetched the JWKS already; a later outage does not sign anyone out.
    const sub = newSub();
    await gqlOk(server.url, ME, {}, await clerk.token(sub));
    clerk.mode = 'hang';
    try {
      const started = performance.now();
      const r = await gqlOk(server.url, ME, {}, await clerk.token(sub, { pla: 'u:premium' }));
      expect(r.me.plan).toBe('PREMIUM');
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      clerk.mode = 'ok';
    }
  });
});
