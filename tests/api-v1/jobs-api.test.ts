// The jobs API's refusals and Idempotency-Key (docs/api-v1.md): every error is problem+json with
// GraphQL's code (401, 403 for a missing scope or plan, 404, 400 naming the field, 415, 429 with
// Retry-After); a different request with a used key is refused, concurrent duplicates make one
// job, and a multipart job (files as in the REST mirror) is the same job when repeated.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApiKey } from '../helpers/api-keys.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';
import { readEvents } from '../helpers/sse.js';

let stack: Awaited<ReturnType<typeof startStack>>;
const db = () => stack.server.app.services.db;

/** A user with an API key of these scopes. */
async function developer(scopes: ('read' | 'generate' | 'publish')[] = ['read', 'generate'], premium = false) {
  const account = await signUp(stack.url, 'Dev', 'jobs-api');
  if (premium) await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, account.token);
  const { key } = await createTestApiKey(db(), account.user.id, scopes);
  return { id: account.user.id, key, token: account.token };
}

async function call(method: string, path: string, key: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  const json = body !== undefined && !(body instanceof FormData) && typeof body !== 'string';
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

function expectProblem(r: Awaited<ReturnType<typeof call>>, status: number, code: string, field?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
  expect(r.body).toMatchObject({ type: `urn:atelier:problem:${code.toLowerCase().replaceAll('_', '-')}`, status, code, detail: expect.any(String), title: expect.any(String) });
  if (field) expect(r.body!.field).toBe(field);
}

const png = (shade: number) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: shade, g: 90, b: 160 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '0', TOOL_RATE_PER_MINUTE: '6', MAX_CONCURRENT_JOBS: '50' });
});
afterAll(() => stack?.close());

