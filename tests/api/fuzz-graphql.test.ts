// Property-based fuzzing of every GraphQL operation a client can send: random unicode,
// huge strings and values of the wrong type in every argument. Every answer is a
// success or a refusal with a code (never a 500, never INTERNAL_SERVER_ERROR), and a
// refusal stores nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyUuid, inputOf, plausibleText, weirdString, weirdValue } from '../helpers/fuzz.js';
import { seedCreations } from '../helpers/seed.js';
import { gqlOk, signUp, startTestServer, type GqlResult } from '../helpers/server.js';
import { isolatedDatabase } from '../helpers/database.js';

/** Every code a refusal may carry: ours (docs/jobs-and-events.md) and the GraphQL layer's. */
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
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
]);

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
const ids: string[] = [];

beforeAll(async () => {
  // A database of its own: "stores nothing on refusal" counts rows, and other test files
  // write users, likes and jobs into the shared test database at the same time.
  const url = await isolatedDatabase('fuzz_graphql');
  // No workers: accepted jobs stay queued, which is all these properties need.
  server = await startTestServer({
    DATABASE_URL: url,
    MAX_CONCURRENT_JOBS: '100000',
    TOOL_RATE_PER_MINUTE: '100000',
    LIKE_RATE_PER_MINUTE: '100000',
    FREE_TEXT_QUOTA: '100000',
    AUTH_RATE_PER_MINUTE: '100000',
    MESSAGE_RATE_PER_HOUR: '100000',
  });
  const me = await signUp(server.url, 'Fuzz', 'fuzzgql');
  token = me.token;
  await gqlOk(server.url, 'mutation { startTrial { plan } }', {}, token);
  const other = await signUp(server.url, 'Other', 'fuzzgql');
  const made = [...(await seedCreations(server.app.services.db, me.user.id, 2, { published: true })), ...(await seedCreations(server.app.services.db, other.user.id, 2))];
  ids.push(...made.map((c) => c.id));
});
afterAll(() => server?.close());

const knownId = () => fc.oneof(fc.constantFrom(...ids), anyUuid);
const enumOr = (...values: string[]) => fc.constantFrom(...values);

/** Each operation, with plausible-or-weird variables, and the tables a success may change. */
const operations = () => [
  {
    doc: 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id phase } }',
    vars: fc.record({ input: inputOf({ topic: plausibleText, length: enumOr('SHORT', 'MEDIUM', 'LONG') }) }),
    writes: ['job'],
  },
  {
    doc: 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }',
    vars: fc.record({ input: inputOf({ keyword: plausibleText, category: enumOr('GENERAL', 'FOOD', 'TRAVEL') }) }),
    writes: ['job'],
  },
  {
    doc: 'mutation($input: GenerateImageInput!) { generateImage(input: $input) { id } }',
    vars: fc.record({ input: inputOf({ description: plausibleText, style: enumOr('REALISTIC', 'THREE_D', 'ANIME'), publish: fc.boolean() }) }),
    writes: ['job'],
  },
  { doc: 'mutation($id: ID!) { cancelJob(id: $id) { id phase } }', vars: fc.record({ id: anyUuid }), writes: [] },
  { doc: 'mutation($id: ID!) { toggleLike(creationId: $id) { id likeCount likedByMe } }', vars: fc.record({ id: knownId() }), writes: ['like'] },
  {
    doc: 'mutation($id: ID!, $p: Boolean!) { setCreationPublished(id: $id, publish: $p) { id published } }',
    vars: fc.record({ id: knownId(), p: fc.oneof(fc.boolean(), weirdValue) }),
    writes: [],
  },
  { doc: 'mutation($id: ID!) { deleteCreation(id: $id) }', vars: fc.record({ id: anyUuid }), writes: ['creation', 'like'] },
  { doc: 'query($id: ID!) { creation(id: $id) { id prompt content likeCount user { firstName } } }', vars: fc.record({ id: knownId() }), writes: [] },
  { doc: 'query($id: ID!) { job(id: $id) { id phase } }', vars: fc.record({ id: anyUuid }), writes: [] },
  {
    doc: 'query($f: Int!, $a: String) { myCreations(first: $f, after: $a) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }',
    vars: fc.record({ f: fc.oneof(fc.integer({ min: -5, max: 200 }), weirdValue), a: fc.oneof(fc.constant(null), weirdString, fc.base64String()) }),
    writes: [],
  },
  {
    doc: 'query($f: Int!, $a: String) { communityFeed(first: $f, after: $a) { edges { node { id likeCount } } } }',
    vars: fc.record({ f: fc.oneof(fc.integer({ min: -5, max: 200 }), weirdValue), a: fc.oneof(fc.constant(null), weirdString, fc.base64String()) }),
    writes: [],
  },
  {
    doc: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }',
    vars: fc.record({ e: fc.oneof(fc.emailAddress(), weirdValue), p: weirdValue }),
    writes: [],
  },
  {
    doc: 'mutation($input: SignUpInput!) { signUp(input: $input) { token } }',
    vars: fc.record({ input: inputOf({ email: fc.emailAddress(), password: fc.constant('Correct-Horse-9'), firstName: plausibleText, lastName: plausibleText }) }),
    writes: ['user'],
  },
  {
    doc: 'mutation($input: FeedbackInput!) { submitFeedback(input: $input) }',
    vars: fc.record({
      input: inputOf({
        name: plausibleText,
        email: fc.emailAddress(),
        message: plausibleText,
        category: enumOr('general_feedback', 'other'),
        rating: fc.integer({ min: -2, max: 8 }),
      }),
    }),
    writes: ['feedback'],
  },
  {
    doc: 'mutation($input: ContactInput!) { submitContact(input: $input) }',
    vars: fc.record({ input: inputOf({ name: plausibleText, email: fc.emailAddress(), subject: plausibleText, message: plausibleText }) }),
    writes: ['contactMessage'],
  },
  { doc: 'mutation($e: String!) { subscribeNewsletter(email: $e) }', vars: fc.record({ e: fc.oneof(fc.emailAddress(), weirdValue) }), writes: ['newsletterSubscriber'] },
];

