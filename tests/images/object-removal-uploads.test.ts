// Object removal with real-sized photos over real HTTP: the image and its brushed mask
// travel together in one GraphQL multipart request, in either order, and the mutation
// answers at once (a job), up to the 10 MB upload limit; the REST mirror takes the same
// files. A mask with no object name removes the brushed area; neither a name nor a mask is
// refused (docs/jobs-and-events.md, "Object removal by name or by brush"). An upload that
// stalls mid-file is refused with 408 instead of holding the request.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followJob, gqlOk, signUp, startStack, startTestServer } from '../helpers/server.js';

const REMOVE_OBJECT = 'mutation($image: Upload!, $object: String, $mask: Upload) { removeObject(image: $image, object: $object, mask: $mask) { id phase } }';
const IDLE_MS = 1000;

let stack: Awaited<ReturnType<typeof startStack>>;
/** A second API server, without workers, that gives up on a silent upload after IDLE_MS. */
let impatient: Awaited<ReturnType<typeof startTestServer>>;
let premium: { token: string; user: { id: string } };

interface Sample {
  name: string;
  image: Buffer;
  mask: Buffer;
  width: number;
  height: number;
}
let small: Sample; // coffee.png at 800×533: about 1 MB
let photo: Sample; // coffee.png at 2000×1333: about 5.7 MB
let noisy: Sample; // 1800×1800 of noise: about 9.7 MB, just under the 10 MB limit

