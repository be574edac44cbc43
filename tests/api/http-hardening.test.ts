// HTTP-level refusals: CSRF prevention for multipart and other "simple" requests, the
// JSON body limit (BODY_LIMIT), Node's header limit, multipart bodies cut short or carrying
// too many files — each with a code, storing nothing, read by the client.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlOk, signUp, startTestServer } from '../helpers/server.js';

const execFileAsync = promisify(execFile);
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let userId: string;
/** What the server logged, parsed (pino's levels: 50 is error). */
const logged: { level: number; msg: string }[] = [];

beforeAll(async () => {
  const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as { level: number; msg: string }) });
  server = await startTestServer({ BODY_LIMIT: '4kb' }, log);
  const me = await signUp(server.url, 'Csrf', 'csrf');
  token = me.token;
  userId = me.user.id;
  await gqlOk(server.url, 'mutation { startTrial { plan } }', {}, token);
});
afterAll(() => server?.close());

const jobs = () => server.app.services.db.job.count({ where: { userId } });
const uploads = () => {
  try {
    return readdirSync(join(server.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
};

function multipart(withPreflightHeader: boolean) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: 'mutation($image: Upload!) { removeBackground(image: $image) { id } }', variables: { image: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.image'] }));
  form.append('0', new Blob([new Uint8Array(Buffer.from('89504e470d0a1a0a', 'hex'))], { type: 'image/png' }), 'a.png');
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    // A cookie-less bearer token is what a cross-site form cannot add; the test still sends it, to show the block is about the request's shape.
    headers: { authorization: `Bearer ${token}`, ...(withPreflightHeader ? { 'apollo-require-preflight': 'true' } : {}) },
    body: form,
  });
}

describe('CSRF prevention', () => {
  it('blocks a multipart GraphQL request without a preflight-forcing header, with a code, before any resolver runs', async () => {
    const before = await jobs();
    const blocked = await multipart(false);
    expect(blocked.status).toBe(400);
    const body = (await blocked.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0]!.message).toMatch(/Cross-Site Request Forgery/);
    expect(await jobs()).toBe(before);
    expect(uploads()).toEqual([]);
    // The same request with the header Apollo's upload link sends reaches the resolver (which refuses the fake PNG).
    const allowed = (await (await multipart(true)).json()) as { errors: { extensions: { code: string } }[] };
    expect(allowed.errors[0]!.extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('blocks text/plain and form-encoded posts and mutations over GET', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': type, authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: 'mutation { generateBlogTitles(input: {keyword: "csrf"}) { id } }' }),
      });
      expect(res.status, type).toBe(400);
      expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('BAD_REQUEST');
    }
    const get = await fetch(`${server.url}/graphql?query=${encodeURIComponent('mutation { generateBlogTitles(input: {keyword: "csrf"}) { id } }')}`, {
      headers: { 'apollo-require-preflight': '1', authorization: `Bearer ${token}` },
    });
    expect(get.status).toBe(405);
    expect(((await get.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('BAD_REQUEST');
    expect(await jobs()).toBe(0);
  });
});

describe('request size limits', () => {
  it('refuses a JSON body over BODY_LIMIT with 413 PAYLOAD_TOO_LARGE on GraphQL and REST', async () => {
    const big = 'x'.repeat(5 * 1024);
    const gql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'mutation($k: String!) { generateBlogTitles(input: {keyword: $k}) { id } }', variables: { k: big } }),
    });
    expect(gql.status).toBe(413);
    expect(await gql.json()).toMatchObject({ errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' }, message: 'The request body is too large: at most 4kb' }] });
    const rest = await fetch(`${server.url}/api/ai/generate-blog-title`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ prompt: big }),
    });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const notJson = await fetch(`${server.url}/api/user/toggle-like-creation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"id":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ success: false, code: 'BAD_USER_INPUT', message: 'The request body is not valid JSON' });
    expect(await jobs()).toBe(0);
  });

  it('answers headers over Node’s 16 KB limit with 431 and a JSON code', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${'a'.repeat(20_000)}` },
      body: '{"query":"{ me { id } }"}',
    });
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
  });
});

/**
 * A client process streaming a GraphQL multipart request with 5 files of 4 MB each through
 * node:http, writing as fast as the socket takes it; prints the answer's status, code and
 * message, or the error that ended the request (argv: url, token, operations).
 */
const STREAMING_CLIENT = `
import { request } from 'node:http';
const [url, token, operations] = process.argv.slice(1);
const boundary = 'five-files';
const map = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [String(i), ['variables.image']]));
const req = request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' + boundary, authorization: 'Bearer ' + token, 'apollo-require-preflight': 'true' } });
const done = (result) => { console.log(JSON.stringify(result)); process.exit(0); };
req.on('error', (e) => done({ error: e.code ?? e.message }));
req.on('response', (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (text += c));
  res.on('end', () => { const body = JSON.parse(text); done({ status: res.statusCode, code: body.code, message: body.message }); });
});
const write = (chunk) => (req.write(chunk) ? Promise.resolve() : new Promise((r) => req.once('drain', r)));
const part = (name, file) => '--' + boundary + '\\r\\nContent-Disposition: form-data; name="' + name + '"' + (file ? '; filename="' + file + '"\\r\\nContent-Type: image/png' : '') + '\\r\\n\\r\\n';
await write(part('operations') + operations + '\\r\\n' + part('map') + JSON.stringify(map) + '\\r\\n');
const chunk = Buffer.alloc(64 * 1024, 7);
for (let i = 0; i < 5; i++) {
  await write(part(String(i), i + '.png'));
  for (let n = 0; n < 64; n++) await write(chunk);
  await write('\\r\\n');
}
req.end('--' + boundary + '--\\r\\n');
`;

