// A creation sent to another image tool by its id (sourceCreationId, docs/adding-a-tool.md,
// "Sending a creation to a tool"): a background removal's cut-out upscaled over GraphQL, the jobs
// API and the REST mirror, read by the real worker from the store as an upload; another user's
// creation (published or not) and a missing one refused as NOT_FOUND; a file and an id together,
// or neither, refused as BAD_USER_INPUT.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composite } from '../fixtures/ground-truth.js';
import { createTestApiKey } from '../helpers/api-keys.js';
import { followJob, gql, gqlOk, gqlUpload, signUp, startStack, waitFor } from '../helpers/server.js';

const REMOVE_BG = 'mutation($image: Upload!) { removeBackground(image: $image) { id } }';
const UPSCALE = 'mutation($image: Upload, $id: ID, $scale: Int!) { upscaleImage(image: $image, sourceCreationId: $id, scale: $scale) { id } }';
const [W, H] = [640, 480];

let stack: Awaited<ReturnType<typeof startStack>>;
const db = () => stack.server.app.services.db;
let owner: { token: string; user: { id: string }; key: string };
let other: { token: string; user: { id: string }; key: string };
let cutout: { id: string; content: string };

async function premiumDeveloper(name: string) {
  const account = await signUp(stack.url, name, 'send-to');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, account.token);
  const { key } = await createTestApiKey(db(), account.user.id, ['read', 'generate', 'publish']);
  return { ...account, key };
}

async function api(path: string, key: string, body: unknown, method = 'POST') {
  const form = body instanceof FormData;
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
    body: form ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const imageAt = async (url: string) => {
  const res = await fetch(new URL(url, stack.url));
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
};

beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '10', TOOL_RATE_PER_MINUTE: '200' });
  owner = await premiumDeveloper('Sender');
  other = await premiumDeveloper('Other');
  const c = await composite({ cutout: 'cat', plate: 'grass', width: W, height: H, size: 0.45 });
  const started = await gqlUpload(stack.url, REMOVE_BG, {}, { image: { data: c.png, filename: 'cat.png', type: 'image/png' } }, owner.token);
  expect(started.errors).toBeUndefined();
  const last = (await followJob(stack.url, owner.token, started.data!.removeBackground.id, 90_000)).at(-1)!;
  expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'BACKGROUND_REMOVAL' } });
  cutout = last.creation!;
}, 120_000);
afterAll(() => stack?.close());

