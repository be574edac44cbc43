// The graphql-ws client the tests and benchmarks use in Node (tests/helpers/server.ts) keeps
// its socket while operations are live, even when the server's last event and `complete` for
// one operation arrive in one read and the caller stops that operation inside `next`, as a
// follower of a job does at its end. (With ws's default, every frame of a read in one tick,
// graphql-ws 6 released that operation twice and closed the socket under the others.)
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { NodeWebSocket } from '../helpers/server.js';

/** A graphql-transport-ws server driven by the test: it acknowledges, records subscriptions and sends what it is told. */
async function wireServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const subscribed: string[] = [];
  const closes: number[] = [];
  let socket: ServerSocket | undefined;
  server.on('connection', (ws) => {
    socket = ws;
    ws.on('close', (code) => closes.push(code));
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as { type: string; id?: string };
      if (m.type === 'connection_init') ws.send(JSON.stringify({ type: 'connection_ack' }));
      if (m.type === 'subscribe') subscribed.push(m.id!);
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    subscribed,
    closes,
    /** Sends these frames in one write, so the client reads them together. */
    sendTogether(frames: object[]) {
      const tcp = (socket as unknown as { _socket: import('node:net').Socket })._socket;
      tcp.cork();
      for (const f of frames) socket!.send(JSON.stringify(f));
      process.nextTick(() => tcp.uncork());
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => stop?.());

describe('graphql-ws client in Node (NodeWebSocket)', () => {
  it('keeps the socket for the other operations when one ends with next and complete in one read', async () => {
    const server = await wireServer();
    const client = createClient({ url: server.url, webSocketImpl: NodeWebSocket, retryAttempts: 0 });
    stop = async () => {
      await client.dispose();
      await server.close();
    };
    const seen: Record<string, string[]> = { a: [], b: [] };
    const ended: string[] = [];
    const follow = (name: 'a' | 'b') => {
      const dispose = client.subscribe<{ phase: string }>(
        { query: `subscription { ${name} }` },
        {
          next: (v) => {
            seen[name]!.push(v.data!.phase);
            if (v.data!.phase === 'COMPLETED') dispose(); // a follower stops at the job's end
          },
          error: () => ended.push(`${name}:error`),
          complete: () => ended.push(`${name}:complete`),
        },
      );
    };
    follow('a');
    follow('b');
    await expect.poll(() => server.subscribed.length).toBe(2);
    const [a, b] = server.subscribed as [string, string];

    server.sendTogether([
      { id: a, type: 'next', payload: { data: { phase: 'COMPLETED' } } },
      { id: a, type: 'complete' },
    ]);
    await expect.poll(() => ended).toContain('a:complete');
    // b is still live: the socket stays open and b's events arrive.
    server.sendTogether([{ id: b, type: 'next', payload: { data: { phase: 'PROCESSING' } } }]);
    await expect.poll(() => seen.b).toEqual(['PROCESSING']);
    expect(server.closes).toEqual([]);
    expect(ended).toEqual(['a:complete']);

    server.sendTogether([
      { id: b, type: 'next', payload: { data: { phase: 'COMPLETED' } } },
      { id: b, type: 'complete' },
    ]);
    await expect.poll(() => ended).toEqual(['a:complete', 'b:complete']);
    expect(seen).toEqual({ a: ['COMPLETED'], b: ['PROCESSING', 'COMPLETED'] });
  });
});
