// A local HTTP server that speaks Ollama's documented API (docs/api.md and docs/openai.md in
// github.com/ollama/ollama): GET /api/version, GET /api/tags, and the OpenAI-compatible
// POST /v1/chat/completions (streamed as server-sent events) and GET /v1/models, with its
// error for a model it does not have. The streaming is the OpenAI mock's (sendChatReply).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendChatReply, type MockReply } from './openai-mock.js';

/** One model as GET /api/tags lists it. */
export interface OllamaTag {
  name: string;
  model: string;
  modified_at: string;
  size: number;
  digest: string;
  details: { parent_model: string; format: string; family: string; families: string[]; parameter_size: string; quantization_level: string };
}

let serial = 0;
const tag = (name: string, family: string, parameterSize: string, size: number, quantization: string): OllamaTag => ({
  name,
  model: name,
  modified_at: new Date(Date.UTC(2026, 10, 20, 10, 0, serial++)).toISOString(),
  size,
  digest: (name.replace(/[^a-z0-9]/g, '') + '0'.repeat(64)).slice(0, 64),
  details: { parent_model: '', format: 'gguf', family, families: [family], parameter_size: parameterSize, quantization_level: quantization },
});

/** A chat model as Ollama lists it, e.g. chatModel('llama3.2:1b'). */
export const chatModel = (name: string, family = 'llama', parameterSize = '1.2B') => tag(name, family, parameterSize, 1_321_098_329, 'Q8_0');
/** An embedding-only model as Ollama lists it (nomic-embed-text's family is nomic-bert). */
export const embeddingModel = (name = 'nomic-embed-text:latest', family = 'nomic-bert') => tag(name, family, '137M', 274_302_450, 'F16');

export interface OllamaMock {
  /** http://127.0.0.1:<port>, as OLLAMA_URL takes it. */
  url: string;
  /** What GET /api/tags lists; change it to pull or remove models. */
  models: OllamaTag[];
  requests: { method: string; path: string; body: any }[];
  /** Chat replies used in order; when they run out, `fallback` answers. */
  replies: MockReply[];
  fallback: MockReply;
  close(): Promise<void>;
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** `port` 11434 is Ollama's own (the autodetection tests); 0 picks a free one. */
export async function startOllamaMock(models: OllamaTag[], opts: { port?: number; fallback?: MockReply } = {}): Promise<OllamaMock> {
  const mock = { models, requests: [], replies: [], fallback: opts.fallback ?? { stream: ['Hello', ' from', ' Ollama'] } } as unknown as OllamaMock;
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : null;
    const path = (req.url ?? '').split('?')[0]!;
    mock.requests.push({ method: req.method ?? 'GET', path, body });
    if (req.method === 'GET' && path === '/api/version') return json(res, 200, { version: '0.12.6' });
    if (req.method === 'GET' && path === '/api/tags') return json(res, 200, { models: mock.models });
    if (req.method === 'GET' && path === '/v1/models') {
      return json(res, 200, { object: 'list', data: mock.models.map((m) => ({ id: m.name, object: 'model', created: Date.parse(m.modified_at) / 1000, owned_by: 'library' })) });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const wanted = String(body?.model ?? '');
      const known = mock.models.find((m) => m.name === wanted || m.name === `${wanted}:latest`);
      if (!known) return sendChatReply(res, { status: 404, error: `model "${wanted}" not found, try pulling it first` }, wanted, 'api_error');
      return sendChatReply(res, mock.replies.shift() ?? mock.fallback, wanted);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('404 page not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(mock, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
}