describe('a creation sent to the upscaler by its id', () => {
  it('over GraphQL: the cut-out made 2× larger, transparency kept, its copy read as an upload and deleted', async () => {
    const { upscaleImage } = await gqlOk<{ upscaleImage: { id: string } }>(stack.url, UPSCALE, { id: cutout.id, scale: 2 }, owner.token);
    const last = (await followJob(stack.url, owner.token, upscaleImage.id, 60_000)).at(-1)!;
    expect(last).toMatchObject({ phase: 'COMPLETED', creation: { type: 'UPSCALE' } });
    const meta = await imageAt(last.creation!.content);
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([W * 2, H * 2, true]);
    const job = await db().job.findUniqueOrThrow({ where: { id: upscaleImage.id } });
    expect(job.input).toMatchObject({ sourceCreationId: cutout.id, scale: 2, uploadKey: expect.any(String), filename: 'cat.png' });
    const upload = join(stack.config.dataDir, 'uploads', (job.input as { uploadKey: string }).uploadKey);
    await waitFor(() => !existsSync(upload), 5000, 'the copy to be deleted');
    // The source is untouched: still the owner's, still there.
    expect(await db().creation.findUnique({ where: { id: cutout.id } })).toMatchObject({ userId: owner.user.id, content: cutout.content.split('?')[0] });
  });

  it('over /api/v1 (JSON body) and the REST mirror', async () => {
    const started = await api('/api/v1/upscales', owner.key, { sourceCreationId: cutout.id, scale: 4 });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let job: Record<string, any> = started.body;
    await waitFor(async () => ['completed', 'failed'].includes((job = (await api(`/api/v1/jobs/${started.body.id}`, owner.key, undefined, 'GET')).body).status), 60_000, 'the job');
    expect(job).toMatchObject({ status: 'completed', creation: { type: 'UPSCALE' } });
    const meta = await imageAt(job.creation.content);
    expect([meta.width, meta.height]).toEqual([W * 4, H * 4]);

    const form = new FormData();
    form.append('sourceCreationId', cutout.id);
    form.append('scale', '2');
    const rest = await api('/api/ai/upscale-image', owner.token, form);
    expect(rest.body).toMatchObject({ success: true });
    expect((await imageAt(rest.body.content as string)).width).toBe(W * 2);
  });

  it("refuses another user's creation, published or not, and a missing one, as NOT_FOUND (404), and a text creation", async () => {
    const refusedAsOther = async () => {
      const r = await gql(stack.url, UPSCALE, { id: cutout.id, scale: 2 }, other.token);
      expect(r.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND', field: 'sourceCreationId' } });
      const v1 = await api('/api/v1/upscales', other.key, { sourceCreationId: cutout.id });
      expect(v1.status).toBe(404);
      expect(v1.body).toMatchObject({ code: 'NOT_FOUND', field: 'sourceCreationId' });
    };
    await refusedAsOther();
    await gqlOk(stack.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: true) { published } }', { id: cutout.id }, owner.token);
    await refusedAsOther();
    // What the community viewer asks before offering "Send to…": only the owner's is theirs.
    const mine = 'query($id: ID!) { creation(id: $id) { mine } }';
    expect(await gqlOk(stack.url, mine, { id: cutout.id }, owner.token)).toEqual({ creation: { mine: true } });
    expect(await gqlOk(stack.url, mine, { id: cutout.id }, other.token)).toEqual({ creation: { mine: false } });
    await gqlOk(stack.url, 'mutation($id: ID!) { setCreationPublished(id: $id, publish: false) { published } }', { id: cutout.id }, owner.token);

    const missing = await gql(stack.url, UPSCALE, { id: randomUUID(), scale: 2 }, owner.token);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await api('/api/v1/background-removals', owner.key, { sourceCreationId: 'not-an-id' })).status).toBe(404);
    const text = await db().creation.create({ data: { userId: owner.user.id, type: 'ARTICLE', prompt: 'x', content: '# x' } });
    const notImage = await api('/api/v1/upscales', owner.key, { sourceCreationId: text.id });
    expect(notImage).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', field: 'sourceCreationId' } });
    // Nothing was queued by any refusal.
    expect(await db().job.count({ where: { userId: other.user.id } })).toBe(0);
  });

  it('takes exactly one of the file and the id: both, or neither, is BAD_USER_INPUT', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const both = await gqlUpload(stack.url, UPSCALE, { id: cutout.id, scale: 2 }, { image: { data: png, filename: 'grey.png', type: 'image/png' } }, owner.token);
    expect(both.errors?.[0]).toMatchObject({ message: 'Send either the image file or sourceCreationId, not both', extensions: { code: 'BAD_USER_INPUT' } });
    const neither = await gql(stack.url, UPSCALE, { scale: 2 }, owner.token);
    expect(neither.errors?.[0]).toMatchObject({ message: 'Please select an image first', extensions: { code: 'BAD_USER_INPUT' } });

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'grey.png');
    form.append('sourceCreationId', cutout.id);
    expect(await api('/api/v1/upscales', owner.key, form)).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT', field: 'sourceCreationId' } });
    expect(await api('/api/v1/upscales', owner.key, { scale: 2 })).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } });
    expect(await api('/api/v1/upscales', owner.key, { sourceCreationId: 42 })).toMatchObject({ status: 400, body: { code: 'BAD_USER_INPUT' } });
  });
});
