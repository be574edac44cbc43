// Kept community feed pages (server/graphql/feed-pages/): answered through Apollo's pipeline
// with the bytes and headers Apollo answers when it executes, per viewer; read again without any SQL; fresh
// on every API process as soon as a like, unlike, publish, unpublish or delete has answered
// on another; and nothing else — other documents, limits, errors — changes.
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlOk, signUp, startTestServer, waitFor } from '../helpers/server.js';
import { spyOnSql, type SqlSpy } from '../helpers/sql-spy.js';
import { seedCreations } from '../helpers/seed.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Account = Awaited<ReturnType<typeof signUp>>;

// Two API processes' worth of servers (one database, one Redis prefix), as in production.
let a: Server;
let b: Server;
let owner: Account;
let viewer: Account;
let other: Account;
let ids: string[];
let privateId: string;
let sql: SqlSpy;

// This file's creations live in 2002, where no other file's pages reach; pages start just above them.
const TOP = Buffer.from(JSON.stringify([new Date(Date.UTC(2003, 0, 1)).toISOString(), randomUUID()])).toString('base64url');

/** What the community page sends: its fragment, with the __typename Apollo Client adds. */
const CLIENT_QUERY = `query CommunityFeed($first: Int!, $after: String) {
  communityFeed(first: $first, after: $after) {
    edges { cursor node { ...CommunityCreation __typename } __typename }
    pageInfo { hasNextPage endCursor __typename }
    __typename
  }
}
fragment CommunityCreation on Creation {
  id type prompt content published likeCount likedByMe likes createdAt provider user { firstName __typename } __typename
}`;
/** Aliases, likedByMe twice per creation, a fixed page size. */
const ALIASED_QUERY = `query($after: String) { feed: communityFeed(first: 7, after: $after) { edges { node { mine: likedByMe id likes likedByMe } } } }`;
const FRESHNESS_QUERY = `query($after: String) { communityFeed(first: 10, after: $after) { edges { node { id likeCount likedByMe likes } } } }`;

/** No Accept header, and those browsers and Apollo Client send. */
const ACCEPTS = [undefined, '*/*', 'application/json', 'application/graphql-response+json,application/json;q=0.9', 'application/graphql-response+json'];

interface Answer {
  status: number;
  type: string | undefined;
  etag: string | undefined;
  text: string;
}

