// Child process of the fan-out benchmark: holds thousands of WebSocket clients, so the
// process being measured (the server) does not also pay for receiving. Raw `ws` clients
// speak graphql-transport-ws by hand (no client library) and stamp each frame on arrival
// with the machine-wide monotonic clock, which the parent reads too.
// Driven over IPC by bench/fanout.ts: connect → await(k)… → reset → await(k)… → report → close.
import WebSocket from 'ws';

export type ClientsCommand =
  | { type: 'connect'; url: string; protocol: 'graphql-ws' | 'raw'; tokens: (string | null)[]; query?: string; variables?: Record<string, unknown> }
  | { type: 'await'; count: number; timeoutMs: number }
  /** Forgets every frame received so far (after the warm-up). */
  | { type: 'reset' }
  | { type: 'report' }
  | { type: 'close' };

export type ClientsReply =
  | { type: 'connected'; open: number; failures: string[] }
  | { type: 'awaited'; complete: number }
  | { type: 'reset' }
  /** Per client: arrival times (ms on the monotonic clock) and the raw frames, in order. */
  | { type: 'report'; times: number[][]; frames: string[][] };

export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

interface Conn {
  ws: WebSocket;
  times: number[];
  frames: string[];
}

const conns: Conn[] = [];
const send = (m: ClientsReply) => process.send!(m);

function open(url: string, protocol: 'graphql-ws' | 'raw', token: string | null, query?: string, variables?: Record<string, unknown>): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocol === 'graphql-ws' ? 'graphql-transport-ws' : undefined, { perMessageDeflate: false });
    const conn: Conn = { ws, times: [], frames: [] };
    let ready = false;
    const fail = (why: string) => {
      if (!ready) reject(new Error(why));
    };
    ws.on('error', (e) => fail(e.message));
    ws.on('close', (code, reason) => fail(`closed ${code} ${reason.toString()}`));
    ws.on('open', () => {
      if (protocol === 'raw') {
        ready = true;
        return resolve(conn);
      }
      ws.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} }));
    });
    ws.on('message', (data, isBinary) => {
      const t = monotonicMs();
      // graphql-ws messages are text frames: a binary one is recorded as no message at all.
      const text = isBinary ? '{"binary":true}' : data.toString();
      if (!ready) {
        if (text.includes('"connection_ack"')) {
          ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
          ready = true;
          resolve(conn);
        } else fail(`unexpected frame before ack: ${text.slice(0, 200)}`);
        return;
      }
      conn.times.push(t);
      conn.frames.push(text);
    });
  });
}

async function connectAll(c: Extract<ClientsCommand, { type: 'connect' }>) {
  const failures: string[] = [];
  let next = 0;
  // A few hundred handshakes at a time: the server's accept queue is finite.
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      while (next < c.tokens.length) {
        const i = next++;
        try {
          // By index, so the parent knows which token (user) each report row belongs to.
          conns[i] = await open(c.url, c.protocol, c.tokens[i]!, c.query, c.variables);
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    }),
  );
  send({ type: 'connected', open: conns.filter(Boolean).length, failures: failures.slice(0, 5) });
}

async function awaitCount(count: number, timeoutMs: number) {
  const until = monotonicMs() + timeoutMs;
  const complete = () => conns.reduce((n, c) => n + (c.times.length >= count ? 1 : 0), 0);
  while (complete() < conns.length && monotonicMs() < until) await new Promise((r) => setTimeout(r, 5));
  send({ type: 'awaited', complete: complete() });
}

process.on('message', (m: ClientsCommand) => {
  if (m.type === 'connect') void connectAll(m);
  else if (m.type === 'await') void awaitCount(m.count, m.timeoutMs);
  else if (m.type === 'reset') {
    for (const c of conns) {
      c.times.length = 0;
      c.frames.length = 0;
    }
    send({ type: 'reset' });
  } else if (m.type === 'report') send({ type: 'report', times: conns.map((c) => c.times), frames: conns.map((c) => c.frames) });
  else if (m.type === 'close') {
    for (const c of conns) c?.ws.terminate();
    process.exit(0);
  }
});
