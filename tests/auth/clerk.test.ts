// Clerk identity, networkless: session tokens are verified with CLERK_JWT_KEY through
// @clerk/backend, and a User row is upserted on first sight.
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, gqlOk, startTestServer, waitFor, wsClient } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let privateKey: CryptoKey;
const sub = `user_${process.pid}${Date.now()}`;

async function clerkToken(claims: Record<string, unknown>, key = privateKey, expiresIn = '5m') {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'ins_test', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('https://clerk.atelier.test')
    .setIssuedAt()
    .setNotBefore(Math.floor(Date.now() / 1000) - 5)
    .setExpirationTime(expiresIn)
    .sign(key);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  server = await startTestServer({
    CLERK_JWT_KEY: await exportSPKI(pair.publicKey),
    CLERK_PUBLISHABLE_KEY: 'pk_test_YXRlbGllci5jbGVyay5hY2NvdW50cy5kZXYk',
  });
});
afterAll(() => server.close());

describe('Clerk identity', () => {
  it('publishes only the publishable key', async () => {
    const { authConfig } = await gqlOk(server.url, '{ authConfig { provider clerkPublishableKey } }');
    expect(authConfig).toEqual({ provider: 'clerk', clerkPublishableKey: 'pk_test_YXRlbGllci5jbGVyay5hY2NvdW50cy5kZXYk' });
  });

  it('upserts the user on first sight and reuses the row after', async () => {
    const token = await clerkToken({ email: 'grace@example.test', first_name: 'Grace', last_name: 'Hopper' });
    const first = await gqlOk(server.url, '{ me { id email fullName plan } }', {}, token);
    expect(first.me).toMatchObject({ email: 'grace@example.test', fullName: 'Grace Hopper', plan: 'FREE' });
    const again = await gqlOk(server.url, '{ me { id } }', {}, await clerkToken({ pla: 'u:premium' }));
    expect(again.me.id).toBe(first.me.id);
    const rows = await server.app.services.db.user.findMany({ where: { authProvider: 'clerk', externalId: sub } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.plan).toBe('PREMIUM'); // from Clerk Billing's plan claim
    const rest = await fetch(`${server.url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(200);
  });

  it('follows the plan claim down as well as up (a cancelled subscription ends Premium)', async () => {
    const plans = [];
    for (const claims of [{ pla: 'u:premium' }, { pla: 'u:free_user' }, { pla: 'u:premium' }, {}]) {
      plans.push((await gqlOk(server.url, '{ me { plan } }', {}, await clerkToken(claims))).me.plan);
    }
    expect(plans).toEqual(['PREMIUM', 'FREE', 'PREMIUM', 'FREE']);
  });

  it('takes a changed name from the claims of a later token', async () => {
    const claims = { email: 'grace@example.test', first_name: 'Grace', last_name: 'Hopper' };
    await gqlOk(server.url, '{ me { id } }', {}, await clerkToken(claims));
    const { me } = await gqlOk(server.url, '{ me { fullName } }', {}, await clerkToken({ ...claims, first_name: 'Amazing Grace' }));
    expect(me.fullName).toBe('Amazing Grace Hopper');
  });

  it('refuses a token issued to a page outside CLERK_AUTHORIZED_PARTIES', async () => {
    const other = await startTestServer({ CLERK_JWT_KEY: server.config.CLERK_JWT_KEY!, CLERK_AUTHORIZED_PARTIES: 'https://app.atelier.test' });
    try {
      const foreign = await gql(other.url, '{ me { id } }', {}, await clerkToken({ azp: 'https://evil.example' }));
      expect(foreign.status).toBe(401);
      expect((await gqlOk(other.url, '{ me { id } }', {}, await clerkToken({ azp: 'https://app.atelier.test' }))).me.id).toBeTruthy();
    } finally {
      await other.close();
    }
  });

  it('has no webhook endpoint without a signing secret', async () => {
    const res = await fetch(`${server.url}/api/webhooks/clerk`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
  });

  it('authenticates WebSocket connections with a Clerk token', async () => {
    const client = wsClient(server.url, await clerkToken({}));
    const s = collect(client, 'subscription { likeChanged { likeCount } }');
    await waitFor(() => server.app.services.pubsub.listenerCount() > 0, 5000, 'subscription');
    expect(s.errors).toEqual([]);
    s.dispose();
    await client.dispose();
  });

  it('refuses tokens signed by another key, expired ones, and built-in sign-up', async () => {
    const other = (await generateKeyPair('RS256')).privateKey;
    for (const token of [await clerkToken({}, other), await clerkToken({}, privateKey, '-1m')]) {
      const r = await gql(server.url, '{ me { id } }', {}, token);
      expect(r.status).toBe(401);
      expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const signUp = await gql(server.url, 'mutation { signUp(input: {email: "x@example.test", password: "Correct-Horse-9", firstName: "X", lastName: "Y"}) { token } }');
    expect(signUp.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const plan = await gql(server.url, 'mutation { startTrial { plan } }', {}, await clerkToken({}));
    expect(plan.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
