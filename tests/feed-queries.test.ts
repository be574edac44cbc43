// The community feed costs a fixed number of SQL queries whatever its page size:
// authors, likers and likedByMe are batched (DataLoader), not fetched per creation.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk, signUp, startTestServer } from './helpers/server.js';
import { seedCreations } from './helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let sql: string[] = [];
const original = pg.Client.prototype.query;

beforeAll(async () => {
  server = await startTestServer();
  const viewer = await signUp(server.url, 'Counter', 'counter');
  token = viewer.token;
  const authors = await Promise.all([1, 2, 3].map((i) => signUp(server.url, `Author${i}`, 'author')));
  const db = server.app.services.db;
  for (const [i, a] of authors.entries()) {
    const made = await seedCreations(db, a.user.id, 20, { published: true, start: new Date(Date.now() + 3_600_000 + i * 100_000) });
    for (const c of made.slice(0, 10)) await db.like.create({ data: { creationId: c.id, userId: viewer.user.id } });
  }
  // Every statement the server sends through node-postgres passes here.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
    if (text) sql.push(text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
});
afterAll(async () => {
  pg.Client.prototype.query = original;
  await server.close();
});

const FEED = `query($first: Int!) { communityFeed(first: $first) { edges { node { id likeCount likedByMe likes user { firstName } provider } } } }`;

async function queriesFor(first: number) {
  sql = [];
  const data = await gqlOk(server.url, FEED, { first }, token);
  expect(data.communityFeed.edges).toHaveLength(first);
  return sql.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(q.trim())).length;
}

describe('communityFeed', () => {
  it('runs the same few queries for 5 and for 50 creations', async () => {
    const small = await queriesFor(5);
    const large = await queriesFor(50);
    // auth (user) + page + likers + likedByMe + authors: the instrument saw them all…
    expect(small).toBe(5);
    // …and a page ten times larger costs not one more.
    expect(large).toBe(small);
  });
});
