// Subscriptions per socket and per client address (docs/security-testing.md, "One anonymous
// socket opening thousands of `likeChanged` subscriptions…"): one anonymous socket
// held 15,000 likeChanged subscriptions. Past WS_MAX_SUBSCRIPTIONS_PER_CONNECTION or
// WS_MAX_SUBSCRIPTIONS_PER_ADDRESS a subscribe gets an `error` (RATE_LIMITED, with the limit)
// and the socket stays usable; ended subscriptions and closed sockets free their slots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { collect, gql, gqlOk, NodeWebSocket, signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: '5', WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: '8', LIKE_RATE_PER_MINUTE: '10000' });
});
afterAll(() => server?.close());

const LIKES = 'subscription($id: ID) { likeChanged(creationId: $id) { creationId likeCount } }';
const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { id } }';
type Change = { likeChanged: { creationId: string; likeCount: number } };
type Sub = ReturnType<typeof collect<Change>>;
type Err = { message: string; extensions?: { code?: string; limit?: number; per?: string } };

const activeSubscriptions = async () => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^atelier_active_subscriptions(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1]);
};
const errorsOf = (s: Sub) => (s.errors.flat() as Err[]).filter(Boolean);
const refused = (subs: Sub[]) => subs.filter((s) => errorsOf(s).length > 0);

