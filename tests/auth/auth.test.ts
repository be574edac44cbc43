// Built-in identity over real HTTP and WebSocket: sign-up → token → me; bad tokens → 401.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens.js';
import { collect, gql, gqlOk, signUp, SIGN_UP, startTestServer, uniqueEmail, waitFor, wsClient } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
const secret = () => new TextEncoder().encode(process.env.JWT_SECRET);
const ME = 'query { me { id email firstName lastName fullName plan imageUrl } }';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('built-in accounts', () => {
  it('signs up, gets a token, and that token is me', async () => {
    const email = uniqueEmail('signup');
    const { signUp: out } = await gqlOk(server.url, SIGN_UP, { input: { email: ` ${email.toUpperCase()} `, password: 'Correct-Horse-9', firstName: 'Ada', lastName: 'Lovelace' } });
    expect(out.user).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', plan: 'FREE' });
    const { me } = await gqlOk(server.url, ME, {}, out.token);
    expect(me).toEqual({ ...out.user, imageUrl: null });
    const stored = await server.app.services.db.user.findUniqueOrThrow({ where: { id: out.user.id } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain('Correct-Horse-9');
  });

  it('signs in with the password, and refuses a wrong one', async () => {
    const email = uniqueEmail('signin');
    await gqlOk(server.url, SIGN_UP, { input: { email, password: 'Correct-Horse-9', firstName: 'Bo', lastName: 'B' } });
    const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token user { email } } }';
    const ok = await gqlOk(server.url, SIGN_IN, { e: email, p: 'Correct-Horse-9' });
    expect(ok.signIn.user.email).toBe(email);
    expect((await gqlOk(server.url, ME, {}, ok.signIn.token)).me.email).toBe(email);
    const bad = await gql(server.url, SIGN_IN, { e: email, p: 'wrong-Password-1' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const unknown = await gql(server.url, SIGN_IN, { e: uniqueEmail('nobody'), p: 'Correct-Horse-9' });
    expect(unknown.errors?.[0]?.message).toBe(bad.errors?.[0]?.message);
  });

  it('rejects duplicate e-mails and weak passwords with BAD_USER_INPUT', async () => {
    const email = uniqueEmail('dup');
    await gqlOk(server.url, SIGN_UP, { input: { email, password: 'Correct-Horse-9', firstName: 'A', lastName: 'B' } });
    const dup = await gql(server.url, SIGN_UP, { input: { email, password: 'Another-Horse-9', firstName: 'A', lastName: 'B' } });
    expect(dup.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
    expect(dup.errors?.[0]?.message).toBe('An account with this e-mail already exists');
    for (const password of ['short1A', 'aaaaaaaaaaaa', 'alllowercaseletters', 'password123']) {
      const weak = await gql(server.url, SIGN_UP, { input: { email: uniqueEmail('weak'), password, firstName: 'A', lastName: 'B' } });
      expect(weak.errors?.[0]?.extensions, password).toMatchObject({ code: 'BAD_USER_INPUT', field: 'password' });
    }
    const badEmail = await gql(server.url, SIGN_UP, { input: { email: 'not-an-email', password: 'Correct-Horse-9', firstName: 'A', lastName: 'B' } });
    expect(badEmail.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'email' });
  });

  it('gives Premium through a trial with built-in billing, never by asking for it', async () => {
    const { token } = await signUp(server.url, 'Plan');
    const asked = await gql(server.url, 'mutation { changePlan(plan: PREMIUM) { plan } }', {}, token);
    expect(asked.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gqlOk(server.url, ME, {}, token)).me.plan).toBe('FREE');
    const out = await gqlOk(server.url, 'mutation { startTrial { plan } }', {}, token);
    expect(out.startTrial.plan).toBe('PREMIUM');
    expect((await gqlOk(server.url, ME, {}, token)).me.plan).toBe('PREMIUM');
    expect((await gql(server.url, 'mutation { startTrial { plan } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('reports the active identity provider with public keys only', async () => {
    const { authConfig } = await gqlOk(server.url, '{ authConfig { provider clerkPublishableKey } }');
    expect(authConfig).toEqual({ provider: 'builtin', clerkPublishableKey: null });
  });
});

describe('bad tokens', () => {
  let forged: string;
  let expired: string;
  let validForMissingUser: string;
  beforeAll(async () => {
    const { user } = await signUp(server.url, 'Victim');
    forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('atelier')
      .setAudience('atelier-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-0123456789'));
    expired = await issueToken(secret(), user.id, -60);
    validForMissingUser = await issueToken(secret(), '00000000-0000-4000-8000-000000000000');
  });

  it('gives me = null without a token', async () => {
    const r = await gql(server.url, ME);
    expect(r.status).toBe(200);
    expect(r.data?.me).toBeNull();
  });

  it('answers 401 UNAUTHENTICATED on GraphQL for forged, expired, malformed and orphaned tokens', async () => {
    for (const token of [forged, expired, 'not.a.jwt', validForMissingUser]) {
      const r = await gql(server.url, ME, {}, token);
      expect(r.status, token).toBe(401);
      expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 JSON on REST for no, forged and expired tokens', async () => {
    for (const header of [undefined, `Bearer ${forged}`, `Bearer ${expired}`, 'Basic abc']) {
      const res = await fetch(`${server.url}/api/user/get-user-creations`, { headers: header ? { authorization: header } : {} });
      expect(res.status, String(header)).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('closes a WebSocket whose connection_init carries a forged token', async () => {
    let closeCode: number | undefined;
    const client = wsClient(server.url, forged, { on: { closed: (e) => (closeCode = (e as { code: number }).code) } });
    const sub = collect(client, 'subscription { likeChanged { creationId likeCount } }');
    await waitFor(() => closeCode !== undefined, 5000, 'socket close');
    expect(closeCode).toBe(4403);
    sub.dispose();
    await client.dispose();
  });
});

describe('brute force', () => {
  it('limits sign-in attempts per address and e-mail with RATE_LIMITED', async () => {
    const { user } = await signUp(server.url, 'Target', 'target');
    const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }';
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await gql(server.url, SIGN_IN, { e: user.email, p: `wrong-Guess-${i}` });
      codes.push(String(r.errors?.[0]?.extensions?.code));
    }
    expect(codes.slice(0, 10).every((c) => c === 'UNAUTHENTICATED')).toBe(true);
    expect(codes.slice(10)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
  });
});
