// Signed-in requests reuse the user row for USER_CACHE_TTL_MS; a plan change reaches every
// API process at once (pub/sub), not after the TTL. Two API processes, a TTL far longer than
// the test: only the invalidation can explain the second process seeing the new plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserCache } from '../../server/auth/user-cache.js';
import type { User } from '../../server/shared/db/generated/client.js';
import { createDb } from '../../server/shared/db/prisma.js';
import { gqlOk, signUp, spawnApiProcess, startTestServer, waitFor } from '../helpers/server.js';

const LONG_TTL = { USER_CACHE_TTL_MS: '600000' };
const ME = 'query { me { id plan } }';
const START_TRIAL = 'mutation { startTrial { plan } }';
const CANCEL = 'mutation { cancelSubscription { plan cancelAtPeriodEnd } }';

let first: Awaited<ReturnType<typeof startTestServer>>;
let second: Awaited<ReturnType<typeof spawnApiProcess>>;

beforeAll(async () => {
  first = await startTestServer(LONG_TTL);
  second = await spawnApiProcess({ ...LONG_TTL, REDIS_PREFIX: first.config.REDIS_PREFIX });
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.stop()]);
});

describe('the signed-in user cache', () => {
  it('serves a cached user, and a plan change made on one process is seen by the other at once', async () => {
    const { token, user } = await signUp(first.url, 'Cached', 'cache');
    const planOn = async (url: string) => (await gqlOk<{ me: { plan: string } }>(url, ME, {}, token)).me.plan;
    expect(await planOn(second.url)).toBe('FREE'); // now cached on the second process

    // Written behind the API's back: a cached process does not see it (proves the cache is used)…
    const db = createDb(first.config.DATABASE_URL);
    try {
      await db.user.update({ where: { id: user.id }, data: { lastName: 'Changed' } });
      await db.user.update({ where: { id: user.id }, data: { plan: 'PREMIUM' } });
      expect(await planOn(second.url)).toBe('FREE');
      await db.user.update({ where: { id: user.id }, data: { plan: 'FREE' } });
    } finally {
      await db.$disconnect();
    }

    // …but a change through the API reaches both processes without waiting for the TTL.
    await gqlOk(first.url, START_TRIAL, {}, token);
    expect(await planOn(first.url)).toBe('PREMIUM');
    await waitFor(async () => (await planOn(second.url)) === 'PREMIUM', 2000, 'the plan change on the other process');
    // A cancellation keeps Premium to the period's end, on both processes.
    expect((await gqlOk(second.url, CANCEL, {}, token)).cancelSubscription).toEqual({ plan: 'PREMIUM', cancelAtPeriodEnd: true });
    expect(await planOn(first.url)).toBe('PREMIUM');
  });
});

describe('UserCache', () => {
  const user = (id: string) => ({ id }) as User;

  it('expires entries, forgets a user under every key, and keeps at most its cap', async () => {
    const cache = new UserCache(50, 2);
    let loads = 0;
    const load = (id: string) => async () => (loads++, user(id));
    await cache.get('a', load('u1'));
    await cache.get('a', load('u1'));
    expect(loads).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    await cache.get('a', load('u1'));
    expect(loads).toBe(2);

    await cache.get('clerk:x', load('u1'));
    cache.forget('u1');
    expect(cache.size).toBe(0);

    await cache.get('a', load('u1'));
    await cache.get('b', load('u2'));
    await cache.get('c', load('u3'));
    expect(cache.size).toBe(2);
    loads = 0;
    await cache.get('a', load('u1')); // the oldest went
    expect(loads).toBe(1);
  });

  it('remembers nothing with a TTL of 0, and never a missing user', async () => {
    let loads = 0;
    const off = new UserCache(0);
    await off.get('a', async () => (loads++, user('u1')));
    await off.get('a', async () => (loads++, user('u1')));
    const on = new UserCache(60_000);
    await on.get('gone', async () => (loads++, null));
    await on.get('gone', async () => (loads++, null));
    expect(loads).toBe(4);
  });
});