describe('errors as problem+json with the GraphQL codes', () => {
  it('401 without a key or with a wrong one, 404 for unknown routes and other users’ jobs, 403 without the scope', async () => {
    expectProblem(await call('POST', '/api/v1/articles', undefined, { topic: 'x' }), 401, 'UNAUTHENTICATED');
    const wrong = await call('GET', '/api/v1/usage', 'atl_0123456789_abcdefghijklmnopqrstuvwxyz012345');
    expectProblem(wrong, 401, 'UNAUTHENTICATED');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const owner = await developer();
    expectProblem(await call('GET', '/api/v1/no-such-thing', owner.key), 404, 'NOT_FOUND');
    expectProblem(await call('GET', `/api/v1/jobs/${randomUUID()}`, owner.key), 404, 'NOT_FOUND');
    expectProblem(await call('GET', '/api/v1/jobs/not-a-uuid/events', owner.key), 404, 'NOT_FOUND');

    const job = (await call('POST', '/api/v1/articles', owner.key, { topic: 'owls' })).body!;
    const stranger = await developer();
    expectProblem(await call('GET', `/api/v1/jobs/${job.id}`, stranger.key), 404, 'NOT_FOUND');
    expectProblem(await call('POST', `/api/v1/jobs/${job.id}/cancel`, stranger.key), 404, 'NOT_FOUND');

    // read: may read jobs, creations and usage, not start or cancel; generate: may start, cancel and read jobs only.
    const reader = await createTestApiKey(db(), owner.id, ['read']);
    const starter = await createTestApiKey(db(), owner.id, ['generate']);
    const refused = await call('POST', '/api/v1/articles', reader.key, { topic: 'owls' });
    expectProblem(refused, 403, 'FORBIDDEN');
    expect(refused.body!.scope).toBe('generate');
    expectProblem(await call('POST', `/api/v1/jobs/${job.id}/cancel`, reader.key), 403, 'FORBIDDEN');
    expect((await call('GET', `/api/v1/jobs/${job.id}`, reader.key)).status).toBe(200);
    expect((await call('GET', `/api/v1/jobs/${job.id}`, starter.key)).status).toBe(200);
    expectProblem(await call('GET', '/api/v1/creations', starter.key), 403, 'FORBIDDEN');
    expectProblem(await call('GET', '/api/v1/usage', starter.key), 403, 'FORBIDDEN');
    expect(await db().job.count({ where: { userId: owner.id } })).toBe(1);
  });

  it('400 naming the field, malformed JSON, 415 for other bodies, PREMIUM_REQUIRED, and 429 with Retry-After', async () => {
    const dev = await developer();
    expectProblem(await call('POST', '/api/v1/articles', dev.key, { topic: '   ' }), 400, 'BAD_USER_INPUT', 'topic');
    expectProblem(await call('POST', '/api/v1/articles', dev.key, { topic: 'owls', length: 'HUGE' }), 400, 'BAD_USER_INPUT', 'length');
    expectProblem(await call('POST', '/api/v1/articles', dev.key, [1, 2]), 400, 'BAD_USER_INPUT');
    expectProblem(await call('POST', '/api/v1/articles', dev.key, '{"topic": ', { 'content-type': 'application/json' }), 400, 'BAD_USER_INPUT');
    expectProblem(await call('POST', '/api/v1/articles', dev.key, 'topic=owls', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectProblem(await call('POST', '/api/v1/articles', dev.key, { topic: 'x'.repeat(1_100_000) }), 413, 'PAYLOAD_TOO_LARGE');
    expectProblem(await call('POST', '/api/v1/images', dev.key, { description: 'a fox' }), 403, 'PREMIUM_REQUIRED');
    expectProblem(await call('GET', '/api/v1/creations?first=0', dev.key), 400, 'BAD_USER_INPUT', 'first');
    expectProblem(await call('GET', '/api/v1/creations?after=nonsense', dev.key), 400, 'BAD_USER_INPUT', 'after');
    expectProblem(await call('POST', '/api/v1/articles', dev.key, { topic: 'owls' }, { 'idempotency-key': 'x'.repeat(256) }), 400, 'BAD_USER_INPUT', 'Idempotency-Key');
    const job = (await call('POST', '/api/v1/articles', dev.key, { topic: 'owls' })).body!;
    expectProblem(await call('GET', `/api/v1/jobs/${job.id}/events`, dev.key, undefined, { 'last-event-id': 'garbage' }), 400, 'BAD_USER_INPUT', 'Last-Event-ID');

    // TOOL_RATE_PER_MINUTE is 6 here; the refused requests above were refused before they counted.
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call('POST', '/api/v1/articles', dev.key, { topic: `owls ${i}` }));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = answers.at(-1)!;
    expectProblem(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(answers[0]!.headers.get('ratelimit-remaining')).toBe('4');
  });
});

describe('object removal with a brush and no name (docs/jobs-and-events.md, "Object removal by name or by brush")', () => {
  it('takes a mask with no object name (a job that removes the brushed area); neither a name nor a mask is 400 naming object', async () => {
    const dev = await developer(['read', 'generate'], true);
    // A white square on black: what the page's brush sends.
    const mask = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#000000' } })
      .composite([{ input: { create: { width: 12, height: 10, channels: 3, background: '#ffffff' } }, left: 18, top: 11 }])
      .png()
      .toBuffer();
    const form = async (fields: Record<string, string>, withMask: boolean) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      f.append('image', new Blob([new Uint8Array(await png(70))], { type: 'image/png' }), 'swatch.png');
      if (withMask) f.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
      return f;
    };
    for (const fields of [{}, { object: '' }, { object: '   ' }] as Record<string, string>[]) {
      const refused = await call('POST', '/api/v1/object-removals', dev.key, await form(fields, false));
      expectProblem(refused, 400, 'BAD_USER_INPUT', 'object');
      expect(refused.body!.detail).toBe('Please enter the object to remove');
    }
    // A name still follows its rules with a mask.
    const twoWords = await call('POST', '/api/v1/object-removals', dev.key, await form({ object: 'red car' }, true));
    expectProblem(twoWords, 400, 'BAD_USER_INPUT', 'object');
    expect(twoWords.body!.detail).toBe('Please enter only one object name');
    expect(await db().job.count({ where: { userId: dev.id } })).toBe(0);

    const started = await call('POST', '/api/v1/object-removals', dev.key, await form({ object: '' }, true));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const row = await db().job.findUniqueOrThrow({ where: { id: started.body!.id } });
    expect(row.input).toMatchObject({ prompt: 'Removed the brushed area from image', maskKey: expect.any(String) });
    expect(row.input).not.toHaveProperty('object');
    const res = await fetch(`${stack.url}/api/v1/jobs/${started.body!.id}/events`, { headers: { authorization: `Bearer ${dev.key}` } });
    const end = (await readEvents(res.body!)).events.at(-1)!;
    expect(end.event, end.data).toBe('completed');
    expect(JSON.parse(end.data)).toMatchObject({ creation: { type: 'OBJECT_REMOVAL', prompt: 'Removed the brushed area from image' } });
  });
});

describe('Idempotency-Key', () => {
  it('refuses a different body with a used key (422), and concurrent duplicates start one job', async () => {
    const dev = await developer();
    const key = randomUUID();
    const first = await call('POST', '/api/v1/blog-titles', dev.key, { keyword: 'gardening', category: 'LIFESTYLE' }, { 'idempotency-key': key });
    expect(first.status).toBe(202);
    expectProblem(await call('POST', '/api/v1/blog-titles', dev.key, { keyword: 'cooking' }, { 'idempotency-key': key }), 422, 'BAD_USER_INPUT', 'Idempotency-Key');
    expectProblem(await call('POST', '/api/v1/articles', dev.key, { keyword: 'gardening' }, { 'idempotency-key': key }), 422, 'BAD_USER_INPUT', 'Idempotency-Key');
    // Same fields in another order are the same request; another user's same key is theirs.
    expect((await call('POST', '/api/v1/blog-titles', dev.key, { category: 'LIFESTYLE', keyword: 'gardening' }, { 'idempotency-key': key })).body!.id).toBe(first.body!.id);
    const other = await developer();
    expect((await call('POST', '/api/v1/blog-titles', other.key, { keyword: 'gardening', category: 'LIFESTYLE' }, { 'idempotency-key': key })).body!.id).not.toBe(first.body!.id);

    const together = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/v1/articles', dev.key, { length: 'SHORT', topic: 'bees' }, { 'idempotency-key': together })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    expect(new Set(answers.map((a) => a.body!.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await db().job.count({ where: { userId: dev.id, kind: 'article' } })).toBe(1);

    // A request refused before its job existed leaves the key free.
    const unused = randomUUID();
    expectProblem(await call('POST', '/api/v1/articles', dev.key, { topic: '' }, { 'idempotency-key': unused }), 400, 'BAD_USER_INPUT', 'topic');
    expect((await call('POST', '/api/v1/articles', dev.key, { topic: 'moths' }, { 'idempotency-key': unused })).status).toBe(202);
  });

  it('takes multipart bodies with files as the REST mirror does, and repeats them by their bytes', async () => {
    const dev = await developer(['read', 'generate'], true);
    const form = async (shade: number, scale = '2') => {
      const f = new FormData();
      f.append('scale', scale);
      f.append('image', new Blob([new Uint8Array(await png(shade))], { type: 'image/png' }), 'swatch.png');
      return f;
    };
    const key = randomUUID();
    const first = await call('POST', '/api/v1/upscales', dev.key, await form(10), { 'idempotency-key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect((await call('POST', '/api/v1/upscales', dev.key, await form(10), { 'idempotency-key': key })).body!.id).toBe(first.body!.id);
    expectProblem(await call('POST', '/api/v1/upscales', dev.key, await form(200), { 'idempotency-key': key }), 422, 'BAD_USER_INPUT', 'Idempotency-Key');
    expectProblem(await call('POST', '/api/v1/upscales', dev.key, await form(10, '3')), 400, 'BAD_USER_INPUT', 'scale');
    const missing = new FormData();
    missing.append('scale', '4');
    expectProblem(await call('POST', '/api/v1/upscales', dev.key, missing), 400, 'BAD_USER_INPUT');

    const res = await fetch(`${stack.url}/api/v1/jobs/${first.body!.id}/events`, { headers: { authorization: `Bearer ${dev.key}` } });
    const end = (await readEvents(res.body!)).events.at(-1)!;
    expect(end.event, end.data).toBe('completed');
    const job = JSON.parse(end.data) as { creation: { type: string; content: string } };
    expect(job.creation.type).toBe('UPSCALE');
    const image = await fetch(new URL(job.creation.content, stack.url));
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(96);
    expect(await db().job.count({ where: { userId: dev.id } })).toBe(1);

    // Its creation is listed, a page at a time.
    const page = await call('GET', '/api/v1/creations?first=1', dev.key);
    expect(page.body).toMatchObject({ object: 'list', has_more: false, next_cursor: null, data: [{ type: 'UPSCALE', job_id: first.body!.id }] });

    // Concurrent multipart duplicates (each reserves the key once its files are read): one job.
    const racer = await developer(['generate'], true);
    const together = randomUUID();
    const forms = await Promise.all([1, 2, 3, 4].map(() => form(30)));
    const raced = await Promise.all(forms.map((f) => call('POST', '/api/v1/upscales', racer.key, f, { 'idempotency-key': together })));
    expect(raced.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(raced.map((a) => a.body!.id)).size).toBe(1);
    expect(await db().job.count({ where: { userId: racer.id } })).toBe(1);
  });
});