describe('subscriptions per socket and per address', () => {
  it('refuses a subscribe past the per-socket cap with RATE_LIMITED, keeps the socket usable, and frees slots as subscriptions end', async () => {
    const owner = await signUp(server.url, 'Owner', 'subcap');
    const liker = await signUp(server.url, 'Liker', 'subcap');
    const creations = (await seedCreations(server.app.services.db, owner.user.id, 12, { published: true })).map((c) => c.id);
    const clients: Client[] = [];
    const open = (token?: string) => {
      const c = wsClient(server.url, token);
      clients.push(c);
      return c;
    };
    /** Likes each creation until every listed subscription has seen an event for it (so they are live). */
    const proveLive = async (pairs: [Sub, string][]) => {
      for (const [s, id] of pairs) {
        const seen = () => s.items.some((i) => i.likeChanged.creationId === id);
        await waitFor(
          async () => seen() || (await gqlOk(server.url, TOGGLE, { id }, liker.token), await new Promise((r) => setTimeout(r, 150)), seen()),
          10_000,
          `events on ${id}`,
        );
      }
    };

    try {
      // One anonymous socket asks for six: five are held, one is refused.
      const a = open();
      const six = creations.slice(0, 6).map((id) => collect<Change>(a, LIKES, { id }));
      await waitFor(() => refused(six).length > 0, 10_000, 'a refusal');
      await new Promise((r) => setTimeout(r, 300));
      expect(refused(six)).toHaveLength(1);
      const [error] = errorsOf(refused(six)[0]!);
      expect(error?.extensions).toMatchObject({ code: 'RATE_LIMITED', limit: 5, per: 'connection' });
      expect(error?.message).toMatch(/Too many subscriptions on this connection \(limit 5\)/);
      const held = six.filter((s) => errorsOf(s).length === 0);
      await proveLive(held.map((s) => [s, creations[six.indexOf(s)]!]));

      // The socket still answers, and one ended subscription frees exactly one slot.
      held[0]!.dispose();
      const replacement = collect<Change>(a, LIKES, { id: creations[6] });
      await proveLive([[replacement, creations[6]!]]);
      expect(errorsOf(replacement)).toEqual([]);
      const over = collect<Change>(a, LIKES, { id: creations[7] });
      await waitFor(() => errorsOf(over).length > 0, 10_000, 'a second refusal');
      expect(errorsOf(over)[0]?.extensions?.code).toBe('RATE_LIMITED');

      // Other sockets from the same address share the address's 8: 5 (a) + 3 here, signed in or not.
      const b = open(liker.token);
      const bSubs = creations.slice(8, 12).map((id) => collect<Change>(b, LIKES, { id }));
      await waitFor(() => refused(bSubs).length > 0, 10_000, 'the address cap');
      await new Promise((r) => setTimeout(r, 300));
      expect(refused(bSubs)).toHaveLength(1);
      expect(errorsOf(refused(bSubs)[0]!)[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', limit: 8, per: 'address' });

      // Closing socket a gives its five slots back to the address (once the server has seen it close:
      // its subscriptions end just before its slots are freed).
      await a.dispose();
      await waitFor(async () => (await activeSubscriptions()) === 3, 10_000, "a's subscriptions to end");
      await new Promise((r) => setTimeout(r, 100));
      const again = creations.slice(0, 4).map((id) => collect<Change>(b, LIKES, { id }));
      await new Promise((r) => setTimeout(r, 300));
      // b holds 3 and its own cap is 5: two more fit, the rest is the per-socket refusal.
      await waitFor(() => refused(again).length === 2, 10_000, 'b at its own cap');
      for (const s of refused(again)) expect(errorsOf(s)[0]?.extensions?.per).toBe('connection');
      await proveLive(again.filter((s) => errorsOf(s).length === 0).map((s) => [s, creations[again.indexOf(s)]!]));

      // A query on the full socket still runs: only subscriptions hold slots.
      const me = await new Promise<unknown>((resolve, reject) => b.subscribe({ query: '{ me { id } }' }, { next: (v) => resolve(v.data), error: reject, complete: () => {} }));
      expect(me).toEqual({ me: { id: liker.user.id } });
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });

  it('counts clients behind a trusted proxy (TRUST_PROXY) by their forwarded address, not the proxy', async () => {
    const owner = await signUp(server.url, 'Owner', 'subcap');
    const creations = (await seedCreations(server.app.services.db, owner.user.id, 5, { published: true })).map((c) => c.id);
    const behindProxy = (address: string) =>
      class extends NodeWebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: { 'x-forwarded-for': address } });
        }
      };
    // Two clients of the same proxy (loopback, trusted by default): 5 + 5 would pass the address cap of 8 if they were one.
    const clients = ['203.0.113.7', '203.0.113.8'].map((ip) => wsClient(server.url, undefined, { webSocketImpl: behindProxy(ip) }));
    try {
      const subs = clients.flatMap((c) => creations.map((id) => collect<Change>(c, LIKES, { id })));
      await waitFor(async () => (await activeSubscriptions()) >= 10, 10_000, 'ten subscriptions');
      expect(refused(subs)).toEqual([]);
      // A third socket from one of those addresses has 8 - 5 = 3 left.
      const third = wsClient(server.url, undefined, { webSocketImpl: behindProxy('203.0.113.7') });
      clients.push(third);
      const more = creations.slice(0, 4).map((id) => collect<Change>(third, LIKES, { id }));
      await waitFor(() => refused(more).length > 0, 10_000, 'the address cap');
      await new Promise((r) => setTimeout(r, 300));
      expect(refused(more)).toHaveLength(1);
      expect(errorsOf(refused(more)[0]!)[0]?.extensions?.per).toBe('address');
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });

  it('answers a likeChanged id that is not a UUID with BAD_USER_INPUT', async () => {
    const client = wsClient(server.url);
    try {
      const bad = collect<Change>(client, LIKES, { id: 'not-a-uuid' });
      await waitFor(() => bad.errors.length > 0, 10_000, 'an answer');
      expect(JSON.stringify(bad.errors)).toContain('BAD_USER_INPUT');
      // And over HTTP the mutation's answer for such an id is unchanged (NOT_FOUND, never a 500).
      const liker = await signUp(server.url, 'Liker', 'subcap');
      const r = await gql(server.url, TOGGLE, { id: 'not-a-uuid' }, liker.token);
      expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      await client.dispose();
    }
  });
});
