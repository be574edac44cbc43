// Creations over real HTTP and WebSocket: REST shapes of product §7, cursor pagination,
// ownership, and live publication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, gqlOk, signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let alice: { token: string; user: { id: string } };
let bob: { token: string; user: { id: string } };

const PAGE = `query($first: Int!, $after: String) {
  myCreations(first: $first, after: $after) { edges { cursor node { id prompt type createdAt provider } } pageInfo { hasNextPage endCursor } }
}`;
const FEED = `query($first: Int!, $after: String) {
  communityFeed(first: $first, after: $after) { edges { node { id published likeCount likedByMe likes user { firstName } } } pageInfo { hasNextPage endCursor } }
}`;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server.url, 'Alice', 'alice');
  bob = await signUp(server.url, 'Bob', 'bob');
});
afterAll(() => server.close());

async function rest(path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('history and feed', () => {
  it('pages through myCreations newest first with cursors, never repeating or skipping', async () => {
    const db = server.app.services.db;
    const made = await seedCreations(db, alice.user.id, 7, { type: 'ARTICLE' });
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const data: any = await gqlOk(server.url, PAGE, { first: 3, after }, alice.token);
      seen.push(...data.myCreations.edges.map((e: any) => e.node.id));
      after = data.myCreations.pageInfo.hasNextPage ? data.myCreations.pageInfo.endCursor : null;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((c) => c.id).reverse());
    const first = (await gqlOk(server.url, PAGE, { first: 1 }, alice.token)).myCreations.edges[0].node;
    expect(first).toMatchObject({ type: 'ARTICLE', provider: 'local' });
  });

  it('refuses bad page sizes and cursors with BAD_USER_INPUT, and anonymous history', async () => {
    for (const vars of [{ first: 0 }, { first: 101 }, { first: 5, after: 'garbage' }]) {
      const r = await gql(server.url, PAGE, vars, alice.token);
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
    }
    expect((await gql(server.url, PAGE, { first: 5 })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows only published creations in the feed, with author first name and likes', async () => {
    const db = server.app.services.db;
    const [pub] = await seedCreations(db, bob.user.id, 1, { published: true, start: new Date(Date.now() + 60_000) });
    await seedCreations(db, bob.user.id, 1, { published: false, start: new Date(Date.now() + 120_000) });
    const data = await gqlOk(server.url, FEED, { first: 5 }, alice.token);
    const nodes = data.communityFeed.edges.map((e: any) => e.node);
    expect(nodes.every((n: any) => n.published)).toBe(true);
    expect(nodes[0]).toEqual({ id: pub!.id, published: true, likeCount: 0, likedByMe: false, likes: [], user: { firstName: 'Bob' } });
  });
});

describe('REST mirror (product §7)', () => {
  it('lists my creations with id, prompt, type, content, created_at', async () => {
    const { status, body } = await rest('/api/user/get-user-creations', alice.token);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.creations.length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(body.creations[0]).sort()).toEqual(['content', 'created_at', 'id', 'prompt', 'type']);
    expect(body.creations[0].type).toBe('article');
    expect(new Date(body.creations[0].created_at).getTime()).not.toBeNaN();
  });

  it('lists published creations with likes as user ids and the author first name', async () => {
    const db = server.app.services.db;
    const [c] = await seedCreations(db, bob.user.id, 1, { published: true, start: new Date(Date.now() + 180_000) });
    const liked = await rest('/api/user/toggle-like-creation', alice.token, { method: 'POST', body: JSON.stringify({ id: c!.id }) });
    expect(liked.body).toMatchObject({ success: true, message: 'Creation Liked', likeCount: 1, likedByMe: true });
    const { body } = await rest('/api/user/get-published-creations', alice.token);
    expect(body.success).toBe(true);
    const item = body.creations.find((x: any) => x.id === c!.id);
    expect(Object.keys(item).sort()).toEqual(['content', 'createdAt', 'id', 'likes', 'prompt', 'user']);
    expect(item).toMatchObject({ likes: [alice.user.id], user: { firstName: 'Bob' }, content: c!.content, prompt: c!.prompt });
    expect(body.creations.every((x: any) => typeof x.createdAt === 'string')).toBe(true);
    const unliked = await rest('/api/user/toggle-like-creation', alice.token, { method: 'POST', body: JSON.stringify({ id: c!.id }) });
    expect(unliked.body).toMatchObject({ success: true, message: 'Creation Unliked', likeCount: 0, likedByMe: false });
  });

  it('answers success:false with a message for a bad like request', async () => {
    const missing = await rest('/api/user/toggle-like-creation', alice.token, { method: 'POST', body: JSON.stringify({ id: '00000000-0000-4000-8000-000000000000' }) });
    expect(missing).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
    const noId = await rest('/api/user/toggle-like-creation', alice.token, { method: 'POST', body: '{}' });
    expect(noId).toMatchObject({ status: 400, body: { success: false, code: 'BAD_USER_INPUT' } });
    expect(typeof noId.body.message).toBe('string');
  });
});

describe('ownership', () => {
  it('lets nobody delete, publish or unpublish another user’s creation, or see it while private', async () => {
    const db = server.app.services.db;
    const [priv] = await seedCreations(db, alice.user.id, 1);
    const [pub] = await seedCreations(db, alice.user.id, 1, { published: true });
    const del = await gql(server.url, 'mutation($id: ID!) { deleteCreation(id: $id) }', { id: pub!.id }, bob.token);
    expect(del.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const unpub = await gql(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: false) { published } }', { id: pub!.id }, bob.token);
    expect(unpub.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const pubOther = await gql(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }', { id: priv!.id }, bob.token);
    expect(pubOther.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await db.creation.findUniqueOrThrow({ where: { id: pub!.id } })).published).toBe(true);
    const seen = await gqlOk(server.url, 'query($id: ID!) { creation(id: $id) { id } }', { id: priv!.id }, bob.token);
    expect(seen.creation).toBeNull();
    const likePrivate = await gql(server.url, 'mutation($id: ID!) { toggleLike(creationId: $id) { likeCount } }', { id: priv!.id }, bob.token);
    expect(likePrivate.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const missing = await gql(server.url, 'mutation { deleteCreation(id: "00000000-0000-4000-8000-000000000000") }', {}, bob.token);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // The owner can.
    expect((await gqlOk(server.url, 'mutation($id: ID!) { deleteCreation(id: $id) }', { id: priv!.id }, alice.token)).deleteCreation).toBe(true);
    expect(await db.creation.findUnique({ where: { id: priv!.id } })).toBeNull();
  });

  it('only lets images join the community', async () => {
    const [article] = await seedCreations(server.app.services.db, alice.user.id, 1, { type: 'ARTICLE' });
    const r = await gql(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }', { id: article!.id }, alice.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('announces a newly published creation to creationPublished subscribers', async () => {
    const [img] = await seedCreations(server.app.services.db, alice.user.id, 1);
    const listening = server.app.services.pubsub.listenerCount();
    const client = wsClient(server.url, bob.token);
    const sub = collect<{ creationPublished: { id: string; user: { firstName: string } } }>(client, 'subscription { creationPublished { id user { firstName } } }');
    await waitFor(() => server.app.services.pubsub.listenerCount() > listening, 5000, 'subscription');
    await gqlOk(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }', { id: img!.id }, alice.token);
    await waitFor(() => sub.items.length > 0, 5000, 'creationPublished');
    expect(sub.items[0]!.creationPublished).toEqual({ id: img!.id, user: { firstName: 'Alice' } });
    sub.dispose();
    await client.dispose();
  });
});