/** A POST with exactly these headers (fetch would add an Accept of its own). */
function post(server: Server, body: object, opts: { token?: string; accept?: string } = {}): Promise<Answer> {
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
  if (opts.accept !== undefined) headers.accept = opts.accept;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/graphql`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], etag: res.headers.etag, text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The statements a request sent to Postgres. */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  sql.clear();
  const result = await run();
  return { result, queries: sql.sent.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(q.trim())).length };
}

async function feedOn(server: Server, token?: string) {
  const r = await post(server, { query: FRESHNESS_QUERY, variables: { after: TOP } }, { token });
  expect(r.status).toBe(200);
  const body = JSON.parse(r.text) as { data: { communityFeed: { edges: { node: { id: string; likeCount: number; likedByMe: boolean; likes: string[] } }[] } } };
  return body.data.communityFeed.edges.map((e) => e.node);
}

const toggleLike = (server: Server, id: string, token: string) =>
  gqlOk<{ toggleLike: { likeCount: number } }>(server.url, 'mutation($id: ID!) { toggleLike(creationId: $id) { likeCount } }', { id }, token);

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer();
  owner = await signUp(a.url, 'Owner', 'feed-owner');
  viewer = await signUp(a.url, 'Viewer', 'feed-viewer');
  other = await signUp(a.url, 'Other', 'feed-other');
  const db = a.app.services.db;
  const made = await seedCreations(db, owner.user.id, 12, { published: true, start: new Date(Date.UTC(2002, 5, 1)) });
  ids = made.map((c) => c.id).reverse();
  const [hidden] = await seedCreations(db, owner.user.id, 1, { published: false, start: new Date(Date.UTC(2002, 6, 1)) });
  privateId = hidden!.id;
  // Likes through the API, so likedByMe is true on some creations for one viewer and not the other.
  for (const id of ids.slice(0, 4)) await toggleLike(a, id, viewer.token);
  for (const id of ids.slice(2, 6)) await toggleLike(a, id, other.token);
  sql = spyOnSql();
});
afterAll(async () => {
  sql.restore();
  await Promise.all([a.close(), b.close()]);
});

describe('kept feed pages', () => {
  it('answer with the status, content type, ETag and bytes Apollo answers, for every viewer, and without SQL', async () => {
    const documents = [
      { query: CLIENT_QUERY, variables: { first: 10, after: TOP }, operationName: 'CommunityFeed' },
      { query: ALIASED_QUERY, variables: { after: TOP } },
    ];
    for (const doc of documents) {
      for (const token of [undefined, viewer.token, other.token]) {
        for (const accept of ACCEPTS) {
          const what = `${doc.query.slice(0, 30)} ${token ? 'signed in' : 'anonymous'} accept=${accept}`;
          // A body with extensions goes to Apollo.
          const apollo = await post(a, { ...doc, extensions: {} }, { token, accept });
          await post(a, doc, { token, accept });
          const kept = await counted(() => post(a, doc, { token, accept }));
          expect(kept.queries, what).toBe(0);
          expect(kept.result, what).toEqual(apollo);
          expect(apollo.status, what).toBe(200);
        }
      }
    }
    // The page says what the viewers like: their own likes, nobody else's.
    const mine = JSON.parse((await post(a, documents[1]!, { token: viewer.token })).text).data.feed.edges.map((e: any) => e.node);
    expect(mine.map((n: any) => n.mine)).toEqual(ids.slice(0, 7).map((_, i) => i < 4));
    expect(mine.map((n: any) => n.likedByMe)).toEqual(ids.slice(0, 7).map((_, i) => i < 4));
    const theirs = JSON.parse((await post(a, documents[1]!, { token: other.token })).text).data.feed.edges.map((e: any) => e.node);
    expect(theirs.map((n: any) => n.likedByMe)).toEqual(ids.slice(0, 7).map((_, i) => i >= 2 && i < 6));
  });

  it('show a like, an unlike, an unpublish, a publish and a delete made on another API process on the next read', async () => {
    const id = ids[8]!;
    const keep = async () => {
      await feedOn(a);
      await feedOn(a, viewer.token);
      // Kept: the next read costs no SQL at all (the sign-in is remembered too).
      expect((await counted(() => feedOn(a, viewer.token))).queries).toBe(0);
    };
    const node = async (token?: string) => (await feedOn(a, token)).find((n) => n.id === id);

    await keep();
    const liked = await toggleLike(b, id, viewer.token);
    expect(liked.toggleLike.likeCount).toBe(1);
    expect(await node()).toEqual({ id, likeCount: 1, likedByMe: false, likes: [viewer.user.id] });
    expect(await node(viewer.token)).toEqual({ id, likeCount: 1, likedByMe: true, likes: [viewer.user.id] });

    await keep();
    const unliked = await toggleLike(b, id, viewer.token);
    expect(unliked.toggleLike.likeCount).toBe(0);
    expect(await node(viewer.token)).toEqual({ id, likeCount: 0, likedByMe: false, likes: [] });

    await keep();
    const publish = 'mutation($id: ID!, $p: Boolean!) { setCreationPublished(id: $id, publish: $p) { published } }';
    await gqlOk(b.url, publish, { id, p: false }, owner.token);
    expect(await node()).toBeUndefined();
    expect(await node(owner.token)).toBeUndefined();

    await keep();
    await gqlOk(b.url, publish, { id, p: true }, owner.token);
    expect(await node()).toMatchObject({ id, likeCount: 0 });

    await keep();
    await gqlOk(b.url, 'mutation($id: ID!) { deleteCreation(id: $id) }', { id }, owner.token);
    expect(await node()).toBeUndefined();
    expect((await feedOn(a)).map((n) => n.id)).toEqual(ids.filter((x) => x !== id).slice(0, 10));
  });

  it('never hold a private creation, for anyone', async () => {
    for (const token of [undefined, owner.token, viewer.token]) {
      const nodes = await feedOn(a, token);
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes.map((n) => n.id)).not.toContain(privateId);
    }
  });

  it("drop an account's creations once the account is deleted on another API process", async () => {
    const leaving = await signUp(a.url, 'Leaving', 'feed-leaving');
    const [gone] = await seedCreations(a.app.services.db, leaving.user.id, 1, { start: new Date(Date.UTC(2002, 11, 1)) });
    await gqlOk(b.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }', { id: gone!.id }, leaving.token);
    expect((await feedOn(a)).map((n) => n.id)).toContain(gone!.id);
    await gqlOk(b.url, 'mutation($p: String!) { deleteAccount(password: $p) }', { p: 'Correct-Horse-9' }, leaving.token);
    await waitFor(async () => !(await feedOn(a)).some((n) => n.id === gone!.id), 2_000, 'the deleted account’s creation off the feed');
  });

  it('leave every other document, limit and error to Apollo', async () => {
    // Not only the feed: answered by Apollo every time (it reads the page again).
    const mixed = `query($after: String) { communityFeed(first: 3, after: $after) { edges { node { id } } } me { id } }`;
    for (let i = 0; i < 2; i++) {
      const r = await counted(() => gqlOk(a.url, mixed, { after: TOP }, viewer.token));
      expect(r.queries).toBeGreaterThan(0);
      expect(r.result).toMatchObject({ me: { id: viewer.user.id }, communityFeed: { edges: ids.slice(0, 3).map((id) => ({ node: { id } })) } });
    }
    // Armor's alias limit still applies to feed documents.
    const aliases = Array.from({ length: 16 }, (_, i) => `f${i}: communityFeed(first: 1) { pageInfo { hasNextPage } }`).join(' ');
    const tooMany = await gql(a.url, `{ ${aliases} }`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // …and its cost limit (a page size written in the document counts).
    const costly = await gql(a.url, FRESHNESS_QUERY.replace('first: 10', 'first: 1000'), {});
    expect(costly.status).toBe(400);
    expect(costly.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Cost limit/), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    // A page size out of range, a bad cursor, a refused token: Apollo's errors, as before.
    const sized = 'query($first: Int!) { communityFeed(first: $first) { pageInfo { hasNextPage } } }';
    for (const first of [0, 101]) expect((await gql(a.url, sized, { first })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const cursor = await gql(a.url, FRESHNESS_QUERY, { after: 'garbage' });
    expect(cursor.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badToken = await gql(a.url, FRESHNESS_QUERY, { after: TOP }, 'not-a-token');
    expect(badToken.status).toBe(401);
    expect(badToken.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