const TABLES = ['job', 'creation', 'like', 'feedback', 'contactMessage', 'newsletterSubscriber', 'user'] as const;
async function counts(): Promise<Record<string, number>> {
  const db = server.app.services.db as unknown as Record<string, { count(): Promise<number> }>;
  return Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await db[t]!.count()] as const)));
}

async function post(body: string, auth?: string): Promise<GqlResult & { text: string }> {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) }, body });
  const text = await res.text();
  let parsed: Omit<GqlResult, 'status'> = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    /* checked below */
  }
  return { status: res.status, text, ...parsed };
}

/** A success, or a refusal whose every error has a message and a known code. */
function expectCodedAnswer(r: GqlResult & { text: string }) {
  expect(r.status, r.text).toBeLessThan(500);
  expect(r.data !== undefined || r.errors !== undefined, `not a GraphQL answer: ${r.status} ${r.text.slice(0, 200)}`).toBe(true);
  for (const e of r.errors ?? []) {
    expect(typeof e.message === 'string' && e.message.length > 0, r.text).toBe(true);
    expect(CODES.has(String(e.extensions?.code)), `unexpected code in ${r.text.slice(0, 300)}`).toBe(true);
  }
}

describe('GraphQL inputs (fast-check)', () => {
  it('answers every operation with random arguments with success or a coded refusal, and stores nothing on refusal', async () => {
    const ops = operations();
    const tally: Record<string, number> = {};
    const auth = fc.oneof(
      { weight: 6, arbitrary: fc.constant('good') },
      { weight: 1, arbitrary: fc.constant('none') },
      { weight: 1, arbitrary: weirdString.map((s) => `Bearer ${s}`) },
    );
    const cases = fc.oneof(...ops.map((op, i) => fc.tuple(fc.constant(i), op.vars as fc.Arbitrary<Record<string, unknown>>)));
    await fc.assert(
      fc.asyncProperty(cases, auth, async ([i, vars], who) => {
        const op = ops[i]!;
        const header = who === 'good' ? `Bearer ${token}` : who === 'none' ? undefined : who.replace(/[^\t\x20-\x7e]/g, '');
        const before = await counts();
        const r = await post(JSON.stringify({ query: op.doc, variables: vars }), header);
        if (process.env.FUZZ_STATS)
          tally[`${op.doc.slice(0, 40)} ${r.errors?.[0]?.extensions?.code ?? 'ok'}`] = (tally[`${op.doc.slice(0, 40)} ${r.errors?.[0]?.extensions?.code ?? 'ok'}`] ?? 0) + 1;
        expectCodedAnswer(r);
        const after = await counts();
        const changed = TABLES.filter((t) => after[t] !== before[t]);
        if (r.errors?.length) expect(changed, `refused but stored: ${r.text.slice(0, 200)}`).toEqual([]);
        else for (const t of changed) expect(op.writes).toContain(t);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 250), seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    if (process.env.FUZZ_STATS) console.log(tally);
  });

  it('answers random documents and random request bodies with a coded 4xx', async () => {
    const bodies = fc.oneof(
      weirdString.map((q) => JSON.stringify({ query: q })),
      fc
        .string({ unit: fc.constantFrom('{', '}', '(', ')', '$', ':', '!', '@', '...', 'query', 'mutation', 'me', 'id', ' ', '"', '#', '\n'), maxLength: 60 })
        .map((q) => JSON.stringify({ query: q })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.record({ query: weirdValue, variables: weirdValue, operationName: weirdValue }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 200 }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const r = await post(body);
        expect(r.status, r.text).toBeLessThan(500);
        if (r.status >= 400) {
          expect(r.errors?.length, `no errors in ${r.status} ${r.text.slice(0, 200)}`).toBeGreaterThan(0);
          for (const e of r.errors ?? []) expect(CODES.has(String(e.extensions?.code)), r.text.slice(0, 300)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
    expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
  });
});
