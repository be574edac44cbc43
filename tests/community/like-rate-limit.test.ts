// Like toggles are limited per user (LIKE_RATE_PER_MINUTE), across API processes (the
// window lives in Redis); a refused toggle changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlOk, signUp, spawnApiProcess, startTestServer } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

const LIMIT = { LIKE_RATE_PER_MINUTE: '5' };
const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { likeCount likedByMe } }';

let server: Awaited<ReturnType<typeof startTestServer>>;
let second: Awaited<ReturnType<typeof spawnApiProcess>>;

beforeAll(async () => {
  server = await startTestServer(LIMIT);
  second = await spawnApiProcess({ ...LIMIT, REDIS_PREFIX: server.config.REDIS_PREFIX });
});
afterAll(async () => {
  await Promise.all([server?.close(), second?.stop()]);
});

describe('like rate limit', () => {
  it('refuses the toggle past the limit with RATE_LIMITED, whichever process it reaches, and changes nothing', async () => {
    const owner = await signUp(server.url, 'Owner', 'likerate');
    const liker = await signUp(server.url, 'Liker', 'likerate');
    const other = await signUp(server.url, 'Other', 'likerate');
    const [creation] = await seedCreations(server.app.services.db, owner.user.id, 1, { published: true });
    const id = creation!.id;

    // Five toggles, alternating processes: like, unlike, like, unlike, like.
    for (let i = 0; i < 5; i++) {
      const r = await gqlOk<{ toggleLike: { likedByMe: boolean } }>(i % 2 ? second.url : server.url, TOGGLE, { id }, liker.token);
      expect(r.toggleLike.likedByMe).toBe(i % 2 === 0);
    }
    for (const url of [server.url, second.url]) {
      const refused = await gql(url, TOGGLE, { id }, liker.token);
      expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(refused.errors?.[0]?.message).toMatch(/Too many likes\. Please wait \d+ s/);
      expect(refused.errors?.[0]?.extensions?.retryAfterSeconds).toBeGreaterThan(0);
    }
    // The refused toggles left the like in place…
    const row = await server.app.services.db.creation.findUniqueOrThrow({ where: { id } });
    expect(row.likeCount).toBe(1);
    expect(await server.app.services.db.like.count({ where: { creationId: id, userId: liker.user.id } })).toBe(1);
    // …and another user is not limited by this one.
    const theirs = await gqlOk<{ toggleLike: { likeCount: number } }>(server.url, TOGGLE, { id }, other.token);
    expect(theirs.toggleLike.likeCount).toBe(2);
  });
});
