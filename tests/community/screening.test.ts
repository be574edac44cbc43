// Screening at publish time (docs/screening.md) over real HTTP, with the real nsfwjs classifier in
// its thread: a picture scoring at or above SCREENING_THRESHOLD is held (never in another user's
// gallery, REST mirror, creation query or likes) or, in blur mode, published as sensitive; a
// benign photo is published at once; a prompt with a listed word is held. No explicit picture is
// needed: the threshold is the test's, set below what a committed benign photo measurably scores.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlOk, signUp, startTestServer } from '../helpers/server.js';
import { startOpenAIModerationMock, type OpenAIModerationMock } from '../helpers/openai-moderation-mock.js';
import { createStorage } from '../../server/shared/storage/index.js';
import { localFileOf } from '../../server/shared/storage/local.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Account = Awaited<ReturnType<typeof signUp>>;

// nsfwjs scores the horses (Sexy 0.116 on their flanks) about 0.12, Grace Hopper's portrait about 0.0002.
const HORSES = 'tests/fixtures/photos/horses-herd-treeline.webp';
const BENIGN = 'tests/fixtures/photos/grace_hopper.jpg';
const THRESHOLD = '0.1';

const PUBLISH = `mutation($id: ID!, $publish: Boolean!) { setCreationPublished(id: $id, publish: $publish) { id published moderation sensitive content } }`;
const FEED = `query { communityFeed(first: 100) { edges { node { id moderation sensitive } } } }`;
const ONE = `query($id: ID!) { creation(id: $id) { id moderation sensitive } }`;
const LIKE = `mutation($id: ID!) { toggleLike(creationId: $id) { id likeCount } }`;

/** A private image creation of `owner` whose picture is the photo, stored as a job would store it. */
async function pictureCreation(server: Server, owner: Account, photo: string, prompt = 'Generate an image of a quiet scene in the style Realistic') {
  const stored = await createStorage(server.config).put(readFileSync(photo), photo.endsWith('.webp') ? 'webp' : 'jpg');
  return server.app.services.db.creation.create({
    data: { userId: owner.user.id, type: 'IMAGE', prompt, content: stored.url, file: localFileOf(stored.url), metadata: { provider: 'local' } },
  });
}

const feedIds = async (server: Server, viewer: Account) => (await gqlOk(server.url, FEED, {}, viewer.token)).communityFeed.edges.map((e: any) => e.node.id);
const screeningOf = async (server: Server, id: string) => (await server.app.services.db.creation.findUniqueOrThrow({ where: { id } })).screening as Record<string, any>;

