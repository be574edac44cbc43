// Anonymous writes from the public site (contact, feedback, newsletter) are limited per client
// address, each executed field counted (aliases included), with bounded field sizes; a
// newsletter address is stored once however often and however spelled it is sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '../../server/shared/platform/constants.js';
import { startTestServer, wsClient } from '../helpers/server.js';

const LIMIT = 30;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ MESSAGE_RATE_PER_HOUR: String(LIMIT) });
});
afterAll(() => server.close());

type Errors = { message: string; path?: string[]; extensions?: { code?: string; field?: string; retryAfterSeconds?: number } }[];
interface Result {
  status: number;
  data?: Record<string, boolean | null> | null;
  errors?: Errors;
}

async function post(address: string, query: string, variables: Record<string, unknown> = {}): Promise<Result> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, ...((await res.json()) as Omit<Result, 'status'>) };
}

/** One document with `n` aliased submitContact fields, all sharing $i. */
const contactFlood = (n: number) => `mutation($i: ContactInput!) { ${Array.from({ length: n }, (_, k) => `c${k}: submitContact(input: $i)`).join(' ')} }`;
const marker = (tag: string) => `${tag}-${process.pid}-${Date.now()}@example.test`;
const contact = (email: string) => ({ name: 'Flood', email, subject: 'Hello', message: 'x'.repeat(MESSAGE_MAX_LENGTH) });

