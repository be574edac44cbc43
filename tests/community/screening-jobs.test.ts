// A picture published as it is made (the image tool's "publish") is screened by the worker before
// its job completes (docs/screening.md, "When it runs"): held, it is stored HELD, stays private and
// is never announced to the gallery; under the threshold it joins the gallery as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gqlOk, signUp, startStack, wsClient } from '../helpers/server.js';
import { generateImage } from '../helpers/image-jobs.js';

const FEED = `query { communityFeed(first: 100) { edges { node { id } } } }`;
const MINE = `query($id: ID!) { creation(id: $id) { id published moderation sensitive } }`;

describe('screening a job published as it is made', () => {
  let held: Awaited<ReturnType<typeof startStack>>;
  beforeAll(async () => {
    // Threshold 0: every picture scores at or above it, so every published one is held.
    held = await startStack({ SCREENING_PROVIDER: 'nsfwjs', SCREENING_THRESHOLD: '0', SCREENING_MODE: 'hold' });
  });
  afterAll(() => held.close());

  it('stores a held creation, private and unannounced, that only its owner sees', async () => {
    const alice = await signUp(held.url, 'Alice', 'alice');
    const bob = await signUp(held.url, 'Bob', 'bob');
    await gqlOk(held.url, 'mutation { startTrial { plan } }', {}, alice.token);
    const client = wsClient(held.url, bob.token);
    const live = collect<{ creationPublished: { id: string } | null }>(client, 'subscription { creationPublished { id } }');
    try {
      const { last } = await generateImage(held.url, alice.token, { description: 'a lighthouse at dusk', style: 'REALISTIC', publish: true });
      expect(last.phase).toBe('COMPLETED');
      const id = last.creation!.id;
      expect((await gqlOk(held.url, MINE, { id }, alice.token)).creation).toEqual({ id, published: true, moderation: 'HELD', sensitive: false });
      expect((await gqlOk(held.url, MINE, { id }, bob.token)).creation).toBeNull();
      const feed = (await gqlOk(held.url, FEED, {}, bob.token)).communityFeed.edges.map((e: any) => e.node.id);
      expect(feed).not.toContain(id);
      // The bare file URL is refused: no public copy was made.
      expect((await fetch(`${held.url}${last.creation!.content.split('?')[0]}`)).status).toBe(403);
      const row = await held.server.app.services.db.creation.findUniqueOrThrow({ where: { id } });
      expect(row.screening).toMatchObject({ provider: 'nsfwjs', outcome: 'held', picture: true, threshold: 0 });
      await new Promise((r) => setTimeout(r, 300));
      expect(live.items.filter((i) => i.creationPublished?.id === id)).toEqual([]);
    } finally {
      live.dispose();
      await client.dispose();
    }
  });
});
