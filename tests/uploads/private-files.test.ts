// Private images are private (docs/security-testing.md, "Private images are public"): /files/*
// served every creation's image to anyone with a year of public caching, after unpublishing and
// deleting too, and the offline generator being deterministic, a second user typing the same
// description and style got the first user's private URL. Now file names are random, a private or
// unpublished image is served only through a short-lived signed URL its owner gets, a published one
// to anyone (cacheable), and a deleted one (or a deleted account's) to no one.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedFileUrl } from '../../server/shared/storage/file-urls.js';
import { deleteUser } from '../../server/modules/user/user.service.js';
import { createStorage } from '../../server/shared/storage/index.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let alice: { token: string; user: { id: string } };
let bob: { token: string; user: { id: string } };

beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
  [alice, bob] = await Promise.all([signUp(stack.url, 'Alice', 'private-files'), signUp(stack.url, 'Bob', 'private-files')]);
  for (const u of [alice, bob]) await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, u.token);
});
afterAll(() => stack?.close());

const GENERATE = 'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }';
const CREATION = 'query($id: ID!) { creation(id: $id) { id content published } }';
const PUBLISH = 'mutation($id: ID!, $publish: Boolean!) { setCreationPublished(id: $id, publish: $publish) { content published } }';
const INPUT = { description: 'a red fox asleep in fresh snow', style: 'REALISTIC' };

async function generate(token: string) {
  const { generateImage } = await gqlOk(stack.url, GENERATE, { input: INPUT }, token);
  const last = (await followJob(stack.url, token, generateImage.id)).at(-1)!;
  expect(last.phase).toBe('COMPLETED');
  return last.creation!;
}

const get = (url: string, token?: string) => fetch(new URL(url, stack.url), { headers: token ? { authorization: `Bearer ${token}` } : {} });
const pathOf = (url: string) => new URL(url, stack.url).pathname;
const fileOf = (url: string) => join(stack.config.dataDir, 'files', pathOf(url).slice('/files/'.length));

describe('private images', () => {
  let id: string;
  let url: string;

  it("gives the owner a URL only they hold, which nobody can derive: not by the file's path, not by typing the same prompt", async () => {
    const mine = await generate(alice.token);
    id = mine.id;
    url = mine.content;
    const own = await get(url);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    const cache = own.headers.get('cache-control') ?? '';
    expect(cache).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(cache)![1])).toBeLessThanOrEqual(stack.config.FILE_URL_TTL_SECONDS);

    // The bare path, signed in as someone else or not at all.
    for (const token of [undefined, bob.token, alice.token]) expect((await get(pathOf(url), token)).status).toBe(403);
    // The same description and style give Bob his own file.
    const his = await generate(bob.token);
    expect(pathOf(his.content)).not.toBe(pathOf(url));
    expect((await get(his.content)).status).toBe(200);
    expect((await get(pathOf(his.content))).status).toBe(403);
    // Nor can he read Alice's creation to get her URL.
    expect((await gqlOk(stack.url, CREATION, { id }, bob.token)).creation).toBeNull();
  });

  it('refuses a forged signature, a signature of another file and an expired one', async () => {
    const signed = new URL(url, stack.url);
    const sig = signed.searchParams.get('sig') ?? '';
    const forged = new URL(signed);
    forged.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    expect((await get(forged.href)).status).toBe(403);
    const later = new URL(signed);
    later.searchParams.set('exp', String(Number(signed.searchParams.get('exp')) + 3600));
    expect((await get(later.href)).status).toBe(403);
    const other = (await generate(alice.token)).content;
    const swapped = new URL(signed);
    swapped.searchParams.set('sig', new URL(other, stack.url).searchParams.get('sig') ?? '');
    expect((await get(swapped.href)).status).toBe(403);
    const expired = signedFileUrl(stack.server.app.services.tokenSecret, pathOf(url).slice('/files/'.length), Math.floor(Date.now() / 1000) - 1);
    expect((await get(expired)).status).toBe(403);
  });

  it('serves a published image to anyone, cacheable, at a plain URL; unpublishing takes that back', async () => {
    const published = (await gqlOk(stack.url, PUBLISH, { id, publish: true }, alice.token)).setCreationPublished;
    expect(published.content).toBe(pathOf(url));
    const res = await get(published.content);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(`public, max-age=${stack.config.FILE_URL_TTL_SECONDS}`);
    expect((await gqlOk(stack.url, CREATION, { id }, bob.token)).creation.content).toBe(published.content);

    const unpublished = (await gqlOk(stack.url, PUBLISH, { id, publish: false }, alice.token)).setCreationPublished;
    expect((await get(published.content)).status).toBe(403);
    expect(unpublished.content).not.toBe(published.content);
    expect((await get(unpublished.content)).status).toBe(200);
  });

  it('deletes the file with its creation; no URL serves it any more', async () => {
    const { content } = (await gqlOk(stack.url, CREATION, { id }, alice.token)).creation;
    expect(existsSync(fileOf(content))).toBe(true);
    expect((await gqlOk(stack.url, 'mutation($id: ID!) { deleteCreation(id: $id) }', { id }, alice.token)).deleteCreation).toBe(true);
    expect(existsSync(fileOf(content))).toBe(false);
    expect((await get(content)).status).toBe(404);
    expect((await get(pathOf(content))).status).toBe(404);
  });

  it('gives the REST dashboard the same signed URLs', async () => {
    const res = await fetch(`${stack.url}/api/user/get-user-creations`, { headers: { authorization: `Bearer ${bob.token}` } });
    const { creations } = (await res.json()) as { creations: { type: string; content: string }[] };
    const image = creations.find((c) => c.type === 'image')!;
    expect(image.content).toMatch(/^\/files\/[0-9a-f]{64}\.png\?exp=\d+&sig=[\w-]+$/);
    expect((await get(image.content)).status).toBe(200);
  });

  it("takes a deleted account's images with it", async () => {
    const { myCreations } = await gqlOk(stack.url, '{ myCreations(first: 5) { edges { node { content } } } }', {}, bob.token);
    const contents: string[] = myCreations.edges.map((e: { node: { content: string } }) => e.node.content);
    expect(contents.length).toBeGreaterThan(0);
    const { db, pubsub } = stack.server.app.services;
    expect(await deleteUser(db, pubsub, bob.user.id, createStorage(stack.config))).toBe(true);
    for (const content of contents) {
      expect(existsSync(fileOf(content))).toBe(false);
      expect((await get(content)).status).toBe(404);
    }
  });
});
