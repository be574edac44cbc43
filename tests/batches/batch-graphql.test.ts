// Batches over GraphQL and their event stream's ids (docs/batches.md, "Over GraphQL" and
// "Following a batch"): startBatch as a real multipart request with real photos (one cut short),
// its refusals, a zip; the SSE stream's last event carrying the closed batch; Last-Event-ID resume,
// 204 after the end, 400 for an id the stream never wrote. Real API, worker, Postgres and Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpPremium, startStack } from '../helpers/server.js';
import { readEvents } from '../helpers/sse.js';
import { cutShort, smallPhoto } from '../fixtures/small-photos.js';

let stack: Awaited<ReturnType<typeof startStack>>;
const db = () => stack.server.app.services.db;

const START_BATCH = `mutation($steps: [BatchStepInput!]!, $images: [Upload!], $zip: Upload) {
  startBatch(steps: $steps, images: $images, zip: $zip) {
    id kind status runs steps { tool options } counts { total queued running completed failed cancelled }
    pictures { index jobId filename phase error errorCode }
  }
}`;

type Picture = { index: number; jobId: string; filename: string; phase: string; error: string | null; errorCode: string | null };
type Started = { id: string; kind: string; status: string; runs: number; steps: { tool: string; options: string }[]; counts: Record<string, number>; pictures: Picture[] };
type GqlAnswer = { status: number; data?: { startBatch: Started } | null; errors?: { message: string; extensions: { code: string; field?: string } }[] };

/** startBatch as Apollo's upload link sends it: operations, map (images.0, images.1…, zip), then the files. */
async function startBatch(token: string, steps: unknown[], images: { name: string; bytes: Buffer }[], zip?: { name: string; bytes: Buffer }): Promise<GqlAnswer> {
  const variables = { steps, images: images.length ? images.map(() => null) : null, zip: null };
  if (!images.length && !zip) {
    const res = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: START_BATCH, variables }),
    });
    return { status: res.status, ...((await res.json()) as Omit<GqlAnswer, 'status'>) };
  }
  const files = [...images.map((f, i) => ({ ...f, path: `variables.images.${i}` })), ...(zip ? [{ ...zip, path: 'variables.zip' }] : [])];
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: START_BATCH, variables }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((f, i) => [String(i), [f.path]]))));
  files.forEach((f, i) => form.append(String(i), new Blob([new Uint8Array(f.bytes)]), f.name));
  const res = await fetch(`${stack.url}/graphql`, { method: 'POST', headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, ...((await res.json()) as Omit<GqlAnswer, 'status'>) };
}

const premiumUser = (tag: string) => signUpPremium(stack.url, 'Batch', tag);

const events = (token: string, id: string, lastEventId?: string) =>
  fetch(`${stack.url}/api/v1/batches/${id}/events`, { headers: { authorization: `Bearer ${token}`, ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) } });

const UPSCALE = [{ tool: 'upscale-image', options: JSON.stringify({ scale: 2 }) }];

beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '60', TOOL_RATE_PER_MINUTE: '60' });
});
afterAll(() => stack?.close());

