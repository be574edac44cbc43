// A local HTTP server that speaks the OpenAI chat-completions wire format (JSON errors
// and server-sent-event streams), so the real SDK and our provider both run in tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type MockReply =
  | { status: number; error: string; delayMs?: number; headers?: Record<string, string> }
  /** Streams the parts; `dropAfter`: the socket is destroyed after that many parts, with no finish and no [DONE]. */
  | { stream: string[]; dropAfter?: number };

export interface OpenAIMock {
  baseURL: string;
  requests: { path: string; body: any; headers: IncomingMessage['headers']; at: number }[];
  /** Replies used in order; when they run out, `fallback` answers. */
  replies: MockReply[];
  fallback: MockReply;
  close(): Promise<void>;
}

const chunk = (model: string, delta: { content?: string }, finish: string | null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/**
 * Answers one chat-completions request as the OpenAI wire format does: a JSON error, or a
 * server-sent-event stream of chunks, a chunk with finish_reason "stop", then `data: [DONE]`.
 * Shared with tests/helpers/ollama-mock.ts (Ollama's /v1 endpoint speaks the same format).
 */
export async function sendChatReply(res: ServerResponse, reply: MockReply, model = 'test-model', errorType = 'invalid_request_error'): Promise<void> {
  if ('status' in reply) {
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify({ error: { message: reply.error, type: errorType, param: null, code: null } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [i, part] of reply.stream.entries()) {
    if (i === reply.dropAfter) {
      res.socket?.destroy();
      return;
    }
    res.write(chunk(model, { content: part }, null));
    await new Promise((r) => setTimeout(r, 2));
  }
  res.write(chunk(model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
}

export async function startOpenAIMock(fallback: MockReply = { stream: ['Hello', ' world'] }): Promise<OpenAIMock> {
  const mock: Omit<OpenAIMock, 'baseURL' | 'close'> = { requests: [], replies: [], fallback };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : null;
    mock.requests.push({ path: req.url ?? '', body, headers: req.headers, at: Date.now() });
    await sendChatReply(res, mock.replies.shift() ?? mock.fallback);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(mock, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }) as OpenAIMock;
}

/** How the images mock answers one POST /v1/images/generations. */
export type ImagesReply =
  /** `{ data: [{ b64_json }] }` */
  | { b64: Buffer }
  /** `{ data: [{ url }] }`, the URL served by this mock (GET /generated/img-<n>.png, with these bytes and type), as OpenAI hosts DALL·E results. */
  | { hosted: Buffer; contentType?: string }
  | { status: number; error: string; headers?: Record<string, string> };

export interface OpenAIImagesMock {
  baseURL: string;
  /** Requests to the API (POST), with their JSON bodies and headers. */
  requests: { path: string; body: any; headers: IncomingMessage['headers'] }[];
  /** GETs of hosted images. */
  downloads: string[];
  replies: ImagesReply[];
  fallback: ImagesReply;
  /** The URLs of hosted images handed out so far. */
  hostedUrls: string[];
  close(): Promise<void>;
}

/** A local server speaking the OpenAI Images API (POST /v1/images/generations → JSON), hosting the images it answers with by URL. */
export async function startOpenAIImagesMock(fallback: ImagesReply): Promise<OpenAIImagesMock> {
  const hosted = new Map<string, { bytes: Buffer; type: string }>();
  const mock = { requests: [], downloads: [], replies: [], fallback, hostedUrls: [] } as unknown as OpenAIImagesMock;
  let origin = '';
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    if (req.method === 'GET') {
      mock.downloads.push(req.url ?? '');
      const file = hosted.get(req.url ?? '');
      res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' });
      res.end(file?.bytes ?? 'not found');
      return;
    }
    mock.requests.push({ path: req.url ?? '', body: raw ? JSON.parse(raw) : null, headers: req.headers });
    const reply = mock.replies.shift() ?? mock.fallback;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ error: { message: reply.error, type: 'invalid_request_error', code: null } }));
      return;
    }
    // As many pictures as asked (`n`, default 1), each the reply's bytes.
    const data = Array.from({ length: Number(JSON.parse(raw || '{}').n ?? 1) }, () => {
      if ('b64' in reply) return { b64_json: reply.b64.toString('base64') };
      const path = `/generated/img-${hosted.size + 1}.png`;
      hosted.set(path, { bytes: reply.hosted, type: reply.contentType ?? 'image/png' });
      mock.hostedUrls.push(`${origin}${path}`);
      return { url: `${origin}${path}` };
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(mock, {
    baseURL: `${origin}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
