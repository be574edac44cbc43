// A deleted or changed account's open sockets (docs/security-testing.md, "An open WebSocket of
// an account that is deleted…"): a socket authenticates once,
// at connection_init, and used to speak as that user for ever (`me` still answered after the
// account was deleted, a mutation was a foreign-key 500). Now a deletion announced by
// `npm run user:delete` closes the sockets on every API process at once (4403), one made
// straight in the database is found by each process's sweep (WS_REAUTH_INTERVAL_MS), a plan
// change reaches open sockets, and a write by a user deleted since their token was checked
// is UNAUTHENTICATED, on HTTP and WebSocket alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlOk, openSocket, signUp, spawnApiProcess, startTestServer, waitFor } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';
import { createHash } from 'node:crypto';
import { deleteUser } from '../../server/modules/user/user.service.js';

// Neither the user cache nor the sweep helps here: what is tested is the announcement and the answers.
const SLOW = { WS_REAUTH_INTERVAL_MS: '600000', USER_CACHE_TTL_MS: '600000' };
let server: Awaited<ReturnType<typeof startTestServer>>;
let second: Awaited<ReturnType<typeof spawnApiProcess>>;
let sweeping: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  [server, second, sweeping] = await Promise.all([startTestServer(SLOW), spawnApiProcess(SLOW), startTestServer({ WS_REAUTH_INTERVAL_MS: '300' })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), second?.stop(), sweeping?.close()]);
});

const ME = '{ me { id plan } }';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/**
 * Other spellings of a JWT that carry the same signature bytes: the last base64url character
 * of a 32-byte HMAC holds 4 bits, so its 2 unused low bits can be anything, and padding may be added.
 */
function respellings(token: string): string[] {
  const last = B64URL.indexOf(token.at(-1)!);
  const sameBits = [0, 1, 2, 3].map((low) => B64URL[(last & ~3) | low]!).filter((c) => c !== token.at(-1));
  return [...sameBits.map((c) => token.slice(0, -1) + c), `${token}=`];
}
const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { id likeCount } }';

/** A connected socket, its close code and reason once closed, and one-shot operations over it. */
async function socket(url: string, token: string) {
  const { client, closed } = await openSocket(url, token);
  const run = (query: string, variables: Record<string, unknown> = {}) =>
    new Promise<{ data?: Record<string, any> | null; errors?: { extensions?: { code?: string } }[] }>((resolve) =>
      client.subscribe(
        { query, variables },
        {
          next: (v) => resolve(v as never),
          error: (e) => resolve({ errors: Array.isArray(e) ? e : [{ extensions: { code: `closed ${(e as CloseEvent).code}` } }] }),
          complete: () => {},
        },
      ),
    );
  return { client, closed, run };
}

