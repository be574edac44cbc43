// Property-based fuzzing of the REST mirror (product §7): random JSON bodies, malformed
// bodies and random file paths. Every answer is JSON — a success or {success:false,
// code, message} with a known code — never a 500; a refusal stores nothing; no path
// reaches a file outside DATA_DIR/files.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyUuid, inputOf, plausibleText, weirdString } from '../helpers/fuzz.js';
import { seedCreations } from '../helpers/seed.js';
import { gqlOk, signUp, startStack } from '../helpers/server.js';
import { isolatedDatabase } from '../helpers/database.js';

const CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'PREMIUM_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
]);

let stack: Awaited<ReturnType<typeof startStack>>;
const tokens: Record<'free' | 'premium', string> = { free: '', premium: '' };
const userIds: string[] = [];
const ids: string[] = [];

beforeAll(async () => {
  // Its own database: "stores nothing on refusal" counts rows, which other test files change meanwhile.
  stack = await startStack({
    DATABASE_URL: await isolatedDatabase('fuzz_rest'),
    LOCAL_STREAM_DELAY_MS: '0',
    MAX_CONCURRENT_JOBS: '100000',
    TOOL_RATE_PER_MINUTE: '100000',
    LIKE_RATE_PER_MINUTE: '100000',
    FREE_TEXT_QUOTA: '100000',
  });
  const free = await signUp(stack.url, 'Free', 'fuzzrest');
  const premium = await signUp(stack.url, 'Prem', 'fuzzrest');
  await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
  tokens.free = free.token;
  tokens.premium = premium.token;
  userIds.push(free.user.id, premium.user.id);
  ids.push(...(await seedCreations(stack.server.app.services.db, premium.user.id, 2, { published: true })).map((c) => c.id));
});
afterAll(() => stack?.close());

async function counts() {
  const db = stack.server.app.services.db;
  const [jobs, likes, creations] = await Promise.all([db.job.count({ where: { userId: { in: userIds } } }), db.like.count(), db.creation.count()]);
  return { jobs, likes, creations };
}