describe('bad requests answered 4xx with a code, never 500', () => {
  const post = (body: unknown) =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const upload = (parts: [string, string | Blob, string?][]) => {
    const form = new FormData();
    for (const [name, value, filename] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, filename);
    }
    return fetch(`${server.url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' }, body: form });
  };
  const png = new Blob([new Uint8Array(Buffer.from('89504e470d0a1a0a', 'hex'))], { type: 'image/png' });
  const REMOVE_BACKGROUND = JSON.stringify({ query: 'mutation($image: Upload!) { removeBackground(image: $image) { id } }', variables: { image: null } });

  it('a subscription sent over HTTP: 400, told to use the WebSocket', async () => {
    for (const query of ['subscription { likeChanged { creationId likeCount } }', 'subscription($id: ID!) { jobProgress(jobId: $id) { phase } }']) {
      const res = await post({ query, variables: { id: '00000000-0000-4000-8000-000000000000' } });
      const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect([res.status, body.errors[0]!.extensions.code], query).toEqual([400, 'BAD_USER_INPUT']);
      expect(body.errors[0]!.message).toMatch(/WebSocket/);
    }
  });

  it('a multipart map naming a file that is not sent: 400 BAD_USER_INPUT, no job', async () => {
    const before = await jobs();
    const res = await upload([
      ['operations', REMOVE_BACKGROUND],
      ['map', JSON.stringify({ 0: ['variables.image'] })],
    ]);
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect([res.status, body.errors[0]!.extensions.code]).toEqual([400, 'BAD_USER_INPUT']);
    expect(body.errors[0]!.message).toBe("A file the request's map names was not sent");
    expect(await jobs()).toBe(before);
  });

  it('more files than a request may carry: 413 with its own message, not the JSON body limit', async () => {
    const map = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [String(i), [`variables.image`]]));
    const res = await upload([
      ['operations', REMOVE_BACKGROUND],
      ['map', JSON.stringify(map)],
      ...Array.from({ length: 5 }, (_, i): [string, Blob, string] => [String(i), png, `${i}.png`]),
    ]);
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect([res.status, body.errors[0]!.extensions.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(body.errors[0]!.message).toBe('Too many files in one request: at most 3');
  });

  it('a multipart body cut short (no closing boundary): 400 BAD_USER_INPUT, nothing logged as an error, no job', async () => {
    const before = await jobs();
    const boundary = 'cut-short-boundary';
    const part = (name: string, value: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: image/png` : ''}\r\n\r\n${value}\r\n`;
    const whole = part('operations', REMOVE_BACKGROUND) + part('map', JSON.stringify({ 0: ['variables.image'] })) + part('0', 'x'.repeat(2000), 'a.png');
    // Cut inside the operations, after the map, and inside the file; the last one lacks only its closing boundary.
    for (const body of [whole.slice(0, 60), whole.slice(0, whole.indexOf('name="0"') - 4), whole.slice(0, whole.length - 500), whole]) {
      const errorsBefore = logged.filter((l) => l.level >= 50).length;
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
        body,
      });
      const answer = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
      // Before: 500 INTERNAL_SERVER_ERROR and an error-level "request failed" line; cut after the
      // map, the operation ran: INTERNAL_SERVER_ERROR ("unexpected GraphQL error") or BAD_USER_INPUT, status 200.
      expect([res.status, answer.errors[0]!.extensions.code], `${body.length} bytes`).toEqual([400, 'BAD_USER_INPUT']);
      expect(answer.errors[0]!.message).toMatch(/^The upload request is malformed/);
      expect(logged.filter((l) => l.level >= 50).slice(errorsBefore)).toEqual([]);
    }
    expect(await jobs()).toBe(before);
  });

  it('more files than a request may carry, streamed by a real client: the 413 arrives before the connection closes', async () => {
    // The client is another process, as a real one is: in this process the answer was read in the
    // same turn as it arrived and the refusal looked fine. Each run streams 5 × 4 MB.
    const runs: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', STREAMING_CLIENT, `${server.url}/graphql`, token, REMOVE_BACKGROUND]);
      runs.push(JSON.parse(stdout));
    }
    // Before: the connection was closed as soon as the answer was written, while the client was
    // still sending: most runs ended in EPIPE (or ECONNRESET) without the answer.
    expect(runs).toEqual(Array(5).fill({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Too many files in one request: at most 3' }));
  });

  it('counts aliases of __typename against the alias limit', async () => {
    const query = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    const res = await post({ query });
    const body = (await res.json()) as { errors?: { message: string; extensions: { code: string } }[] };
    expect(res.status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/Aliases limit of 15 exceeded, found 200/);
  });
});
