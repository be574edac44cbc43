// HTTP as clients and caches expect it (docs/security-testing.md, "HTTP conventions"):
// Strict-Transport-Security only on answers that went out over HTTPS, 405 with Allow for a
// method a page does not answer, dynamic answers compressed for clients that accept it (never an
// event stream), and Vary: Accept-Encoding on every page, compressed or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await signUp(server.url, 'Headers', 'http-conventions'));
});
afterAll(() => server?.close());

describe('HTTP conventions', () => {
  it('sends Strict-Transport-Security only over HTTPS (a trusted proxy saying so)', async () => {
    const plain = await fetch(`${server.url}/healthz`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // The test talks to the server from loopback, a proxy TRUST_PROXY believes by default.
    const behindTls = await fetch(`${server.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(behindTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // The other security headers go either way.
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 405 with Allow for a method a page does not take', async () => {
    for (const [method, path] of [
      ['DELETE', '/'],
      ['POST', '/'],
      ['PUT', '/community'],
      ['PATCH', '/no-such-page'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { method });
      expect({ method, path, status: res.status, allow: res.headers.get('allow') }).toEqual({ method, path, status: 405, allow: 'GET, HEAD' });
    }
    // GET and HEAD as before; the API's own 404 stays.
    expect((await fetch(`${server.url}/`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${server.url}/api/nope`, { method: 'DELETE' })).status).toBe(404);
  });

  it('compresses dynamic answers for clients that accept it, and leaves small ones and other clients alone', async () => {
    // A GraphQL answer of several KB (the tools' catalogue), openapi.json (tens of KB).
    const query = JSON.stringify({ query: '{ __schema { types { name description } } }' });
    const post = (encoding: string) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding, authorization: `Bearer ${token}` },
        body: query,
      });
    for (const encoding of ['gzip', 'br']) {
      const res = await post(encoding);
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      // fetch undoes the encoding: the answer is the same JSON.
      expect(((await res.json()) as { data: { __schema: { types: unknown[] } } }).data.__schema.types.length).toBeGreaterThan(20);
    }
    const identity = await post('identity');
    expect(identity.headers.get('content-encoding')).toBeNull();
    await identity.arrayBuffer();
    const openapi = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(openapi.headers.get('content-encoding')).toBe('gzip');
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    // A small answer is sent as it is.
    const small = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    await small.arrayBuffer();
  });

  it('says Vary: Accept-Encoding on a page sent uncompressed too', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    await res.arrayBuffer();
  });
});
