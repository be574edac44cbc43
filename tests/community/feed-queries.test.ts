// The community feed costs a fixed number of SQL queries whatever its page size or depth:
// one statement brings the page with its authors, likers and likedByMe (plus, signed in,
// the sign-in lookup), never a query per creation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { gql, gqlOk, signUp, startTestServer } from '../helpers/server.js';
import { spyOnSql, type SqlSpy } from '../helpers/sql-spy.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let viewerId: string;
let sql: SqlSpy;
// The creations this file seeds live in 2001, below everything other test files add (which
// run beside it against the same database); its pages start just above them.
const TOP = Buffer.from(JSON.stringify([new Date(Date.UTC(2001, 5, 1)).toISOString(), randomUUID()])).toString('base64url');

beforeAll(async () => {
  // Identity read every time (no user cache), so the sign-in lookup shows in every count.
  server = await startTestServer({ USER_CACHE_TTL_MS: '0' });
  const viewer = await signUp(server.url, 'Counter', 'counter');
  token = viewer.token;
  viewerId = viewer.user.id;
  const other = await signUp(server.url, 'Other', 'other');
  const authors = await Promise.all([1, 2, 3].map((i) => signUp(server.url, `Author${i}`, 'author')));
  const db = server.app.services.db;
  for (const [i, a] of authors.entries()) {
    const made = await seedCreations(db, a.user.id, 20, { published: true, start: new Date(Date.UTC(2001, 0, 1) + i * 100_000_000) });
    for (const c of made.slice(0, 10)) await db.like.create({ data: { creationId: c.id, userId: viewer.user.id } });
    for (const c of made.slice(5, 15)) await db.like.create({ data: { creationId: c.id, userId: other.user.id } });
  }
  // Every statement the server sends through node-postgres.
  sql = spyOnSql();
});
afterAll(async () => {
  sql.restore();
  await server.close();
});

const FEED = `query($first: Int!, $after: String) {
  communityFeed(first: $first, after: $after) { edges { node { id likeCount likedByMe likes user { firstName } provider } } pageInfo { endCursor } }
}`;

async function queriesFor(first: number, viewer: string | null = token, after: string = TOP) {
  sql.clear();
  const data = await gqlOk(server.url, FEED, { first, after }, viewer ?? undefined);
  expect(data.communityFeed.edges).toHaveLength(first);
  return { count: sql.sent.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(q.trim())).length, data };
}

describe('communityFeed', () => {
  it('runs the same few queries for 5 and for 50 creations, on the first page and deeper ones', async () => {
    const small = await queriesFor(5);
    const large = await queriesFor(50);
    // sign-in lookup (user) + the page with its authors, likers and likedByMe: the instrument saw them all…
    expect(small.count).toBe(2);
    // …a page ten times larger costs not one more…
    expect(large.count).toBe(small.count);
    // …nor does a page further down, or the very first page (no cursor)…
    const deeper = await queriesFor(5, token, small.data.communityFeed.pageInfo.endCursor);
    expect(deeper.count).toBe(small.count);
    expect((await queriesFor(50, token, '')).count).toBe(small.count);
    // …and an anonymous reader costs the page alone (a page not read before: a page read
    // again is answered from the kept copy, with no query at all — tests/community/feed-cache.test.ts).
    expect((await queriesFor(49, null)).count).toBe(1);
  });

  it('answers what one query per field would: likers, likedByMe and authors', async () => {
    const { data } = await queriesFor(50);
    const db = server.app.services.db;
    const edges = data.communityFeed.edges as { node: { id: string; likeCount: number; likedByMe: boolean; likes: string[]; user: { firstName: string } } }[];
    for (const { node } of edges) {
      const row = await db.creation.findUniqueOrThrow({
        where: { id: node.id },
        include: { likes: { orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }] }, user: true },
      });
      expect(node.likes).toEqual(row.likes.map((l) => l.userId));
      expect(node.likeCount).toBe(row.likeCount);
      expect(node.likedByMe).toBe(row.likes.some((l) => l.userId === viewerId));
      expect(node.user.firstName).toBe(row.user.firstName);
    }
    // The seed has liked and unliked creations, with none, one and two likers, on this page: every case was checked.
    expect(new Set(edges.map((e) => e.node.likedByMe))).toEqual(new Set([true, false]));
    expect(new Set(edges.map((e) => e.node.likes.length))).toEqual(new Set([0, 1, 2]));
  });

  it('refuses a cursor no page wrote, even one that decodes to a date and an id', async () => {
    // Year 275760 is a JavaScript date but no Postgres timestamp: a 400, not a 500.
    for (const at of [new Date(8.64e15).toISOString(), '0000-01-01T00:00:00.000Z']) {
      const after = Buffer.from(JSON.stringify([at, randomUUID()])).toString('base64url');
      const r = await gql(server.url, FEED, { first: 5, after }, token);
      expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});