const ellipseMask = (w: number, h: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="black"/>` +
        `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${Math.round(w / 8)}" ry="${Math.round(h / 6)}" fill="white"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

async function coffee(width: number, height: number): Promise<Sample> {
  const image = await sharp(readFileSync(join(import.meta.dirname, '../fixtures/photos/coffee.png')))
    .resize(width, height)
    .png()
    .toBuffer();
  return { name: `coffee ${width}×${height}`, image, mask: await ellipseMask(width, height), width, height };
}

const timings: string[] = [];

beforeAll(async () => {
  stack = await startStack({ MAX_CONCURRENT_JOBS: '20', TOOL_RATE_PER_MINUTE: '500' }, { workersLater: true });
  impatient = await startTestServer({ UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS), MAX_CONCURRENT_JOBS: '20', TOOL_RATE_PER_MINUTE: '500' });
  premium = await signUp(stack.url, 'Brush', 'brush');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
  small = await coffee(800, 533);
  photo = await coffee(2000, 1333);
  // Noise from a seeded generator (mulberry32): PNG cannot compress it, so the file stays near 1800 × 1800 × 3 bytes.
  const raw = Buffer.alloc(1800 * 1800 * 3);
  let seed = 0x5eed;
  for (let i = 0; i < raw.length; i += 4) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    raw.writeUInt32LE((t ^ (t >>> 14)) >>> 0, i);
  }
  noisy = {
    name: 'noise 1800×1800',
    image: await sharp(raw, { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer(),
    mask: await ellipseMask(1800, 1800),
    width: 1800,
    height: 1800,
  };
}, 120_000);
afterAll(async () => {
  if (timings.length) console.log(`GraphQL removeObject answer times:\n  ${timings.join('\n  ')}`);
  await impatient?.close();
  await stack?.close();
});

type Field = 'image' | 'mask';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const db = () => stack.server.app.services.db;
const uploadsDir = () => {
  try {
    return readdirSync(join(stack.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
};

/**
 * removeObject as one GraphQL multipart request whose file parts come in `order`; the map
 * lists them in `mapOrder` (by default the same). Parts are named as Apollo's link names them.
 */
async function removeObject(sample: Sample, order: Field[], opts: { mapOrder?: Field[]; image?: Buffer; url?: string; object?: string | null } = {}) {
  const files = { image: { part: '1', data: opts.image ?? sample.image, filename: 'photo.png' }, mask: { part: '2', data: sample.mask, filename: 'mask.png' } };
  const form = new FormData();
  const object = opts.object === undefined ? 'cup' : opts.object;
  form.append('operations', JSON.stringify({ query: REMOVE_OBJECT, variables: { image: null, mask: null, object } }));
  form.append('map', JSON.stringify(Object.fromEntries((opts.mapOrder ?? order).map((k) => [files[k].part, [`variables.${k}`]]))));
  for (const k of order) form.append(files[k].part, new Blob([new Uint8Array(files[k].data)], { type: 'image/png' }), files[k].filename);
  const started = performance.now();
  const res = await fetch(`${opts.url ?? stack.url}/graphql`, {
    method: 'POST',
    headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${premium.token}` },
    body: form,
    // A hung request fails the test instead of the test timing out.
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json()) as { data?: { removeObject: { id: string; phase: string } } | null; errors?: { message: string; extensions?: { code?: string } }[] };
  return { ms: performance.now() - started, status: res.status, body };
}

/** Jobs the worker is then asked to finish (the embedded remover takes seconds per photo, so not all of them). */
const queued: { id: string; sample: Sample; keys: string[] }[] = [];
/** Brush-only jobs (no object name) the worker is asked to finish too. */
const brushOnly: typeof queued = [];
const cancel = (id: string, url = stack.url) => gqlOk(url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id }, premium.token);

describe('removeObject over GraphQL multipart with real-sized uploads', () => {
  const orders: Field[][] = [
    ['image', 'mask'],
    ['mask', 'image'],
  ];
  for (const which of ['small', 'photo', 'noisy'] as const) {
    for (const order of orders) {
      it(`answers with a queued job in < 2 s: ${which}, ${order[0]} first in the body`, async () => {
        const sample = { small, photo, noisy }[which];
        if (which === 'small') expect(sample.image.length).toBeGreaterThan(1_000_000);
        if (which === 'noisy') expect(sample.image.length).toBeGreaterThan(9_500_000);
        expect(sample.image.length).toBeLessThanOrEqual(stack.config.UPLOAD_MAX_BYTES);
        const r = await removeObject(sample, order);
        expect(r.body.errors).toBeUndefined();
        expect(r.body.data!.removeObject.phase).toBe('QUEUED');
        timings.push(`${sample.name} (${(sample.image.length / 1e6).toFixed(2)} MB), ${order.join(' then ')}: ${r.ms.toFixed(0)} ms`);
        expect(r.ms).toBeLessThan(2000);
        // The job row, with both files kept byte for byte for the worker (no worker runs yet).
        const job = await db().job.findUniqueOrThrow({ where: { id: r.body.data!.removeObject.id } });
        expect(job).toMatchObject({ userId: premium.user.id, kind: 'object-removal', phase: 'QUEUED', percent: 0, error: null });
        const input = job.input as { object: string; filename: string; uploadKey: string; maskKey: string };
        expect(input).toMatchObject({ object: 'cup', filename: 'photo.png' });
        expect(sha(readFileSync(join(stack.config.dataDir, 'uploads', input.uploadKey)))).toBe(sha(sample.image));
        expect(sha(readFileSync(join(stack.config.dataDir, 'uploads', input.maskKey)))).toBe(sha(sample.mask));
        if (which === 'small' || (which === 'photo' && order[0] === 'image')) queued.push({ id: job.id, sample, keys: [input.uploadKey, input.maskKey] });
        else await cancel(job.id);
      });
    }
  }

  it('takes the files whatever order the map lists them in', async () => {
    for (const [order, mapOrder] of [
      [
        ['image', 'mask'],
        ['mask', 'image'],
      ],
      [
        ['mask', 'image'],
        ['image', 'mask'],
      ],
    ] as [Field[], Field[]][]) {
      const r = await removeObject(photo, order, { mapOrder });
      expect(r.body.errors).toBeUndefined();
      expect(r.ms).toBeLessThan(2000);
      const job = await db().job.findUniqueOrThrow({ where: { id: r.body.data!.removeObject.id } });
      const input = job.input as { uploadKey: string; maskKey: string };
      expect(sha(readFileSync(join(stack.config.dataDir, 'uploads', input.uploadKey)))).toBe(sha(photo.image));
      expect(sha(readFileSync(join(stack.config.dataDir, 'uploads', input.maskKey)))).toBe(sha(photo.mask));
      await cancel(job.id);
    }
  });

  it('takes a mask with no object name (null or blank) as a brush-only job; refuses neither a name nor a mask with the name message', async () => {
    const jobsBefore = await db().job.count({ where: { userId: premium.user.id } });
    for (const object of [null, '', '  ']) {
      const refused = await removeObject(small, ['image'], { object });
      expect(refused.body.errors?.[0], JSON.stringify(refused.body)).toMatchObject({
        message: 'Please enter the object to remove',
        extensions: { code: 'BAD_USER_INPUT', field: 'object' },
      });
    }
    // With a mask, a name given still follows every rule.
    const twoWords = await removeObject(small, ['image', 'mask'], { object: 'red car' });
    expect(twoWords.body.errors?.[0]).toMatchObject({ message: 'Please enter only one object name', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await db().job.count({ where: { userId: premium.user.id } })).toBe(jobsBefore);

    for (const object of [null, '']) {
      const r = await removeObject(small, ['image', 'mask'], { object });
      expect(r.body.errors, JSON.stringify(r.body)).toBeUndefined();
      expect(r.body.data!.removeObject.phase).toBe('QUEUED');
      const job = await db().job.findUniqueOrThrow({ where: { id: r.body.data!.removeObject.id } });
      const input = job.input as { object?: string; prompt: string; uploadKey: string; maskKey: string };
      expect(input).not.toHaveProperty('object');
      expect(input.prompt).toBe('Removed the brushed area from image');
      expect(sha(readFileSync(join(stack.config.dataDir, 'uploads', input.maskKey)))).toBe(sha(small.mask));
      // The first is finished by the worker below (a real photo, the brushed area only).
      if (object === null) brushOnly.push({ id: job.id, sample: small, keys: [input.uploadKey, input.maskKey] });
      else await cancel(job.id);
    }
  });

  it('refuses an image over UPLOAD_MAX_BYTES with PAYLOAD_TOO_LARGE at once, in either order, keeping nothing', async () => {
    const jobsBefore = await db().job.count({ where: { userId: premium.user.id } });
    const filesBefore = uploadsDir().length;
    const tooBig = Buffer.concat([noisy.image, Buffer.alloc(stack.config.UPLOAD_MAX_BYTES + 1 - noisy.image.length)]);
    for (const order of [
      ['image', 'mask'],
      ['mask', 'image'],
    ] as Field[][]) {
      const r = await removeObject(noisy, order, { image: tooBig });
      expect(r.body.errors?.[0]?.extensions?.code, JSON.stringify(r.body)).toBe('PAYLOAD_TOO_LARGE');
      expect(r.body.errors?.[0]?.message).toBe('The file is too large: the limit is 10 MB');
      expect(r.ms).toBeLessThan(2000);
    }
    expect(await db().job.count({ where: { userId: premium.user.id } })).toBe(jobsBefore);
    expect(uploadsDir().length).toBe(filesBefore);
  });

  it('finishes the queued jobs once a worker runs: the result is an image of the same size, the uploads are removed', async () => {
    await stack.startWorkers();
    const all = [...queued, ...brushOnly];
    expect(brushOnly).toHaveLength(1);
    const ended = await Promise.all(all.map(({ id }) => followJob(stack.url, premium.token, id, 110_000)));
    for (const [i, events] of ended.entries()) {
      const { id, sample } = all[i]!;
      const last = events.at(-1)!;
      expect(last, `${sample.name}: ${JSON.stringify(last)}`).toMatchObject({ phase: 'COMPLETED', creation: { type: 'OBJECT_REMOVAL' } });
      const job = await db().job.findUniqueOrThrow({ where: { id } });
      expect(job).toMatchObject({ phase: 'COMPLETED', percent: 100, creationId: last.creation!.id });
      const res = await fetch(`${stack.url}${last.creation!.content}`);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([sample.width, sample.height]);
      if (i < queued.length) continue;
      // The brush-only job: said as what it was, with no name anywhere.
      expect(events.map((e) => e.message)).toContain('Removing the brushed area');
      expect(last.message).toBe('Removed the brushed area');
      const row = await db().creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
      expect(row).toMatchObject({
        prompt: 'Removed the brushed area from image',
        metadata: { summary: 'Removed the brushed area', brushOnly: true, masked: true, found: null, brushed: true },
      });
      expect(row.metadata).not.toHaveProperty('object');
    }
    const left = new Set(uploadsDir());
    expect(all.flatMap((q) => q.keys).filter((k) => left.has(k))).toEqual([]);
  }, 120_000);
});

describe('the REST mirror POST /api/ai/remove-image-object', () => {
  for (const order of [
    ['image', 'mask'],
    ['mask', 'image'],
  ] as Field[][]) {
    it(`removes the brushed object from a ${'≥'} 1 MB photo, ${order[0]} first`, async () => {
      const form = new FormData();
      form.append('object', 'cup');
      const parts = { image: [photo.image, 'photo.png'], mask: [photo.mask, 'mask.png'] } as const;
      for (const k of order) form.append(k, new Blob([new Uint8Array(parts[k][0])], { type: 'image/png' }), parts[k][1]);
      const filesBefore = uploadsDir().length;
      const started = performance.now();
      const res = await fetch(`${stack.url}/api/ai/remove-image-object`, {
        method: 'POST',
        headers: { authorization: `Bearer ${premium.token}` },
        body: form,
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await res.json()) as { success: boolean; content: string };
      timings.push(`REST (answers when done) ${photo.name}, ${order.join(' then ')}: ${(performance.now() - started).toFixed(0)} ms`);
      expect(res.status).toBe(200);
      expect(body.success).toBe(true);
      // The owner's URL of a private image is signed; the row keeps the plain path.
      const row = await db().creation.findFirstOrThrow({ where: { content: new URL(body.content, stack.url).pathname, userId: premium.user.id } });
      expect(row).toMatchObject({ type: 'OBJECT_REMOVAL', prompt: 'Removed cup from image' });
      const meta = await sharp(Buffer.from(await (await fetch(`${stack.url}${body.content}`)).arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([photo.width, photo.height]);
      expect(uploadsDir().length).toBe(filesBefore);
    }, 90_000);
  }
});

describe('the REST mirror with a brush and no name', () => {
  const post = async (fields: Partial<Record<'object', string>>, files: Field[]) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const parts = { image: [photo.image, 'photo.png'], mask: [photo.mask, 'mask.png'] } as const;
    for (const k of files) form.append(k, new Blob([new Uint8Array(parts[k][0])], { type: 'image/png' }), parts[k][1]);
    const res = await fetch(`${stack.url}/api/ai/remove-image-object`, {
      method: 'POST',
      headers: { authorization: `Bearer ${premium.token}` },
      body: form,
      signal: AbortSignal.timeout(90_000),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; content?: string; code?: string; message: string } };
  };

  it('refuses neither a name nor a mask with the name message and BAD_USER_INPUT, starting nothing', async () => {
    const jobsBefore = await db().job.count({ where: { userId: premium.user.id } });
    for (const fields of [{}, { object: '' }]) {
      const r = await post(fields, ['image']);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'BAD_USER_INPUT', message: 'Please enter the object to remove' });
    }
    expect(await db().job.count({ where: { userId: premium.user.id } })).toBe(jobsBefore);
  });

  it('removes the brushed area of a ≥ 1 MB photo with no object field', async () => {
    const r = await post({}, ['image', 'mask']);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.success).toBe(true);
    const row = await db().creation.findFirstOrThrow({ where: { content: new URL(r.body.content!, stack.url).pathname, userId: premium.user.id } });
    expect(row).toMatchObject({ type: 'OBJECT_REMOVAL', prompt: 'Removed the brushed area from image', metadata: { summary: 'Removed the brushed area' } });
  }, 90_000);
});

/** A multipart body, built by hand so it can be sent in part. */
function multipart(boundary: string, parts: { name: string; value: Buffer | string; filename?: string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? 'Content-Type: image/png\r\n' : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * Sends the request's headers (announcing the whole body) and only the first `sendBytes`
 * of its body, then goes silent; resolves with what the server answered and when the
 * connection closed.
 */
function sendPart(url: string, path: string, headers: Record<string, string>, body: Buffer, sendBytes: number, opts: { hangUp?: boolean } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = performance.now();
    let answer = '';
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error(`no answer in 15 s; got so far: ${answer.slice(0, 200)}`));
    });
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4), ms: performance.now() - started });
    });
    const head = [`POST ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Length: ${body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join(
      '\r\n',
    );
    socket.write(head);
    socket.write(body.subarray(0, sendBytes), () => {
      if (opts.hangUp) setTimeout(() => socket.destroy(), 50);
    });
  });
}

describe('an upload that stalls mid-file', () => {
  const boundary = 'atelier-test-boundary';
  const graphqlBody = (order: Field[]) =>
    multipart(boundary, [
      { name: 'operations', value: JSON.stringify({ query: REMOVE_OBJECT, variables: { image: null, mask: null, object: 'cup' } }) },
      { name: 'map', value: JSON.stringify(Object.fromEntries(order.map((k) => [k, [`variables.${k}`]]))) },
      ...order.map((k) => ({ name: k, value: k === 'image' ? photo.image : photo.mask, filename: `${k}.png` })),
    ]);
  const headers = () => ({ 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${premium.token}`, 'apollo-require-preflight': 'true' });

  for (const order of [
    ['image', 'mask'],
    ['mask', 'image'],
  ] as Field[][]) {
    it(`gets 408 and a closed connection after ${IDLE_MS} ms of silence, not a hung request (GraphQL, ${order[0]} first)`, async () => {
      const jobsBefore = await db().job.count({ where: { userId: premium.user.id } });
      const filesBefore = uploadsDir().length;
      const body = graphqlBody(order);
      // Stop halfway through the photo: after its first half, or after the whole mask and half the photo.
      const photoStart = body.indexOf(photo.image.subarray(0, 64));
      const r = await sendPart(impatient.url, '/graphql', headers(), body, photoStart + Math.floor(photo.image.length / 2));
      expect(r.status).toBe(408);
      expect(JSON.parse(r.body)).toMatchObject({
        success: false,
        code: 'BAD_USER_INPUT',
        errors: [{ message: expect.stringMatching(/^The upload stalled/), extensions: { code: 'BAD_USER_INPUT' } }],
      });
      expect(r.ms).toBeGreaterThanOrEqual(IDLE_MS - 50);
      expect(r.ms).toBeLessThan(IDLE_MS + 3000);
      expect(await db().job.count({ where: { userId: premium.user.id } })).toBe(jobsBefore);
      expect(uploadsDir().length).toBe(filesBefore);
    });
  }

  it('gets 408 the same way before the operations have arrived', async () => {
    const body = graphqlBody(['image', 'mask']);
    const r = await sendPart(impatient.url, '/graphql', headers(), body, 40);
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body)).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('gets 408 on the REST mirror too', async () => {
    const jobsBefore = await db().job.count({ where: { userId: premium.user.id } });
    const body = multipart(boundary, [
      { name: 'object', value: 'cup' },
      { name: 'image', value: photo.image, filename: 'image.png' },
      { name: 'mask', value: photo.mask, filename: 'mask.png' },
    ]);
    const r = await sendPart(impatient.url, '/api/ai/remove-image-object', headers(), body, Math.floor(body.length / 3));
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, code: 'BAD_USER_INPUT', message: expect.stringMatching(/^The upload stalled/) });
    expect(r.ms).toBeLessThan(IDLE_MS + 3000);
    expect(await db().job.count({ where: { userId: premium.user.id } })).toBe(jobsBefore);
  });

  it('leaves nothing behind when the client hangs up mid-file, and the server keeps answering', async () => {
    const jobsBefore = await db().job.count({ where: { userId: premium.user.id } });
    const filesBefore = uploadsDir().length;
    const body = graphqlBody(['mask', 'image']);
    await sendPart(impatient.url, '/graphql', headers(), body, Math.floor(body.length / 2), { hangUp: true });
    const r = await removeObject(small, ['image', 'mask'], { url: impatient.url });
    expect(r.body.errors).toBeUndefined();
    expect(await db().job.count({ where: { userId: premium.user.id } })).toBe(jobsBefore + 1);
    expect(uploadsDir().length).toBe(filesBefore + 2);
    await cancel(r.body.data!.removeObject.id, impatient.url);
  });
});