describe('startBatch over GraphQL', () => {
  it('takes three photos as a multipart request: the cut one is a FAILED picture with its reason, the other two complete; the last SSE event is the closed batch', async () => {
    const owner = await premiumUser('gql-batch');
    const started = await startBatch(owner.token, UPSCALE, [
      { name: 'apple.jpg', bytes: await smallPhoto('apple.jpg', 400) },
      { name: 'broken.jpg', bytes: await cutShort('cafe.jpg') },
      { name: 'astronaut.jpg', bytes: await smallPhoto('astronaut.jpg', 400) },
    ]);
    expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
    const batch = started.data!.startBatch;
    expect(batch).toMatchObject({ kind: 'upscale-image', status: 'RUNNING', runs: 3, counts: { total: 3, failed: 1 } });
    expect(JSON.parse(batch.steps[0]!.options)).toMatchObject({ scale: 2 });
    expect(batch.pictures.map((p) => p.filename)).toEqual(['apple.jpg', 'broken.jpg', 'astronaut.jpg']);
    expect(batch.pictures[1]).toMatchObject({ phase: 'FAILED', errorCode: 'UNSUPPORTED_MEDIA_TYPE', error: expect.stringMatching(/damaged or incomplete/) });

    // Followed live from now: numbered ids, and a last event that is the batch closed, not one still running.
    const read = await readEvents((await events(owner.token, batch.id)).body!);
    expect(read.ended).toBe(true);
    // Opened while the pictures worked (400 px each, made 800): the live path, not only a finished batch's one state.
    expect(read.events.length, JSON.stringify(read.events.map((e) => e.event))).toBeGreaterThan(1);
    const last = read.events.at(-1)!;
    expect(last.event).toBe('completed');
    const body = JSON.parse(last.data) as Record<string, any>;
    expect(body).toMatchObject({ status: 'completed', counts: { total: 3, completed: 2, failed: 1, queued: 0, running: 0 } });
    expect(Date.parse(body.finished_at)).toBeGreaterThan(0);
    expect(body.pictures[1]).toMatchObject({ phase: 'FAILED', error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    // Every event before the last says running, and none of them has every picture ended.
    for (const e of read.events.slice(0, -1)) {
      const state = JSON.parse(e.data) as { status: string; counts: { queued: number; running: number } };
      expect([e.event, state.status]).toEqual(['progress', 'running']);
      expect(state.counts.queued + state.counts.running).toBeGreaterThan(0);
    }
    const tag = /^1-([0-9a-f]{8})$/.exec(read.events[0]!.id!)?.[1];
    expect(tag, read.events[0]!.id).toBeDefined();
    expect(read.events.map((e) => e.id)).toEqual(read.events.map((_, i) => `${i + 1}-${tag}${i === read.events.length - 1 ? '-end' : ''}`));

    const row = await db().batch.findUniqueOrThrow({ where: { id: batch.id } });
    expect(row.status).toBe('COMPLETED');
    expect(row.finishedAt?.toISOString()).toBe(body.finished_at);
    expect(await db().creation.count({ where: { jobId: { in: row.jobIds } } })).toBe(2);
  });

  it('takes a zip, and more than three files', async () => {
    const owner = await premiumUser('gql-batch-zip');
    const { ZipArchive } = await import('archiver');
    const archive = new ZipArchive({});
    const chunks: Buffer[] = [];
    archive.on('data', (c: Buffer) => chunks.push(c));
    for (const n of ['cafe.jpg', 'chelsea.png']) archive.append(await smallPhoto(n, 48), { name: `photos/${n}` });
    await archive.finalize();
    const images = await Promise.all(['apple.jpg', 'astronaut.jpg', 'brick.png', 'camera.png'].map(async (name) => ({ name, bytes: await smallPhoto(name, 48) })));
    const started = await startBatch(owner.token, UPSCALE, images, { name: 'photos.zip', bytes: Buffer.concat(chunks) });
    expect(started.errors, JSON.stringify(started.errors)).toBeUndefined();
    expect(started.data!.startBatch.pictures.map((p) => p.filename)).toEqual(['apple.jpg', 'astronaut.jpg', 'brick.png', 'camera.png', 'cafe.jpg', 'chelsea.png']);
    expect(started.data!.startBatch.counts).toMatchObject({ total: 6, failed: 0 });
  });

  it('refuses no files, more than three steps and the Free plan with the jobs API codes, starting nothing', async () => {
    const owner = await premiumUser('gql-batch-refused');
    const apple = { name: 'apple.jpg', bytes: await smallPhoto('apple.jpg', 48) };

    const none = await startBatch(owner.token, UPSCALE, []);
    expect(none.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'images' });

    // Five files: past a tool mutation's three, so the steps' refusal proves startBatch's wider limit too.
    const fourSteps = await startBatch(
      owner.token,
      [1, 2, 3, 4].map(() => UPSCALE[0]!),
      [apple, apple, apple, apple, apple],
    );
    expect(fourSteps.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'steps' });
    expect(fourSteps.errors?.[0]?.message).toBe('At most 3 steps');

    const badOptions = await startBatch(owner.token, [{ tool: 'upscale-image', options: '{scale' }], [apple]);
    expect(badOptions.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'steps[0].options' });

    const free = await signUp(stack.url, 'Free', 'gql-batch-free');
    const refused = await startBatch(free.token, UPSCALE, [apple]);
    expect(refused.errors?.[0]?.extensions?.code).toBe('PREMIUM_REQUIRED');

    expect(await db().batch.count({ where: { userId: { in: [owner.user.id, free.user.id] } } })).toBe(0);
    expect(await db().job.count({ where: { userId: { in: [owner.user.id, free.user.id] } } })).toBe(0);
  });
});

describe('a batch event stream with Last-Event-ID', () => {
  it('resumes with the current state numbered on, answers 204 after the last event and 400 for an id it never wrote', async () => {
    const owner = await premiumUser('batch-resume');
    const started = await startBatch(
      owner.token,
      UPSCALE,
      await Promise.all(['apple.jpg', 'astronaut.jpg', 'cafe.jpg'].map(async (name) => ({ name, bytes: await smallPhoto(name, 400) }))),
    );
    const id = started.data!.startBatch.id;
    // The first event, then the connection dropped.
    const first = await readEvents((await events(owner.token, id)).body!, () => true);
    const firstId = first.events[0]!.id!;
    expect(firstId).toMatch(/^1-[0-9a-f]{8}(-end)?$/);
    const tag = firstId.split('-')[1]!;

    const resumed = await readEvents((await events(owner.token, id, firstId)).body!);
    expect(resumed.ended).toBe(true);
    // Numbered on from the client's id: the current state (2), then the new ones, to the closed batch.
    expect(resumed.events.map((e) => e.id)).toEqual(resumed.events.map((_, i) => `${i + 2}-${tag}${i === resumed.events.length - 1 ? '-end' : ''}`));
    const last = resumed.events.at(-1)!;
    expect(last.event).toBe('completed');
    expect(JSON.parse(last.data)).toMatchObject({ status: 'completed', counts: { completed: 3 }, finished_at: expect.any(String) });

    // Resumed after the end: 204, nothing more (EventSource stops reconnecting).
    const after = await events(owner.token, id, last.id);
    expect(after.status).toBe(204);
    expect(await after.text()).toBe('');

    // A closed batch resumed from before its end: its final state again, as the last event.
    const again = await readEvents((await events(owner.token, id, `${resumed.events.length}-${tag}`)).body!);
    expect(again.events.map((e) => [e.event, e.id])).toEqual([['completed', `${resumed.events.length + 1}-${tag}-end`]]);

    // Ids this stream never wrote: not its form, another batch's (or a job's), a plain number.
    const other = (Number.parseInt(tag, 16) ^ 1).toString(16).padStart(8, '0');
    for (const bad of ['abc', `3-${other}`, `3-${other}-end`, '7']) {
      const res = await events(owner.token, id, bad);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { code: string }).code, bad).toBe('BAD_USER_INPUT');
    }
  });
});
