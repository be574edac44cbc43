// A bad document over WebSocket is an error for that operation only: the socket (and
// the user's other subscriptions) stay up. Before, a syntax error closed it with 4500.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('bad documents over WebSocket', () => {
  it('answers a syntax error, an over-long document and an unknown field with coded errors and keeps the socket open', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: { id?: string; type: string; payload?: { message: string; extensions?: { code?: string } }[] }[] = [];
    let closed: number | undefined;
    socket.on('message', (m) => messages.push(JSON.parse(String(m))));
    socket.on('close', (code) => (closed = code));
    await new Promise((r) => socket.on('open', r));
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    const next = async (id: string) => {
      const until = Date.now() + 5000;
      while (Date.now() < until && !messages.some((m) => m.id === id)) await new Promise((r) => setTimeout(r, 10));
      return messages.find((m) => m.id === id);
    };
    const until = Date.now() + 5000;
    while (Date.now() < until && !messages.some((m) => m.type === 'connection_ack')) await new Promise((r) => setTimeout(r, 10));
    const send = (id: string, query: string) => socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));

    send('syntax', 'subscription { likeChanged {');
    expect(await next('syntax')).toMatchObject({ type: 'error', payload: [{ message: expect.stringMatching(/^Syntax Error/), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] });
    send('tokens', `subscription { likeChanged { ${'likeCount '.repeat(2100)} } }`);
    expect(await next('tokens')).toMatchObject({
      type: 'error',
      payload: [{ message: expect.stringMatching(/more that 2000 tokens/), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }],
    });
    send('unknown', 'subscription { nope }');
    expect(await next('unknown')).toMatchObject({ type: 'error', payload: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
    // Still open, and a good subscription on the same socket works.
    send('good', 'query { authConfig { provider } }');
    expect(await next('good')).toMatchObject({ type: 'next', payload: { data: { authConfig: { provider: 'builtin' } } } });
    expect(closed).toBeUndefined();
    socket.close();
  });
});
