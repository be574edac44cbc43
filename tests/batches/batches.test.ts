// Batches and chains end to end (docs/batches.md): real photos through a real API, worker,
// Postgres and Redis; per-picture progress over GraphQL and SSE; damaged pictures listed with
// their reasons while the rest go on; cancel; the zip read back with yauzl; a chain of two steps;
// another user's batch refused.
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, gqlOk, signUp, signUpPremium, startStack, waitFor, wsClient } from '../helpers/server.js';
import { readEvents } from '../helpers/sse.js';
import { cutShort, smallPhoto } from '../fixtures/small-photos.js';

let stack: Awaited<ReturnType<typeof startStack>>;
const db = () => stack.server.app.services.db;

const premiumUser = (tag: string) => signUpPremium(stack.url, 'Batch', tag);

async function startBatch(token: string, files: { name: string; bytes: Buffer; field?: string }[], steps: unknown) {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'images', new Blob([new Uint8Array(f.bytes)]), f.name);
  form.append('steps', JSON.stringify(steps));
  const res = await fetch(`${stack.url}/api/v1/batches`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const BATCH_PROGRESS = `subscription($id: ID!) { batchProgress(batchId: $id) { id status finishedAt counts { total queued running completed failed cancelled }
  pictures { index jobId filename phase percent step message error errorCode creation { id content type } } } }`;

type BatchEvent = {
  batchProgress: {
    status: string;
    finishedAt: string | null;
    counts: Record<string, number>;
    pictures: {
      index: number;
      jobId: string;
      phase: string;
      percent: number;
      step: number | null;
      message: string | null;
      error: string | null;
      errorCode: string | null;
      creation: { content: string } | null;
    }[];
  };
};

/** Follows a batch over GraphQL until every picture has ended. */
async function followBatch(token: string, id: string, timeoutMs = 90_000) {
  const client = wsClient(stack.url, token);
  const sub = collect<BatchEvent>(client, BATCH_PROGRESS, { id });
  const events = () => sub.items.map((i) => i.batchProgress);
  try {
    await waitFor(
      () => {
        const counts = events().at(-1)?.counts;
        return sub.errors.length > 0 || (counts !== undefined && counts.queued! + counts.running! === 0);
      },
      timeoutMs,
      `batch ${id}`,
    );
    if (sub.errors.length) throw new Error(JSON.stringify(sub.errors));
    return events();
  } finally {
    sub.dispose();
    await client.dispose();
  }
}

async function zipEntries(token: string, id: string) {
  const res = await fetch(`${stack.url}/api/v1/batches/${id}/zip`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const bytes = Buffer.from(await res.arrayBuffer());
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z!))));
  const entries: { name: string; bytes: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream!.on('data', (c: Buffer) => chunks.push(c));
        stream!.on('end', () => {
          entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
          zip.readEntry();
        });
      }),
    );
    zip.readEntry();
  });
  return entries;
}

beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '60', TOOL_RATE_PER_MINUTE: '60' });
});
afterAll(() => stack?.close());

