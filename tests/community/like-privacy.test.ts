// Likes of private creations (docs/security-testing.md, "Watching the whole-feed `likeChanged`
// stream…" and "Taking back a like after the creation was unpublished"): the whole-feed likeChanged
// stream carried private creations' ids to anyone, and a liker could not take a like back once the
// creation was unpublished. A private creation's like changes reach its owner only; an earlier like
// can be removed after unpublishing (likeCount keeps counting Like rows) but not given again,
// and that un-like answers nothing of the creation (it returned the prompt,
// the author's name and a signed URL of the now private image).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, gqlOk, signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';
import { seedCreations } from '../helpers/seed.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const FEED = 'subscription { likeChanged { creationId likeCount likedByMe } }';
const ONE = 'subscription($id: ID) { likeChanged(creationId: $id) { creationId likeCount likedByMe } }';
const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { id likeCount likedByMe } }';
type Change = { likeChanged: { creationId: string; likeCount: number; likedByMe: boolean } };

describe('likes of private creations', () => {
  it("sends a private creation's like changes to its owner only, never on the whole feed", async () => {
    const owner = await signUp(server.url, 'Owner', 'likepriv');
    const stranger = await signUp(server.url, 'Stranger', 'likepriv');
    const [secret] = await seedCreations(server.app.services.db, owner.user.id, 1, { published: false });
    const [shared] = await seedCreations(server.app.services.db, owner.user.id, 1, { published: true });
    const clients = [wsClient(server.url), wsClient(server.url, stranger.token), wsClient(server.url, owner.token)];
    const [anon, strangerWs, ownerWs] = clients as [ReturnType<typeof wsClient>, ReturnType<typeof wsClient>, ReturnType<typeof wsClient>];
    const watchers = {
      anonFeed: collect<Change>(anon, FEED),
      anonOne: collect<Change>(anon, ONE, { id: secret!.id }),
      strangerFeed: collect<Change>(strangerWs, FEED),
      strangerOne: collect<Change>(strangerWs, ONE, { id: secret!.id }),
      ownerFeed: collect<Change>(ownerWs, FEED),
      ownerOne: collect<Change>(ownerWs, ONE, { id: secret!.id }),
      ownerShared: collect<Change>(ownerWs, ONE, { id: shared!.id }),
    };
    try {
      // Live once the owner's like of the published creation reaches all three feeds.
      const feeds = [watchers.anonFeed, watchers.strangerFeed, watchers.ownerFeed];
      await waitFor(
        async () => {
          await gqlOk(server.url, TOGGLE, { id: shared!.id }, owner.token);
          await new Promise((r) => setTimeout(r, 150));
          return feeds.every((f) => f.items.length > 0) && watchers.ownerShared.items.length > 0;
        },
        10_000,
        'subscriptions live',
      );

      // The owner likes their private creation, then the published one once more: by the time the
      // second event is in, the first would have arrived (one channel, in order).
      const liked = await gqlOk(server.url, TOGGLE, { id: secret!.id }, owner.token);
      expect(liked.toggleLike).toMatchObject({ likeCount: 1, likedByMe: true });
      await waitFor(() => watchers.ownerOne.items.length === 1, 10_000, "the owner's own event");
      const before = feeds.map((f) => f.items.length);
      await gqlOk(server.url, TOGGLE, { id: shared!.id }, owner.token);
      await waitFor(() => feeds.every((f, i) => f.items.length > before[i]!), 10_000, 'the next public event');
      await new Promise((r) => setTimeout(r, 200));

      expect(watchers.ownerOne.items).toEqual([{ likeChanged: { creationId: secret!.id, likeCount: 1, likedByMe: true } }]);
      for (const [name, w] of Object.entries(watchers)) {
        if (name === 'ownerOne') continue;
        expect(
          w.items.filter((i) => i.likeChanged.creationId === secret!.id),
          name,
        ).toEqual([]);
      }
    } finally {
      for (const w of Object.values(watchers)) w.dispose();
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });

  it('lets a liker take back a like after the creation is unpublished, answering nothing of it, but not like it again', async () => {
    const owner = await signUp(server.url, 'Owner', 'likepriv');
    const liker = await signUp(server.url, 'Liker', 'likepriv');
    const [creation] = await seedCreations(server.app.services.db, owner.user.id, 1, { published: true });
    const id = creation!.id;
    expect((await gqlOk(server.url, TOGGLE, { id }, liker.token)).toggleLike).toMatchObject({ likeCount: 1, likedByMe: true });
    await gqlOk(server.url, TOGGLE, { id }, owner.token);
    await gqlOk(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: false) { published } }', { id }, owner.token);

    // The un-like is recorded, and nothing of the creation comes back: not its prompt, author or image.
    const LEAK = 'mutation($id: ID!) { toggleLike(creationId: $id) { id prompt content likeCount user { firstName } } }';
    const unliked = await gql(server.url, LEAK, { id }, liker.token);
    expect(unliked.data).toBeNull();
    expect(unliked.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['NOT_FOUND', 'This creation is no longer public: your like was taken back']]);
    expect(JSON.stringify(unliked)).not.toMatch(new RegExp(`${creation!.prompt}|/files/|Owner`));
    const again = await gql(server.url, TOGGLE, { id }, liker.token);
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const rows = await server.app.services.db.like.findMany({ where: { creationId: id } });
    expect(rows.map((r) => r.userId)).toEqual([owner.user.id]);
    expect((await server.app.services.db.creation.findUniqueOrThrow({ where: { id } })).likeCount).toBe(1);

    // The REST mirror too: the owner's like stays; another earlier liker can leave.
    const other = await signUp(server.url, 'Other', 'likepriv');
    await gqlOk(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }', { id }, owner.token);
    await gqlOk(server.url, TOGGLE, { id }, other.token);
    await gqlOk(server.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: false) { published } }', { id }, owner.token);
    const rest = await fetch(`${server.url}/api/user/toggle-like-creation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.token}` },
      body: JSON.stringify({ id }),
    });
    expect(rest.status).toBe(404);
    expect(await rest.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'This creation is no longer public: your like was taken back' });
    expect((await server.app.services.db.like.findMany({ where: { creationId: id } })).map((r) => r.userId)).toEqual([owner.user.id]);
  });
});
