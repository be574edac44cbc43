// A local HTTP server that receives webhooks as a customer's endpoint would: it keeps every
// request's raw body and headers (to verify them with the `standardwebhooks` library) and
// answers as told: each path's replies in order, then `fallback`.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverReply =
  | { status: number; body?: string }
  /** Headers, then body bytes for ever (the answer-size limit must stop reading). */
  | { endless: true }
  /** Reads the request and never answers (the timeout must end the attempt). */
  | { hang: true };

export interface ReceivedWebhook {
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  received: ReceivedWebhook[];
  /** What the next requests to a path get, in order. */
  replies: Map<string, ReceiverReply[]>;
  fallback: ReceiverReply;
  /** The parsed bodies of what came to `path`. */
  bodies(path?: string): { type: string; timestamp: string; data: Record<string, any> }[];
  close(): Promise<void>;
}

function answer(res: ServerResponse, reply: ReceiverReply): void {
  if ('hang' in reply) return;
  if ('endless' in reply) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
    return;
  }
  res.writeHead(reply.status, { 'content-type': 'text/plain' });
  res.end(reply.body ?? '');
}

export async function startWebhookReceiver(fallback: ReceiverReply = { status: 200, body: 'ok' }): Promise<WebhookReceiver> {
  const receiver = { received: [], replies: new Map(), fallback } as unknown as WebhookReceiver;
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    receiver.received.push({ path: req.url ?? '', body, headers: req.headers, at: Date.now() });
    answer(res, receiver.replies.get(req.url ?? '')?.shift() ?? receiver.fallback);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    origin: `http://127.0.0.1:${port}`,
    port,
    bodies: (path?: string) => receiver.received.filter((r) => !path || r.path === path).map((r) => JSON.parse(r.body)),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