describe('sockets of a changed or deleted account', () => {
  it('closes every socket of an account deleted with npm run user:delete, on every API process, at once', async () => {
    const victim = await signUp(server.url, 'Gone', 'wsacct');
    const here = await socket(server.url, victim.token);
    const there = await socket(second.url, victim.token);
    expect((await there.run(ME)).data?.me?.id).toBe(victim.user.id);
    await gqlOk(second.url, ME, {}, victim.token); // the other process now caches the user (for 10 minutes)

    expect(await deleteUser(server.app.services.db, server.app.services.pubsub, victim.user.id)).toBe(true);
    await waitFor(() => here.closed.code !== undefined && there.closed.code !== undefined, 5_000, 'both sockets to close');
    for (const s of [here, there]) expect(s.closed).toEqual({ code: 4403, reason: 'UNAUTHENTICATED: This account no longer exists' });

    // Nor can the token open a socket or answer over HTTP anywhere, cache or not.
    const again = await socket(second.url, victim.token);
    expect(again.closed.code).toBe(4403);
    const http = await gql(second.url, ME, {}, victim.token);
    expect([http.status, http.errors?.[0]?.extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
    await Promise.all([here, there, again].map((s) => s.client.dispose()));
  });

  it('re-reads the user behind open sockets when the plan changes on another process', async () => {
    const user = await signUp(server.url, 'Upgrader', 'wsacct');
    const there = await socket(second.url, user.token);
    expect((await there.run(ME)).data?.me?.plan).toBe('FREE');
    await gqlOk(server.url, 'mutation { startTrial { plan } }', {}, user.token);
    await waitFor(async () => (await there.run(ME)).data?.me?.plan === 'PREMIUM', 5_000, 'the socket to see PREMIUM');
    expect(there.closed.code).toBeUndefined();
    await there.client.dispose();
  });

  it('answers writes by a user deleted straight in the database with UNAUTHENTICATED, never a 500', async () => {
    const owner = await signUp(server.url, 'Owner', 'wsacct');
    const [creation] = await seedCreations(server.app.services.db, owner.user.id, 1, { published: true });
    const victim = await signUp(server.url, 'Deleted', 'wsacct');
    expect((await gqlOk(server.url, ME, {}, victim.token)).me.id).toBe(victim.user.id); // cached for 10 minutes
    const ws = await socket(server.url, victim.token);
    expect((await ws.run(ME)).data?.me?.id).toBe(victim.user.id);

    // As an operator would with psql: nothing is announced.
    await server.app.services.db.$executeRaw`DELETE FROM "User" WHERE id = ${victim.user.id}::uuid`;

    const writes: [string, string, Record<string, unknown>][] = [
      ['toggleLike', TOGGLE, { id: creation!.id }],
      ['startTrial', 'mutation { startTrial { plan } }', {}],
      ['generateArticle', 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }', { input: { topic: 'Deleted accounts' } }],
    ];
    for (const [name, query, variables] of writes) {
      const http = await gql(server.url, query, variables, victim.token);
      expect(http.errors?.[0]?.extensions?.code, `HTTP ${name}: ${JSON.stringify(http.errors)}`).toBe('UNAUTHENTICATED');
      const overWs = await ws.run(query, variables);
      expect(overWs.errors?.[0]?.extensions?.code, `WebSocket ${name}: ${JSON.stringify(overWs.errors)}`).toBe('UNAUTHENTICATED');
    }
    const rest = await fetch(`${server.url}/api/user/toggle-like-creation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${victim.token}` },
      body: JSON.stringify({ id: creation!.id }),
    });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    await ws.client.dispose();
  });

  it('closes the sockets of a user deleted straight in the database within WS_REAUTH_INTERVAL_MS', async () => {
    const victim = await signUp(sweeping.url, 'Swept', 'wsacct');
    const keeper = await signUp(sweeping.url, 'Kept', 'wsacct');
    const gone = await socket(sweeping.url, victim.token);
    const kept = await socket(sweeping.url, keeper.token);
    expect((await gone.run(ME)).data?.me?.id).toBe(victim.user.id);
    await sweeping.app.services.db.$executeRaw`DELETE FROM "User" WHERE id = ${victim.user.id}::uuid`;
    await waitFor(() => gone.closed.code !== undefined, 5_000, 'the socket to close');
    expect(gone.closed).toEqual({ code: 4403, reason: 'UNAUTHENTICATED: This account no longer exists' });
    // Everyone else's sockets stay, signed in.
    expect((await kept.run(ME)).data?.me?.id).toBe(keeper.user.id);
    expect(kept.closed.code).toBeUndefined();
    await Promise.all([gone.client.dispose(), kept.client.dispose()]);
  });

  it('ends a signed-out session on every API process: its token is refused and its sockets close; other sessions stay', async () => {
    const user = await signUp(server.url, 'Leaver', 'wsacct');
    const email = (await gqlOk<{ me: { email: string } }>(server.url, '{ me { email } }', {}, user.token)).me.email;
    const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }';
    const other = (await gqlOk<{ signIn: { token: string } }>(server.url, SIGN_IN, { e: email, p: 'Correct-Horse-9' })).signIn.token;
    const here = await socket(server.url, user.token);
    const there = await socket(second.url, user.token);
    const otherSocket = await socket(second.url, other);
    await gqlOk(second.url, ME, {}, user.token); // the other process now caches the user (for 10 minutes)

    // Before: there was no sign-out on the server; the token kept answering for 7 days.
    expect(await gqlOk(server.url, 'mutation { signOut }', {}, user.token)).toEqual({ signOut: true });
    await waitFor(() => here.closed.code !== undefined && there.closed.code !== undefined, 5_000, 'both sockets to close');
    for (const s of [here, there]) expect(s.closed).toEqual({ code: 4403, reason: 'UNAUTHENTICATED: Signed out' });
    for (const url of [server.url, second.url]) {
      const http = await gql(url, ME, {}, user.token);
      expect([http.status, http.errors?.[0]?.extensions?.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect((await socket(url, user.token)).closed.code).toBe(4403);
    }
    const rest = await fetch(`${second.url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(rest.status).toBe(401);

    // The account's other session, its socket and a new sign-in are untouched.
    expect((await otherSocket.run(ME)).data?.me?.id).toBe(user.user.id);
    expect(otherSocket.closed.code).toBeUndefined();
    expect((await gqlOk<{ me: { id: string } }>(second.url, ME, {}, other)).me.id).toBe(user.user.id);
    const fresh = (await gqlOk<{ signIn: { token: string } }>(second.url, SIGN_IN, { e: email, p: 'Correct-Horse-9' })).signIn.token;
    expect((await gqlOk<{ me: { id: string } }>(server.url, ME, {}, fresh)).me.id).toBe(user.user.id);
    // Anonymous: nothing to sign out.
    const anon = await gql(server.url, 'mutation { signOut }');
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await Promise.all([here, there, otherSocket].map((s) => s.client.dispose()));
  });

  it('refuses every spelling of a signed-out token on GraphQL, REST and WebSocket, and closes the sockets opened with one', async () => {
    const user = await signUp(server.url, 'Respeller', 'wsacct');
    const variants = respellings(user.token);
    expect(variants.length).toBeGreaterThanOrEqual(4);
    // Each spelling is the same session to the JWT library: it answers before the sign-out.
    for (const v of variants) expect((await gqlOk(server.url, ME, {}, v)).me.id).toBe(user.user.id);
    const opened = await Promise.all([socket(server.url, variants[0]!), socket(second.url, variants[1]!)]);
    await gqlOk(second.url, ME, {}, variants[2]); // cached on the other process

    // Before: the list held a hash of the exact text, so every other spelling still answered.
    expect(await gqlOk(server.url, 'mutation { signOut }', {}, user.token)).toEqual({ signOut: true });
    await waitFor(() => opened.every((s) => s.closed.code !== undefined), 5_000, 'the respelled sockets to close');
    for (const s of opened) expect(s.closed).toEqual({ code: 4403, reason: 'UNAUTHENTICATED: Signed out' });
    for (const v of [user.token, ...variants]) {
      for (const url of [server.url, second.url]) {
        const http = await gql(url, ME, {}, v);
        expect([http.status, http.errors?.[0]?.extensions?.code], v).toEqual([401, 'UNAUTHENTICATED']);
        const rest = await fetch(`${url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${v}` } });
        expect(rest.status, v).toBe(401);
        const ws = await socket(url, v);
        expect(ws.closed.code, v).toBe(4403);
        await ws.client.dispose();
      }
    }
    await Promise.all(opened.map((s) => s.client.dispose()));
  });

  it('still refuses a session signed out before sign-outs were named by jti, in any spelling', async () => {
    const user = await signUp(server.url, 'Legacy', 'wsacct');
    // What signOut wrote until now: a hash of the token's text.
    const legacy = createHash('sha256').update(user.token).digest('base64url').slice(0, 22);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await server.app.services.db.$executeRaw`UPDATE "User" SET "revokedTokens" = ARRAY[${`${legacy}:${exp}`}::text] WHERE id = ${user.user.id}::uuid`;
    server.app.services.identity.forget(user.user.id);
    for (const v of [user.token, ...respellings(user.token)]) {
      const http = await gql(server.url, ME, {}, v);
      expect([http.status, http.errors?.[0]?.message], v).toEqual([401, 'You signed out of this session: please sign in again']);
    }
  });
});