describe('nsfwjs, hold mode', () => {
  let server: Server;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    server = await startTestServer({ SCREENING_PROVIDER: 'nsfwjs', SCREENING_THRESHOLD: THRESHOLD, SCREENING_MODE: 'hold' });
    alice = await signUp(server.url, 'Alice', 'alice');
    bob = await signUp(server.url, 'Bob', 'bob');
  });
  afterAll(() => server.close());

  it('publishes a benign photo at once, with the verdict stored', async () => {
    const c = await pictureCreation(server, alice, BENIGN);
    const started = performance.now();
    const published = (await gqlOk(server.url, PUBLISH, { id: c.id, publish: true }, alice.token)).setCreationPublished;
    const took = performance.now() - started;
    expect(published).toMatchObject({ published: true, moderation: 'VISIBLE', sensitive: false });
    expect(await feedIds(server, bob)).toContain(c.id);
    const verdict = await screeningOf(server, c.id);
    expect(verdict).toMatchObject({ provider: 'nsfwjs', model: 'MobileNetV2', picture: true, words: [], outcome: 'visible', threshold: 0.1 });
    expect(verdict.score).toBeLessThan(0.01);
    expect(Object.keys(verdict.scores).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
    expect(verdict.ms).toBeGreaterThan(0);
    // The first publication of the process loads the model (its thread and the weights).
    console.info(`screening: first picture ${Math.round(took)} ms end to end (model load included), classifier ${verdict.ms} ms`);
  });

  it('holds a picture scoring above the threshold: only its owner sees it, as held for review', async () => {
    const c = await pictureCreation(server, alice, HORSES);
    const started = performance.now();
    const published = (await gqlOk(server.url, PUBLISH, { id: c.id, publish: true }, alice.token)).setCreationPublished;
    const took = performance.now() - started;
    expect(published).toMatchObject({ published: true, moderation: 'HELD', sensitive: false });
    // Still private: its owner's URL is signed, the bare one refused.
    expect(published.content).toMatch(/\?exp=/);
    expect((await fetch(`${server.url}${c.content}`)).status).toBe(403);
    const verdict = await screeningOf(server, c.id);
    expect(verdict).toMatchObject({ provider: 'nsfwjs', outcome: 'held', words: [] });
    expect(verdict.score).toBeGreaterThanOrEqual(0.1);
    expect(verdict.scores.Sexy).toBeGreaterThan(0.05);
    console.info(`screening: a picture ${Math.round(took)} ms end to end (model loaded), classifier ${verdict.ms} ms`);

    expect(await feedIds(server, bob)).not.toContain(c.id);
    expect(await feedIds(server, alice)).not.toContain(c.id);
    expect((await gqlOk(server.url, ONE, { id: c.id }, bob.token)).creation).toBeNull();
    expect((await gqlOk(server.url, ONE, { id: c.id }, alice.token)).creation).toEqual({ id: c.id, moderation: 'HELD', sensitive: false });
    expect((await gql(server.url, LIKE, { id: c.id }, bob.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const rest = await fetch(`${server.url}/api/user/get-published-creations`, { headers: { authorization: `Bearer ${bob.token}` } });
    const ids = ((await rest.json()) as { creations: { id: string }[] }).creations.map((x) => x.id);
    expect(ids).not.toContain(c.id);

    // Unpublished and published again: the verdict stands, the picture is not classified again.
    await gqlOk(server.url, PUBLISH, { id: c.id, publish: false }, alice.token);
    const again = (await gqlOk(server.url, PUBLISH, { id: c.id, publish: true }, alice.token)).setCreationPublished;
    expect(again.moderation).toBe('HELD');
    expect((await screeningOf(server, c.id)).at).toBe(verdict.at);
  });

  it('holds a benign photo whose prompt has a word of the list', async () => {
    const c = await pictureCreation(server, alice, BENIGN, 'Generate an image of a NUDE portrait in the style Realistic');
    const published = (await gqlOk(server.url, PUBLISH, { id: c.id, publish: true }, alice.token)).setCreationPublished;
    expect(published).toMatchObject({ moderation: 'HELD', sensitive: false });
    expect(await screeningOf(server, c.id)).toMatchObject({ outcome: 'held', words: ['nude'], reason: 'The prompt contains a listed word (nude)' });
    expect(await feedIds(server, bob)).not.toContain(c.id);
  });
});

describe('nsfwjs, blur mode', () => {
  let server: Server;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    server = await startTestServer({ SCREENING_PROVIDER: 'nsfwjs', SCREENING_THRESHOLD: THRESHOLD, SCREENING_MODE: 'blur' });
    alice = await signUp(server.url, 'Alice', 'alice');
    bob = await signUp(server.url, 'Bob', 'bob');
  });
  afterAll(() => server.close());

  it('publishes a picture above the threshold as sensitive, in the gallery for everyone', async () => {
    const c = await pictureCreation(server, alice, HORSES);
    const published = (await gqlOk(server.url, PUBLISH, { id: c.id, publish: true }, alice.token)).setCreationPublished;
    expect(published).toMatchObject({ published: true, moderation: 'VISIBLE', sensitive: true });
    const node = (await gqlOk(server.url, FEED, {}, bob.token)).communityFeed.edges.find((e: any) => e.node.id === c.id)?.node;
    expect(node).toEqual({ id: c.id, moderation: 'VISIBLE', sensitive: true });
    expect(await screeningOf(server, c.id)).toMatchObject({ outcome: 'sensitive' });
    // A prompt with a listed word is held in blur mode too: a blurred picture does not hide its prompt.
    const worded = await pictureCreation(server, alice, BENIGN, 'Generate an image of gore in the style Realistic');
    expect((await gqlOk(server.url, PUBLISH, { id: worded.id, publish: true }, alice.token)).setCreationPublished.moderation).toBe('HELD');
  });
});

