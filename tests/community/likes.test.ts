// 200 concurrent toggles by 20 users, spread over two API processes, leave exactly the
// users whose last toggle was a like, and every likeChanged subscriber on either
// process ends on the final count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gqlOk, signUp, spawnApiProcess, startTestServer, waitFor, wsClient } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let second: Awaited<ReturnType<typeof spawnApiProcess>>;

beforeAll(async () => {
  [server, second] = await Promise.all([startTestServer(), spawnApiProcess()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), second?.stop()]);
});

const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { id likeCount likedByMe } }';
type Change = { likeChanged: { creationId: string; likeCount: number; likedByMe: boolean } };

describe('toggleLike under concurrency', () => {
  it('counts every like once and delivers the final count to every subscriber', async () => {
    const owner = await signUp(server.url, 'Owner', 'owner');
    const [creation] = await seedCreations(server.app.services.db, owner.user.id, 1, { published: true });
    const id = creation!.id;
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(server.url, `Liker${i}`, 'liker')));

    // Subscribers on both processes: per creation and whole feed, signed in and anonymous.
    const clients = [wsClient(server.url, owner.token), wsClient(second.url, users[0]!.token), wsClient(second.url), wsClient(server.url)];
    const subs = [
      collect<Change>(clients[0]!, 'subscription($id: ID) { likeChanged(creationId: $id) { creationId likeCount likedByMe } }', { id }),
      collect<Change>(clients[1]!, 'subscription($id: ID) { likeChanged(creationId: $id) { creationId likeCount likedByMe } }', { id }),
      collect<Change>(clients[2]!, 'subscription { likeChanged { creationId likeCount likedByMe } }'),
      collect<Change>(clients[3]!, 'subscription { likeChanged { creationId likeCount likedByMe } }'),
    ];
    // A probe like + unlike: once all four have both events, every subscription is live.
    await waitFor(
      async () => {
        await gqlOk(server.url, TOGGLE, { id }, owner.token);
        await gqlOk(server.url, TOGGLE, { id }, owner.token);
        await new Promise((r) => setTimeout(r, 100));
        return subs.every((s) => s.items.length >= 2);
      },
      10_000,
      'all subscriptions live',
    );
    for (const s of subs) s.items.length = 0;

    // 200 toggles: user i toggles counts[i] times, one after another; users run concurrently,
    // alternating between the two API processes.
    const counts = users.map((_, i) => 5 + ((i * 7) % 11));
    const total = counts.reduce((a, b) => a + b, 0);
    counts[counts.length - 1]! += 200 - total;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
    await Promise.all(
      users.map(async (u, i) => {
        for (let k = 0; k < counts[i]!; k++) {
          const url = (i + k) % 2 === 0 ? server.url : second.url;
          await gqlOk(url, TOGGLE, { id }, u.token);
        }
      }),
    );

    const expected = users
      .filter((_, i) => counts[i]! % 2 === 1)
      .map((u) => u.user.id)
      .sort();
    const rows = await server.app.services.db.like.findMany({ where: { creationId: id }, select: { userId: true } });
    expect(rows.map((r) => r.userId).sort()).toEqual(expected);
    const stored = await server.app.services.db.creation.findUniqueOrThrow({ where: { id } });
    expect(stored.likeCount).toBe(expected.length);

    for (const [i, sub] of subs.entries()) {
      // (A probe event still in flight when the list was cleared can only come first: channels keep order.)
      await waitFor(() => sub.items.length >= 200, 10_000, `subscriber ${i} to get 200 events (has ${sub.items.length})`);
      expect(sub.items.length).toBeLessThanOrEqual(202);
      const last = sub.items.at(-1)!.likeChanged;
      expect(last.creationId).toBe(id);
      expect(last.likeCount, `subscriber ${i}`).toBe(expected.length);
    }
    // likedByMe is per subscriber: the owner never liked; users[0] did if its count was odd.
    expect(subs[0]!.items.every((e) => e.likeChanged.likedByMe === false)).toBe(true);
    expect(subs[1]!.items.at(-1)!.likeChanged.likedByMe).toBe(counts[0]! % 2 === 1);
    expect(subs[2]!.items.every((e) => e.likeChanged.likedByMe === false)).toBe(true);

    const feed = await gqlOk(second.url, 'query($id: ID!) { creation(id: $id) { likeCount likes } }', { id }, owner.token);
    expect(feed.creation.likeCount).toBe(expected.length);
    expect([...feed.creation.likes].sort()).toEqual(expected);

    for (const s of subs) s.dispose();
    await Promise.all(clients.map((c) => c.dispose()));
  });
});