async function send(method: string, path: string, body: string | undefined, auth: string | undefined, type = 'application/json') {
  const res = await fetch(`${stack.url}${path}`, { method, headers: { ...(body !== undefined ? { 'content-type': type } : {}), ...(auth ? { authorization: auth } : {}) }, body });
  const text = await res.text();
  let json: { success?: unknown; code?: unknown; message?: unknown; content?: unknown } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

function expectCoded(r: Awaited<ReturnType<typeof send>>) {
  expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
  expect(r.json, `not JSON: ${r.status} ${r.text.slice(0, 200)}`).toBeTypeOf('object');
  expect(typeof r.json!.success, r.text.slice(0, 200)).toBe('boolean');
  if (r.json!.success === false) {
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(CODES.has(String(r.json!.code)), `unexpected code: ${r.text.slice(0, 300)}`).toBe(true);
    expect(String(r.json!.message).length).toBeGreaterThan(0);
  }
}

const ROUTES = [
  {
    path: '/api/ai/generate-article',
    body: inputOf({ prompt: plausibleText.map((t) => `Write an article about ${t} in Short`), length: fc.constantFrom(800, 1200, 1600, '800') }),
    writes: ['jobs', 'creations'],
  },
  {
    path: '/api/ai/generate-blog-title',
    body: inputOf({
      prompt: fc.tuple(plausibleText, fc.constantFrom('General', 'Food', 'Nope')).map(([k, c]) => `Generate a blog title for the keyword ${k} in the category ${c}`),
    }),
    writes: ['jobs', 'creations'],
  },
  {
    path: '/api/ai/generate-image',
    body: inputOf({
      prompt: fc.tuple(plausibleText, fc.constantFrom('Realistic', '3D', 'Ghibli')).map(([d, s]) => `Generate an image of ${d} in the style ${s}`),
      publish: fc.boolean(),
    }),
    writes: ['jobs', 'creations'],
  },
  {
    path: '/api/user/toggle-like-creation',
    body: inputOf({
      id: fc.oneof(
        fc.constant(null).chain(() => fc.constantFrom(...ids)),
        anyUuid,
      ),
    }),
    writes: ['likes'],
  },
] as const;

describe('REST inputs (fast-check)', () => {
  it('answers random JSON bodies on every route with success or a coded refusal, and stores nothing on refusal', async () => {
    const cases = fc.oneof(...ROUTES.map((route, i) => fc.tuple(fc.constant(i), route.body as fc.Arbitrary<unknown>)));
    const who = fc.constantFrom<'free' | 'premium' | 'none' | 'forged'>('free', 'premium', 'premium', 'none', 'forged');
    await fc.assert(
      fc.asyncProperty(cases, who, async ([i, body], user) => {
        const route = ROUTES[i]!;
        const auth = user === 'none' ? undefined : user === 'forged' ? 'Bearer not-a-token' : `Bearer ${tokens[user]}`;
        const before = await counts();
        const r = await send('POST', route.path, JSON.stringify(body), auth);
        expectCoded(r);
        const after = await counts();
        const changed = (Object.keys(before) as (keyof typeof before)[]).filter((k) => before[k] !== after[k]);
        if (r.json?.success === false) expect(changed, `refused but stored: ${r.text.slice(0, 200)}`).toEqual([]);
        else for (const k of changed) expect(route.writes as readonly string[]).toContain(k);
      }),
      { numRuns: 60 },
    );
  });

  it('answers malformed, oversized and mistyped bodies and random GET query strings with a coded refusal', async () => {
    const bodies = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', 'null', '1e999', '\\u0000', ' '), maxLength: 40 }),
      fc.constant(`{"prompt":"${'x'.repeat(1_100_000)}"}`),
    );
    const paths = fc.constantFrom(...ROUTES.map((r) => r.path));
    await fc.assert(
      fc.asyncProperty(
        paths,
        bodies,
        fc.constantFrom('application/json', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded'),
        async (path, body, type) => {
          const before = await counts();
          const r = await send('POST', path, body, `Bearer ${tokens.premium}`, type);
          expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
          expect(r.json, `not JSON: ${r.status} ${r.text.slice(0, 200)}`).toBeTypeOf('object');
          if (r.status >= 400) expect(CODES.has(String(r.json!.code)), r.text.slice(0, 300)).toBe(true);
          if (r.json?.success === false) expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/user/get-user-creations', '/api/user/get-published-creations'),
        fc.dictionary(weirdString, weirdString, { maxKeys: 3 }),
        async (path, query) => {
          const qs = new URLSearchParams(query).toString();
          const r = await send('GET', `${path}?${qs}`, undefined, `Bearer ${tokens.free}`);
          expectCoded(r);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('never serves a file outside DATA_DIR/files, whatever the path', async () => {
    const dataDir = stack.config.dataDir;
    const canary = `canary-${randomUUID()}`;
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(join(dataDir, 'secret.txt'), canary);
    writeFileSync(join(dataDir, 'uploads', `${randomUUID()}.png`), canary);
    const segment = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%2E%2E',
        '..%2f',
        '..%5c',
        '%2f',
        '%252e%252e',
        '%00',
        'secret.txt',
        'uploads',
        'jwt-secret',
        'etc',
        'passwd',
        '..\\..\\secret.txt',
        '%c0%ae%c0%ae',
      ),
      weirdString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (parts) => {
        const url = new URL(`${stack.url}/files/${parts.join('/')}`); // as a client normalises it (`..` collapses)
        const res = await fetch(url);
        const body = await res.text();
        expect(res.status).toBeLessThan(500);
        expect(body).not.toContain(canary);
        // One name under /files/ that we did not make: never a file.
        if (/^\/files\/[^/]+$/.test(url.pathname)) expect(res.status, `${url.pathname.slice(0, 80)} → ${res.status}`).toBeOneOf([400, 404, 431]);
      }),
      { numRuns: 150 },
    );
  });

  it('accepted nothing it should not: every job the fuzzing started ended', async () => {
    const db = stack.server.app.services.db;
    const live = () => db.job.count({ where: { userId: { in: userIds }, phase: { notIn: ['COMPLETED', 'FAILED', 'CANCELLED'] } } });
    const until = Date.now() + 15_000;
    while ((await live()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await live()).toBe(0);
    expect(await db.job.count({ where: { userId: { in: userIds }, phase: 'FAILED' } })).toBe(0);
  });
});
