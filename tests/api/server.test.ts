// The process around the API: health checks, GraphiQL, the client, start-up refusals.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/http/client.js';
import { collect, gql, gqlOk, signUp, startTestServer, waitFor, wsClient } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('health', () => {
  it('/healthz says the process is up and /readyz that Postgres and Redis answer', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
  });
});

describe('GraphiQL and introspection', () => {
  it('serves GraphiQL to a browser on GET /graphql, built locally with no CDN', async () => {
    const res = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Atelier GraphiQL</title>');
    const scripts = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((s) => s.startsWith('/'))).toBe(true);
    const entry = scripts.find((s) => s.endsWith('.js'))!;
    const js = await fetch(`${server.url}${entry}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the web app on any other path', async () => {
    const res = await fetch(`${server.url}/ai/write-article`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });

  it('still answers GraphQL GET requests and introspection', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ authConfig { provider } }')}`, { headers: { 'apollo-require-preflight': '1' } });
    expect(await res.json()).toEqual({ data: { authConfig: { provider: 'builtin' } } });
    const intro = await gqlOk(server.url, '{ __schema { queryType { name } } }');
    expect(intro.__schema.queryType.name).toBe('Query');
  });

  it('turns introspection and GraphiQL off with GRAPHQL_INTROSPECTION=false', async () => {
    const closed = await startTestServer({ GRAPHQL_INTROSPECTION: 'false' });
    try {
      const r = await gql(closed.url, '{ __schema { queryType { name } } }');
      expect(r.errors?.[0]?.message).toMatch(/introspection/i);
      const page = await fetch(`${closed.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('gives every refusal a code', async () => {
    const r = await gql(server.url, '{ nope }');
    expect(r.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const unknownApi = await fetch(`${server.url}/api/nope`);
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers an address the app has no page for with 404 and the app (which shows "Page not found"), every page with 200', async () => {
    const status = async (path: string, encoding = 'gzip') => {
      const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
      const html = await res.text();
      expect(html, path).toContain('<div id="root"');
      return res.status;
    };
    // Before: 200 for all of them.
    for (const path of ['/no-such-page', '/ai/nope', '/legal/nope', '/about/us', '/resources/api/x']) {
      expect(await status(path), path).toBe(404);
      expect(await status(path, 'identity'), `${path} uncompressed`).toBe(404);
    }
    for (const path of ['/', '/about', '/About/', '/legal/terms', '/resources/api', '/help', '/ai', '/ai/community', '/ai/remove-object', '/sign-in?redirect=%2Fai']) {
      expect(await status(path), path).toBe(200);
    }
    // A missing picture is a 404 too (the upscaler's card asked for one that was never drawn, and got the app's HTML with 200).
    expect((await fetch(`${server.url}/media/tools/no-such.svg`)).status).toBe(404);
    for (const slug of ['aiarticlewriter', 'blogtitlegenerator', 'aiimagegeneration', 'backgroundremoval', 'objectremoval', 'imageupscaler', 'resumereviewer']) {
      // The card shows the WebP the build draws from the SVG beside it (client/vite/raster-media.ts).
      for (const [ext, type] of [
        ['svg', 'image/svg+xml'],
        ['webp', 'image/webp'],
      ]) {
        const res = await fetch(`${server.url}/media/tools/${slug}.${ext}`);
        expect([res.status, res.headers.get('content-type')], `${slug}.${ext}`).toEqual([200, type]);
      }
    }
  });

  it('answers a missing asset with a plain 404 that names no file on the server', async () => {
    for (const [path, encoding] of [
      ['/assets/nope.js', 'br'],
      ['/assets/nope.js', 'identity'],
      ['/assets/nope.png', 'gzip'],
      ['/assets/deeper/nope.css', 'identity'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });
      const body = await res.text();
      // Before: 404 with BAD_USER_INPUT and "ENOENT: no such file or directory, stat '<client/dist>/assets/nope.js'".
      expect(body, path).not.toContain(CLIENT_DIST);
      expect([res.status, res.headers.get('content-type'), body], path).toEqual([404, 'text/plain; charset=utf-8', 'Not found']);
    }
  });
});

describe('CORS', () => {
  it('answers cross-origin preflights only for configured origins', async () => {
    const preflight = (url: string, origin: string) =>
      fetch(`${url}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' } });
    const closed = await preflight(server.url, 'https://evil.example');
    expect(closed.headers.get('access-control-allow-origin')).toBeNull();
    const open = await startTestServer({ CORS_ORIGINS: 'https://app.example, https://admin.example' });
    try {
      const ok = await preflight(open.url, 'https://admin.example');
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://admin.example');
      expect(ok.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
      const denied = await preflight(open.url, 'https://evil.example');
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await open.close();
    }
  });
});

describe('messages from the public site', () => {
  it('stores feedback, contact messages and newsletter sign-ups, with clear errors for bad input', async () => {
    const { token, user } = await signUp(server.url, 'Fee');
    const feedback = { name: 'Fee', email: 'fee@example.test', message: 'Lovely tools', category: 'ui/ux_feedback', rating: 5 };
    expect((await gqlOk(server.url, 'mutation($i: FeedbackInput!) { submitFeedback(input: $i) }', { i: feedback }, token)).submitFeedback).toBe(true);
    const stored = await server.app.services.db.feedback.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({ ...feedback, type: 'feedback' });
    const noRating = await gql(server.url, 'mutation($i: FeedbackInput!) { submitFeedback(input: $i) }', { i: { ...feedback, rating: 0 } });
    expect(noRating.errors?.[0]).toMatchObject({ message: 'Please fill all fields and provide a rating', extensions: { code: 'BAD_USER_INPUT' } });
    const badCategory = await gql(server.url, 'mutation($i: FeedbackInput!) { submitFeedback(input: $i) }', { i: { ...feedback, category: 'spam' } });
    expect(badCategory.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    const contact = { name: 'Cy', email: `cy-${Date.now()}@example.test`, subject: 'Hello', message: 'Question' };
    expect((await gqlOk(server.url, 'mutation($i: ContactInput!) { submitContact(input: $i) }', { i: contact })).submitContact).toBe(true);
    expect(await server.app.services.db.contactMessage.count({ where: { email: contact.email } })).toBe(1);
    const blank = await gql(server.url, 'mutation($i: ContactInput!) { submitContact(input: $i) }', { i: { ...contact, subject: '  ' } });
    expect(blank.errors?.[0]).toMatchObject({ message: 'Subject is required', extensions: { code: 'BAD_USER_INPUT', field: 'subject' } });

    const email = `news-${Date.now()}@example.test`;
    for (let i = 0; i < 2; i++) {
      expect((await gqlOk(server.url, 'mutation($e: String!) { subscribeNewsletter(email: $e) }', { e: email.toUpperCase() })).subscribeNewsletter).toBe(true);
    }
    expect(await server.app.services.db.newsletterSubscriber.count({ where: { email } })).toBe(1);
    const bad = await gql(server.url, 'mutation { subscribeNewsletter(email: "nope") }');
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('start-up without its dependencies', () => {
  // Asynchronously: a synchronous spawn would block this process's event loop, and with it the
  // test server's keep-alive timers, so the next fetch could reuse a socket closed meanwhile.
  const run = (env: Record<string, string>) =>
    new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'server/bin/api.ts'], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 30_000,
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject).on('close', (status) => resolve({ status, stderr }));
    });

  it('stops with one line naming Postgres, where it looked and how to start it', async () => {
    const r = await run({ DATABASE_URL: 'postgresql://127.0.0.1:1/atelier' });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Postgres is not reachable at postgresql:\/\/127\.0\.0\.1:1\/atelier .*Start it .*pg_ctlcluster/);
  });

  it('stops with one line naming Redis, where it looked and how to start it', async () => {
    const r = await run({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Redis is not reachable at redis:\/\/127\.0\.0\.1:1.*Start it .*redis-server/);
  });
});

describe('GraphQL abuse limits', () => {
  it('refuses over-deep, over-aliased and batched requests with a code, and still allows introspection', async () => {
    let ofType = 'name';
    for (let i = 0; i < 12; i++) ofType = `ofType { ${ofType} }`;
    const tooDeep = await gql(server.url, `{ __type(name: "Query") { fields { type { ${ofType} } } } }`);
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(tooDeep.errors?.[0]?.message).toMatch(/depth/i);
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: authConfig { provider }`).join(' ');
    const manyAliases = await gql(server.url, `{ ${aliases} }`);
    expect(manyAliases.status).toBe(400);
    expect(manyAliases.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(manyAliases.errors?.[0]?.message).toMatch(/alias/i);
    const batched = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ authConfig { provider } }' }, { query: '{ authConfig { provider } }' }]),
    });
    expect(batched.status).toBe(400);
    // GraphiQL's own introspection query is deep, and stays allowed.
    const intro = await gqlOk(server.url, '{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name ofType { name } } } } } } } } }');
    expect(intro.__schema.types.length).toBeGreaterThan(10);
  });

  it('applies the same limits to subscriptions over WebSocket', async () => {
    const client = wsClient(server.url);
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: likeChanged { likeCount }`).join(' ');
    const sub = collect(client, `subscription { ${aliases} }`);
    await waitFor(() => sub.errors.length > 0, 5000, 'refusal');
    expect(JSON.stringify(sub.errors)).toMatch(/alias/i);
    sub.dispose();
    await client.dispose();
  });
});

describe('WebSocket limits', () => {
  it('closes a socket that does not authenticate (connection_init) within 5 s', async () => {
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const started = Date.now();
    const code = await new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    expect(code).toBe(4408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('refuses a frame larger than 64 KB', async () => {
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((r) => socket.on('open', r));
    const closed = new Promise<number>((resolve) => socket.on('close', (c) => resolve(c)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(70 * 1024) } }));
    expect(await closed).toBe(1009);
  });
});
