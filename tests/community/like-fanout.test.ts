// likeChanged with many signed-in subscribers in one process: each gets its own likedByMe,
// read with one query per event (not one per subscriber), and its own operation's shape
// although subscribers with the same answer share one execution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gqlOk, signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { likeCount likedByMe } }';
const ONE = 'subscription($id: ID) { likeChanged(creationId: $id) { creationId likeCount likedByMe } }';
const FEED = 'subscription { likeChanged { creationId likeCount likedByMe } }';
type Change = { likeChanged: { creationId: string; likeCount: number; likedByMe: boolean } };

describe('likeChanged fan-out', () => {
  it('gives every subscriber its own likedByMe from one lookup per event', async () => {
    const owner = await signUp(server.url, 'Owner', 'fan-owner');
    const [creation, other] = await seedCreations(server.app.services.db, owner.user.id, 2, { published: true });
    const id = creation!.id;
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(server.url, `Fan${i}`, 'fan')));
    // Users 0, 3, 6, 9 like it before anyone subscribes; user 1 acts during the test.
    for (const i of [0, 3, 6, 9]) await gqlOk(server.url, TOGGLE, { id }, users[i]!.token);
    // Someone else's like of another creation must not leak into these answers.
    await gqlOk(server.url, TOGGLE, { id: other!.id }, users[2]!.token);

    // Two sockets per user on the creation's channel, one on the whole feed, plus an anonymous one.
    const clients = users.flatMap((u) => [wsClient(server.url, u.token), wsClient(server.url, u.token)]);
    const feedClient = wsClient(server.url, users[3]!.token);
    const anonymous = wsClient(server.url);
    const subs = clients.map((c) => collect<Change>(c, ONE, { id }));
    const feedSub = collect<Change>(feedClient, FEED);
    const anonSub = collect<Change>(anonymous, ONE, { id });
    // Another shape of the same subscription, on a socket of user 0: it must get its own shape.
    const aliased = collect<{ change: { likeCount: number } }>(clients[0]!, 'subscription($id: ID) { change: likeChanged(creationId: $id) { likeCount } }', { id });
    const all = [...subs, feedSub, anonSub, aliased];
    await waitFor(
      async () => {
        await gqlOk(server.url, TOGGLE, { id }, owner.token);
        await gqlOk(server.url, TOGGLE, { id }, owner.token);
        await new Promise((r) => setTimeout(r, 100));
        return all.every((s) => s.items.length >= 2);
      },
      10_000,
      'all subscriptions live',
    );
    await new Promise((r) => setTimeout(r, 200));
    for (const s of all) s.items.length = 0;

    // The subscriptions gauge counts every subscription, though a channel has one listener.
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^atelier_active_subscriptions\\{[^}]*\\} ${all.length}$`, 'm'));

    const batch = server.app.likes.delivery;
    const before = batch.queries;
    // User 1 likes, user 3 takes a like back, user 1 takes it back: three events.
    const actions = [1, 3, 1];
    const expectedLiked = [new Set([0, 1, 3, 6, 9]), new Set([0, 1, 6, 9]), new Set([0, 6, 9])];
    // Each answer is read when its event is delivered (like.delivery.ts): the next action waits
    // until every subscriber has the last one, or a slow delivery would read the next action's state.
    for (const [n, i] of actions.entries()) {
      await gqlOk(server.url, TOGGLE, { id }, users[i]!.token);
      await waitFor(() => all.every((s) => s.items.length >= n + 1), 10_000, `event ${n + 1} everywhere`);
    }

    subs.forEach((s, c) => {
      const user = Math.floor(c / 2);
      expect(s.errors).toEqual([]);
      expect(
        s.items.map((e) => e.likeChanged.likedByMe),
        `user ${user}`,
      ).toEqual(expectedLiked.map((set) => set.has(user)));
      expect(s.items.map((e) => e.likeChanged.likeCount)).toEqual(expectedLiked.map((set) => set.size));
    });
    expect(feedSub.items.map((e) => e.likeChanged.likedByMe)).toEqual([true, false, false]);
    expect(anonSub.items.map((e) => e.likeChanged.likedByMe)).toEqual([false, false, false]);
    expect(aliased.items).toEqual(expectedLiked.map((set) => ({ change: { likeCount: set.size } })));
    // 25 signed-in subscribers on the creation's channel: one query per event (3); the feed
    // channel's only subscriber needs one too, except when it is the actor (event 2): 5 in all.
    expect(batch.queries - before).toBe(5);

    for (const s of all) s.dispose();
    await Promise.all([...clients, feedClient, anonymous].map((c) => c.dispose()));
  });
});
