// A local HTTP server that speaks OpenAI's moderation wire format (POST /v1/moderations), so the
// real SDK and our screening provider both run in tests (docs/screening.md, "OpenAI").
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModerationMockReply {
  status?: number;
  /** Category scores, and the inputs each was judged on ("text", "image"). */
  scores?: Record<string, { score: number; on: string[] }>;
}

export interface OpenAIModerationMock {
  baseURL: string;
  requests: { path: string; body: any; headers: IncomingMessage['headers'] }[];
  /** Picks the reply for a request's body; a reply with `status` answers that HTTP error. */
  reply: (body: any) => ModerationMockReply;
  close(): Promise<void>;
}

const CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];

export async function startOpenAIModerationMock(): Promise<OpenAIModerationMock> {
  const mock: Omit<OpenAIModerationMock, 'baseURL' | 'close'> = { requests: [], reply: () => ({}) };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : null;
    mock.requests.push({ path: req.url ?? '', body, headers: req.headers });
    if (req.method !== 'POST' || req.url !== '/v1/moderations') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } }));
    }
    const reply = mock.reply(body);
    if (reply.status) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error', param: null, code: null } }));
    }
    const given = reply.scores ?? {};
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, given[c]?.score ?? 0.0001]));
    const types = Object.fromEntries(CATEGORIES.map((c) => [c, given[c]?.on ?? []]));
    const result = {
      flagged: Object.values(given).some((g) => g.score >= 0.5),
      categories: Object.fromEntries(CATEGORIES.map((c) => [c, (given[c]?.score ?? 0) >= 0.5])),
      category_scores: scores,
      category_applied_input_types: types,
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'modr-test', model: body?.model ?? 'omni-moderation-latest', results: [result] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(mock, {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