describe('anonymous writes', () => {
  it('counts every aliased field against the address: of 7 + 15 × 3 aliased fields exactly the limit are stored', async () => {
    const email = marker('flood');
    const results = [];
    for (const n of [7, 15, 15, 15]) results.push(await post('203.0.113.1', contactFlood(n), { i: contact(email) }));
    expect(await server.app.services.db.contactMessage.count({ where: { email } })).toBe(LIMIT);
    expect(Object.values(results[0]!.data ?? {})).toEqual(Array(7).fill(true));
    expect(Object.values(results[1]!.data ?? {})).toEqual(Array(15).fill(true));
    // The 3rd request stores 8 and is refused at its 9th field, the 4th at its first; a
    // non-null mutation field that fails ends the document (GraphQL runs no field after it).
    for (const r of results.slice(2)) {
      expect(r.status).toBe(200);
      expect(r.data).toBeNull();
      expect(r.errors).toHaveLength(1);
      const e = r.errors![0]!;
      expect(e.extensions?.code).toBe('RATE_LIMITED');
      expect(e.extensions?.retryAfterSeconds).toBeGreaterThan(0);
      expect(e.extensions?.retryAfterSeconds).toBeLessThanOrEqual(60 * 60);
      expect(e.message).toMatch(/^Too many messages from your address\. Please wait \d+ s/);
    }
    expect(results[2]!.errors![0]!.path).toEqual(['c8']);
    expect(results[3]!.errors![0]!.path).toEqual(['c0']);

    // Another address is not affected.
    expect((await post('203.0.113.2', contactFlood(1), { i: contact(email) })).data).toEqual({ c0: true });
    expect(await server.app.services.db.contactMessage.count({ where: { email } })).toBe(LIMIT + 1);
  });

  it('shares one budget between contact, feedback and newsletter, refused ones writing nothing', async () => {
    const address = '203.0.113.3';
    const email = marker('mixed');
    const feedback = { name: 'F', email, message: 'Nice', category: 'other', rating: 4 };
    const fb = `mutation($f: FeedbackInput!) { ${Array.from({ length: 15 }, (_, k) => `f${k}: submitFeedback(input: $f)`).join(' ')} }`;
    const news = `mutation { ${Array.from({ length: 15 }, (_, k) => `n${k}: subscribeNewsletter(email: "n${k}-${email}")`).join(' ')} }`;
    expect(Object.values((await post(address, fb, { f: feedback })).data ?? {}).every((v) => v === true)).toBe(true);
    expect(Object.values((await post(address, news)).data ?? {}).every((v) => v === true)).toBe(true);
    const over = await Promise.all([
      post(address, fb, { f: feedback }),
      post(address, contactFlood(3), { i: contact(email) }),
      post(address, `mutation { subscribeNewsletter(email: "late-${email}") }`),
    ]);
    for (const r of over) expect(r.errors?.map((e) => e.extensions?.code)).toEqual(['RATE_LIMITED']);
    const { db } = server.app.services;
    expect(await db.feedback.count({ where: { email } })).toBe(15);
    expect(await db.newsletterSubscriber.count({ where: { email: { endsWith: email } } })).toBe(15);
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
  });

  it('applies the same limit to mutations over a WebSocket', async () => {
    const email = marker('ws');
    const client = wsClient(server.url);
    try {
      const run = () =>
        new Promise<{ data?: Record<string, unknown> | null; errors?: Errors }>((resolve, reject) => {
          let last: { data?: Record<string, unknown> | null; errors?: Errors } = {};
          client.subscribe({ query: contactFlood(15), variables: { i: contact(email) } }, { next: (v) => (last = v as typeof last), error: reject, complete: () => resolve(last) });
        });
      const results = [await run(), await run(), await run()];
      expect(results.flatMap((r) => Object.values(r.data ?? {})).filter((v) => v === true)).toHaveLength(LIMIT);
      expect(results[2]!.errors?.map((e) => e.extensions?.code)).toEqual(['RATE_LIMITED']);
      expect(await server.app.services.db.contactMessage.count({ where: { email } })).toBe(LIMIT);
    } finally {
      await client.dispose();
    }
  });

  it('refuses oversize fields with BAD_USER_INPUT naming the field, storing nothing', async () => {
    const address = '203.0.113.4';
    const email = marker('big');
    const base = { name: 'Big', email, subject: 'Hi', message: 'Hello' };
    const cases: [Record<string, string>, string][] = [
      [{ name: 'n'.repeat(NAME_MAX_LENGTH + 1) }, 'name'],
      [{ subject: 's'.repeat(SUBJECT_MAX_LENGTH + 1) }, 'subject'],
      [{ message: 'm'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'message'],
      [{ email: `${'e'.repeat(EMAIL_MAX_LENGTH)}@example.test` }, 'email'],
    ];
    for (const [change, field] of cases) {
      const r = await post(address, 'mutation($i: ContactInput!) { submitContact(input: $i) }', { i: { ...base, ...change } });
      expect(r.errors?.[0]?.extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    const feedback = { name: 'Big', email, message: 'm'.repeat(MESSAGE_MAX_LENGTH + 1), category: 'other', rating: 3 };
    const fb = await post(address, 'mutation($f: FeedbackInput!) { submitFeedback(input: $f) }', { f: feedback });
    expect(fb.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'message' });
    const news = await post(address, 'mutation($e: String!) { subscribeNewsletter(email: $e) }', { e: `${'e'.repeat(EMAIL_MAX_LENGTH)}@example.test` });
    expect(news.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const { db } = server.app.services;
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
    expect(await db.feedback.count({ where: { email } })).toBe(0);
  });

  it('stores a newsletter address once, however often, concurrently and however spelled it comes', async () => {
    const email = marker('news');
    const spellings = [email, email.toUpperCase(), `  ${email} `, `\t${email.replace(/^n/, 'N')}`];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, k) => post(`198.51.100.${k + 1}`, 'mutation($e: String!) { subscribeNewsletter(email: $e) }', { e: spellings[k % spellings.length] })),
    );
    for (const r of results) expect(r).toEqual({ status: 200, data: { subscribeNewsletter: true } });
    expect(await server.app.services.db.newsletterSubscriber.count({ where: { email } })).toBe(1);
    // A repeat answers exactly as a first subscription does: nothing tells whether it existed.
    const fresh = await post('198.51.100.50', 'mutation($e: String!) { subscribeNewsletter(email: $e) }', { e: marker('fresh') });
    const again = await post('198.51.100.51', 'mutation($e: String!) { subscribeNewsletter(email: $e) }', { e: email });
    expect(again).toEqual(fresh);
  });
});