describe('batches', () => {
  it('runs several photos as one batch with per-picture progress; damaged ones are listed with their reasons; the zip holds the rest', async () => {
    const owner = await premiumUser('batch-owner');
    // Ten pictures, two of them damaged (the third and the seventh).
    const good = ['apple.jpg', 'astronaut.jpg', 'cafe.jpg', 'coffee.png', 'chelsea.png', 'camera.png', 'grace_hopper.jpg', 'rocket.jpg'];
    const files = await Promise.all(good.map(async (name) => ({ name, bytes: await smallPhoto(name) })));
    files.splice(2, 0, { name: 'broken-1.jpg', bytes: await cutShort('cafe.jpg') });
    files.splice(6, 0, { name: 'broken-2.jpg', bytes: await cutShort('astronaut.jpg') });
    const started = await startBatch(owner.token, files, [{ tool: 'upscale-image', options: { scale: 2 } }]);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ object: 'batch', tool: 'upscale-image', runs: 10, counts: { total: 10, failed: 2 } });
    const id = started.body.id as string;

    const events = await followBatch(owner.token, id);
    const last = events.at(-1)!;
    expect(last.counts).toMatchObject({ total: 10, completed: 8, failed: 2, queued: 0, running: 0 });
    // The first state with every picture ended is the last, and it is the batch closed (not still RUNNING a moment before its parent job closes it).
    expect([last.status, Date.parse(last.finishedAt!) > 0]).toEqual(['COMPLETED', true]);
    expect(events.filter((e) => e.counts.queued! + e.counts.running! === 0)).toHaveLength(1);
    // Each picture moved on its own: some snapshot shows a picture working while another had not finished.
    expect(events.some((e) => e.pictures.some((p) => p.phase !== 'QUEUED' && p.percent > 0 && p.percent < 100))).toBe(true);
    const failed = last.pictures.filter((p) => p.phase === 'FAILED');
    expect(failed.map((p) => p.index)).toEqual([2, 6]);
    for (const p of failed) expect(p.error).toMatch(/damaged or incomplete/);
    for (const p of last.pictures.filter((q) => q.phase === 'COMPLETED')) expect(p.creation?.content).toMatch(/^\/files\//);
    expect((await db().batch.findUniqueOrThrow({ where: { id } })).status).toBe('COMPLETED');

    // One creation per good picture, exactly.
    const jobIds = (await db().batch.findUniqueOrThrow({ where: { id } })).jobIds;
    expect(await db().creation.count({ where: { jobId: { in: jobIds } } })).toBe(8);

    const entries = await zipEntries(owner.token, id);
    const place = (name: string) => String(files.findIndex((f) => f.name === name) + 1).padStart(2, '0');
    expect(entries.map((e) => e.name)).toEqual([...good.map((name) => `${place(name)}-${name.replace(/\.\w+$/, '.png')}`), 'failures.txt']);
    for (const e of entries.slice(0, 8)) {
      expect([...e.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]); // PNG, as the upscaler writes
      const meta = await sharp(e.bytes).metadata();
      expect(meta.width).toBe(192); // 96 px made 2× larger
    }
    expect(entries[8]!.bytes.toString()).toMatch(/3\. broken-1\.jpg: The image file is damaged/);
    expect(entries[8]!.bytes.toString()).toMatch(/7\. broken-2\.jpg: The image file is damaged/);

    // The same over SSE: a finished batch answers its state at once and ends.
    const res = await fetch(`${stack.url}/api/v1/batches/${id}/events`, { headers: { authorization: `Bearer ${owner.token}` } });
    const read = await readEvents(res.body!);
    expect(read.events.at(-1)!.event).toBe('completed');
    expect(JSON.parse(read.events.at(-1)!.data)).toMatchObject({ status: 'completed', finished_at: expect.any(String), counts: { completed: 8, failed: 2 } });
  });

  it('runs a chain of two steps, saying which step each picture is in', async () => {
    const owner = await premiumUser('batch-chain');
    const started = await startBatch(
      owner.token,
      [{ name: 'apple.jpg', bytes: await smallPhoto('apple.jpg', 300) }],
      [
        { tool: 'upscale-image', options: { scale: 2 } },
        { tool: 'upscale-image', options: { scale: 2 } },
      ],
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.runs).toBe(2);
    const events = await followBatch(owner.token, started.body.id);
    const last = events.at(-1)!;
    expect(last.counts.completed, JSON.stringify(last.pictures)).toBe(1);
    const steps = new Set(events.flatMap((e) => e.pictures.map((p) => p.step)).filter((s) => s !== null));
    expect(steps.has(2), JSON.stringify(events.map((e) => [e.pictures[0]!.phase, e.pictures[0]!.percent, e.pictures[0]!.message]))).toBe(true);
    const [entry] = await zipEntries(owner.token, started.body.id);
    expect((await sharp(entry!.bytes).metadata()).width).toBe(1200); // 300 px, ×2, then ×2
    const creation = await db().creation.findFirstOrThrow({ where: { jobId: last.pictures[0]!.jobId } });
    expect(creation.metadata).toMatchObject({ steps: ['upscale-image', 'upscale-image'] });
  });

  it('takes a zip of pictures, and cancels what has not finished', async () => {
    const owner = await premiumUser('batch-cancel');
    // Made by archiver, as a user's zip would be.
    const { ZipArchive } = await import('archiver');
    const archive = new ZipArchive({});
    const chunks: Buffer[] = [];
    archive.on('data', (c: Buffer) => chunks.push(c));
    const names = ['apple.jpg', 'astronaut.jpg', 'cafe.jpg', 'chelsea.png', 'camera.png', 'brick.png'];
    for (const n of names) archive.append(await smallPhoto(n, 400), { name: `photos/${n}` });
    await archive.finalize();
    const started = await startBatch(owner.token, [{ name: 'photos.zip', bytes: Buffer.concat(chunks), field: 'zip' }], [{ tool: 'upscale-image', options: { scale: 4 } }]);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.pictures.map((p: { filename: string }) => p.filename)).toEqual(names);
    const cancel = await fetch(`${stack.url}/api/v1/batches/${started.body.id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } });
    const after = (await cancel.json()) as Record<string, any>;
    expect(after.status).toBe('cancelled');
    expect(after.counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(after.counts.queued + after.counts.running).toBe(0);
    // Nothing cancelled comes back to life: a few seconds on, the same pictures are cancelled.
    await new Promise((r) => setTimeout(r, 1500));
    const again = (await (await fetch(`${stack.url}/api/v1/batches/${started.body.id}`, { headers: { authorization: `Bearer ${owner.token}` } })).json()) as Record<string, any>;
    expect(again.counts.cancelled).toBe(after.counts.cancelled);
    const jobIds = (await db().batch.findUniqueOrThrow({ where: { id: started.body.id } })).jobIds;
    expect(await db().creation.count({ where: { jobId: { in: jobIds } } })).toBe(again.counts.completed);
  });

  it("refuses another user's batch with NOT_FOUND, and a free plan with PREMIUM_REQUIRED", async () => {
    const owner = await premiumUser('batch-mine');
    const started = await startBatch(owner.token, [{ name: 'apple.jpg', bytes: await smallPhoto('apple.jpg', 48) }], [{ tool: 'upscale-image', options: { scale: 2 } }]);
    const id = started.body.id as string;
    const stranger = await premiumUser('batch-stranger');
    const auth = { authorization: `Bearer ${stranger.token}` };
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/zip'],
      ['GET', '/events'],
      ['POST', '/cancel'],
    ] as const) {
      const res = await fetch(`${stack.url}/api/v1/batches/${id}${path}`, { method, headers: auth });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
    const r = await gql(stack.url, 'query($id: ID!) { batch(id: $id) { id } }', { id }, stranger.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const mine = await gqlOk<{ batch: { id: string } }>(stack.url, 'query($id: ID!) { batch(id: $id) { id } }', { id }, owner.token);
    expect(mine.batch.id).toBe(id);

    const free = await signUp(stack.url, 'Free', 'batch-free');
    const refused = await startBatch(free.token, [{ name: 'apple.jpg', bytes: await smallPhoto('apple.jpg', 48) }], [{ tool: 'upscale-image', options: { scale: 2 } }]);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PREMIUM_REQUIRED');
    const tooMany = await startBatch(
      owner.token,
      [{ name: 'a.jpg', bytes: await smallPhoto('apple.jpg', 48) }],
      [1, 2, 3, 4].map(() => ({ tool: 'upscale-image', options: { scale: 2 } })),
    );
    expect(tooMany.status).toBe(400);
  });
});
