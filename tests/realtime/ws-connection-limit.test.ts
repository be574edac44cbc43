// WS_MAX_CONNECTIONS_PER_USER: a user past the limit is refused at connection_init with
// 4029 and a reason carrying RATE_LIMITED; closing a socket frees its slot.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, waitFor } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ WS_MAX_CONNECTIONS_PER_USER: '3' });
});
afterAll(() => server?.close());

type Outcome = { acked: true; socket: WebSocket } | { acked: false; code: number; reason: string };

/** Opens a graphql-transport-ws socket and sends connection_init with the token. */
function connect(token?: string): Promise<Outcome> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} })));
    socket.on('message', (m) => {
      if (JSON.parse(String(m)).type === 'connection_ack') resolve({ acked: true, socket });
    });
    socket.on('close', (code, reason) => resolve({ acked: false, code, reason: String(reason) }));
  });
}
const sockets = (outcomes: Outcome[]) => outcomes.flatMap((o) => (o.acked ? [o.socket] : []));
async function closeAll(list: WebSocket[]) {
  await Promise.all(list.map((s) => new Promise((r) => (s.readyState === WebSocket.CLOSED ? r(null) : (s.once('close', r), s.close())))));
}

describe('WebSocket connections per user', () => {
  it('refuses the connection past the limit with 4029 RATE_LIMITED, per user, and frees a slot on close', async () => {
    const ada = await signUp(server.url, 'Ada', 'wslimit');
    const bob = await signUp(server.url, 'Bob', 'wslimit');
    // Five at once: exactly the limit gets through, whatever the order.
    const first = await Promise.all(Array.from({ length: 5 }, () => connect(ada.token)));
    const open = sockets(first);
    expect(open).toHaveLength(3);
    const refused = first.filter((o): o is Extract<Outcome, { acked: false }> => !o.acked);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.code).toBe(4029);
      expect(r.reason).toMatch(/^RATE_LIMITED: too many open connections for this user \(limit 3\)/);
    }
    // Another user, and anonymous visitors, are not affected.
    const other = await connect(bob.token);
    expect(other.acked).toBe(true);
    const anon = await Promise.all(Array.from({ length: 4 }, () => connect()));
    expect(sockets(anon)).toHaveLength(4);

    // Closing one of Ada's sockets frees exactly one slot.
    await closeAll(open.slice(0, 1));
    await waitFor(async () => await connect(ada.token).then(async (o) => (o.acked ? (open.push(o.socket), true) : false)), 5_000, 'a freed slot');
    const over = await connect(ada.token);
    expect(over).toMatchObject({ acked: false, code: 4029 });

    // All closed: the full limit is available again (nothing leaked).
    await closeAll(open);
    const again = await Promise.all(Array.from({ length: 3 }, () => connect(ada.token)));
    expect(sockets(again)).toHaveLength(3);
    await closeAll([...sockets(again), ...sockets([other]), ...sockets(anon)]);
  });

  it('does not count a socket that never authenticated or was refused for a bad token', async () => {
    const cy = await signUp(server.url, 'Cy', 'wslimit');
    const forged = await Promise.all(Array.from({ length: 4 }, () => connect(`${cy.token}x`)));
    expect(forged.every((o) => !o.acked && o.code === 4403)).toBe(true);
    const ok = await Promise.all(Array.from({ length: 3 }, () => connect(cy.token)));
    expect(sockets(ok)).toHaveLength(3);
    await closeAll(sockets(ok));
  });
});