describe("OpenAI's moderation endpoint", () => {
  let server: Server;
  let mock: OpenAIModerationMock;
  let alice: Account;
  let bob: Account;
  beforeAll(async () => {
    mock = await startOpenAIModerationMock();
    server = await startTestServer({ OPENAI_API_KEY: 'sk-test-moderation', SCREENING_PROVIDER: 'openai', SCREENING_OPENAI_BASE_URL: mock.baseURL, SCREENING_THRESHOLD: '0.5' });
    alice = await signUp(server.url, 'Alice', 'alice');
    bob = await signUp(server.url, 'Bob', 'bob');
  });
  afterAll(async () => {
    await server.close();
    await mock.close();
  });

  it('sends the prompt and the picture in one request, and publishes what scores low', async () => {
    mock.reply = () => ({ scores: { sexual: { score: 0.02, on: ['text', 'image'] } } });
    const c = await pictureCreation(server, alice, BENIGN);
    expect((await gqlOk(server.url, PUBLISH, { id: c.id, publish: true }, alice.token)).setCreationPublished.moderation).toBe('VISIBLE');
    const req = mock.requests.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer sk-test-moderation');
    expect(req.body.model).toBe('omni-moderation-latest');
    expect(req.body.input).toEqual([
      { type: 'text', text: c.prompt },
      { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,/) } },
    ]);
    expect(await screeningOf(server, c.id)).toMatchObject({ provider: 'openai', outcome: 'visible', score: 0.02 });
    expect(await feedIds(server, bob)).toContain(c.id);
  });

  it('holds a picture an image category scores above the threshold, and a prompt a text category does', async () => {
    mock.reply = () => ({ scores: { 'violence/graphic': { score: 0.91, on: ['image'] } } });
    const pic = await pictureCreation(server, alice, BENIGN);
    expect((await gqlOk(server.url, PUBLISH, { id: pic.id, publish: true }, alice.token)).setCreationPublished.moderation).toBe('HELD');
    expect(await screeningOf(server, pic.id)).toMatchObject({ outcome: 'held', score: 0.91, textCategories: [] });

    mock.reply = () => ({ scores: { harassment: { score: 0.8, on: ['text'] } } });
    const text = await pictureCreation(server, alice, BENIGN);
    expect((await gqlOk(server.url, PUBLISH, { id: text.id, publish: true }, alice.token)).setCreationPublished.moderation).toBe('HELD');
    expect(await screeningOf(server, text.id)).toMatchObject({ outcome: 'held', textCategories: ['harassment'], reason: 'The prompt was flagged (harassment)' });
    expect(await feedIds(server, bob)).not.toContain(pic.id);
    expect(await feedIds(server, bob)).not.toContain(text.id);
  });

  it('holds what it could not screen (fails closed)', async () => {
    mock.reply = () => ({ status: 400 });
    const c = await pictureCreation(server, alice, BENIGN);
    expect((await gqlOk(server.url, PUBLISH, { id: c.id, publish: true }, alice.token)).setCreationPublished.moderation).toBe('HELD');
    expect(await screeningOf(server, c.id)).toMatchObject({ outcome: 'held', reason: 'Screening could not run', error: expect.any(String) });
  });
});
