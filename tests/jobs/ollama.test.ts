// Ollama for the text tools (docs/engines.md): found on its default address at start-up when
// ENGINE_AUTODETECT is on (only this file turns it on, for its own workers), or at OLLAMA_URL;
// its first chat model writes, streamed through its OpenAI-compatible endpoint by the SDK.
// Against a local server that speaks Ollama's API, through the whole product: GraphQL, the
// queue, a worker, the job's subscription over WebSocket, and the saved creation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/shared/platform/config.js';
import { createTextProvider } from '../../worker/providers/text/index.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';
import { chatModel, embeddingModel, startOllamaMock, type OllamaMock } from '../helpers/ollama-mock.js';
import { ARTICLE_NOTICE } from '../../worker/tools/article/offline-writer.js';

const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';
const TITLES = 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }';
const ENGINES = '{ engines { text { name label model placeholder options } } }';
const CREATION = 'query($id: ID!) { creation(id: $id) { prompt provider madeBy placeholder } }';

type Stack = Awaited<ReturnType<typeof startStack>>;
const assemble = (events: { delta: string; offset: number }[]) => events.reduce((text, e) => text.slice(0, e.offset) + e.delta, '');
const logSpy = () => {
  const lines: string[] = [];
  return { lines, warn: (obj: unknown, msg?: string) => void lines.push(typeof obj === 'string' ? obj : (msg ?? '')) };
};

let local: OllamaMock;
const stacks: Stack[] = [];
const mocks: OllamaMock[] = [];

beforeAll(async () => {
  // Ollama's own address: an embedding model listed first, then two chat models.
  local = await startOllamaMock([embeddingModel(), chatModel('llama3.2:1b'), chatModel('qwen2.5:0.5b', 'qwen2', '494M')], { port: 11434 });
  mocks.push(local);
});
afterAll(async () => {
  for (const s of stacks) await s.close();
  for (const m of mocks) await m.close();
});

async function stackWith(env: Record<string, string>) {
  const stack = await startStack({ LOCAL_STREAM_DELAY_MS: '0', ...env });
  stacks.push(stack);
  const { token } = await signUp(stack.url, 'Olla', 'ollama');
  return { stack, token };
}

async function article(stack: Stack, token: string, input: Record<string, unknown>) {
  const { generateArticle: job } = await gqlOk(stack.url, ARTICLE, { input }, token);
  return followJob(stack.url, token, job.id);
}

describe('Ollama found on its default address (ENGINE_AUTODETECT on)', () => {
  let stack: Stack;
  let token: string;
  beforeAll(async () => {
    ({ stack, token } = await stackWith({ ENGINE_AUTODETECT: 'true' }));
  });

  it('picks the first chat model (skipping the embedding model) and the engines query says so', async () => {
    const { engines } = await gqlOk(stack.url, ENGINES);
    expect(engines.text).toEqual({ name: 'ollama', label: 'Ollama · llama3.2:1b', model: 'llama3.2:1b', placeholder: false, options: ['TONE', 'LANGUAGE'] });
    expect(local.requests.some((r) => r.method === 'GET' && r.path === '/api/tags')).toBe(true);
  });

  it('streams an article: the saved text is the streamed deltas, made by "Ollama · <model>", not a placeholder', async () => {
    local.requests.length = 0;
    local.fallback = { stream: ['# Bees\n\n', 'Bees make ', 'honey ', 'and wax.'] };
    const events = await article(stack, token, { topic: 'bees', length: 'SHORT' });
    const last = events.at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(last.creation?.content).toBe('# Bees\n\nBees make honey and wax.');
    expect(assemble(events)).toBe(last.creation!.content);
    expect(events.map((e) => e.delta).join('')).toBe(last.creation!.content);

    const chat = local.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chat).toHaveLength(1);
    expect(chat[0]!.body).toMatchObject({ model: 'llama3.2:1b', stream: true });
    const { creation } = await gqlOk(stack.url, CREATION, { id: last.creation!.id }, token);
    // The spec's composed prompt is what the creation keeps.
    expect(creation).toEqual({ prompt: 'Write an article about bees in Short', provider: 'ollama', madeBy: 'Ollama · llama3.2:1b', placeholder: false });
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    expect(row.metadata).toMatchObject({ provider: 'ollama', engine: 'Ollama · llama3.2:1b', model: 'llama3.2:1b', placeholder: false, tone: 'NEUTRAL' });
    expect(row.metadata).not.toHaveProperty('language');
  });

  it('puts the tone and the language in the model’s brief, records them, and keeps the spec prompt', async () => {
    local.requests.length = 0;
    local.fallback = { stream: ['# Les abeilles\n\n', 'Bzz.'] };
    const last = (await article(stack, token, { topic: 'bees', length: 'MEDIUM', tone: 'PLAYFUL', language: 'French' })).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const user = local.requests.find((r) => r.path === '/v1/chat/completions')!.body.messages.at(-1).content as string;
    expect(user.startsWith('Write an article about bees in Medium.\n')).toBe(true);
    expect(user).toContain('Length: between 800 and 1200 words.');
    expect(user).toContain('Tone: playful and light, with a little humour.');
    expect(user).toContain('Language: write the whole article, title and headings included, in French.');
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    expect(row.prompt).toBe('Write an article about bees in Medium');
    expect(row.metadata).toMatchObject({ provider: 'ollama', tone: 'PLAYFUL', language: 'French', placeholder: false });
  });

  it('records the engine on every text tool (blog titles)', async () => {
    local.fallback = { stream: ['1. Bees at Work\n', '2. The Hive Mind\n'] };
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'bees' } }, token);
    const last = (await followJob(stack.url, token, job.id)).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    expect(row.metadata).toMatchObject({ provider: 'ollama', engine: 'Ollama · llama3.2:1b', model: 'llama3.2:1b', placeholder: false, keyword: 'bees' });
  });

  it('says so when the model has gone since start-up', async () => {
    const saved = [...local.models];
    local.models = local.models.filter((m) => m.name !== 'llama3.2:1b');
    try {
      const last = (await article(stack, token, { topic: 'bees', length: 'SHORT' })).at(-1)!;
      expect(last.phase).toBe('FAILED');
      expect(last.message).toBe('Ollama no longer has the model "llama3.2:1b". Run `ollama pull llama3.2:1b` where Ollama runs.');
    } finally {
      local.models = saved;
    }
  });
});

describe('OLLAMA_MODEL that Ollama does not have', () => {
  it('warns at start-up and fails jobs saying which models it has and what to pull', async () => {
    const log = logSpy();
    const provider = await createTextProvider(loadConfig({ ...process.env, ENGINE_AUTODETECT: 'true', OLLAMA_MODEL: 'mistral' }), log);
    expect(provider.engine).toMatchObject({ name: 'ollama', label: 'Ollama · mistral', placeholder: false });
    expect(log.lines.join('\n')).toContain('Ollama does not have the model "mistral"');

    const { stack, token } = await stackWith({ ENGINE_AUTODETECT: 'true', OLLAMA_MODEL: 'mistral' });
    const last = (await article(stack, token, { topic: 'bees', length: 'SHORT' })).at(-1)!;
    expect(last.phase).toBe('FAILED');
    expect(last.message).toBe(
      'Ollama does not have the model "mistral" (it has "nomic-embed-text:latest", "llama3.2:1b", "qwen2.5:0.5b"). Run `ollama pull mistral` where Ollama runs, or set OLLAMA_MODEL to a model it has.',
    );
  });

  it('takes "llama3.2:1b" spelled as Ollama lists it, and a tag-less name as its :latest', async () => {
    const pick = async (model: string) => (await createTextProvider(loadConfig({ ...process.env, ENGINE_AUTODETECT: 'true', OLLAMA_MODEL: model }), logSpy())).engine.model;
    expect(await pick('qwen2.5:0.5b')).toBe('qwen2.5:0.5b');
    expect(await pick('nomic-embed-text')).toBe('nomic-embed-text:latest');
  });
});

describe('an Ollama with no chat model', () => {
  it('found on its address: leaves the template writer in place, with a warning saying what to pull', async () => {
    const saved = local.models;
    local.models = [embeddingModel(), embeddingModel('mxbai-embed-large:latest', 'bert')];
    try {
      const log = logSpy();
      const provider = await createTextProvider(loadConfig({ ...process.env, ENGINE_AUTODETECT: 'true' }), log);
      expect(provider.engine).toMatchObject({ name: 'local', placeholder: true });
      expect(log.lines.join('\n')).toContain('Ollama has no chat model: run `ollama pull llama3.2`');
    } finally {
      local.models = saved;
    }
  });

  it('set by OLLAMA_URL: jobs say what to pull, and the model is taken once it is there', async () => {
    const empty = await startOllamaMock([embeddingModel()], { fallback: { stream: ['# Pulled\n\n', 'At last.'] } });
    mocks.push(empty);
    const log = logSpy();
    expect((await createTextProvider(loadConfig({ ...process.env, OLLAMA_URL: empty.url }), log)).engine).toMatchObject({ name: 'ollama', label: 'Ollama', model: null });
    expect(log.lines.join('\n')).toContain('Ollama has no chat model: run `ollama pull llama3.2`: text jobs fail until it has one');

    const { stack, token } = await stackWith({ OLLAMA_URL: empty.url });
    const failed = (await article(stack, token, { topic: 'bees', length: 'SHORT' })).at(-1)!;
    expect(failed.phase).toBe('FAILED');
    expect(failed.message).toBe('Ollama has no chat model: run `ollama pull llama3.2` where Ollama runs.');
    empty.models.push(chatModel('llama3.2:1b'));
    const done = (await article(stack, token, { topic: 'bees', length: 'SHORT' })).at(-1)!;
    expect(done.phase, done.message ?? '').toBe('COMPLETED');
    expect(done.creation!.content).toBe('# Pulled\n\nAt last.');
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: done.creation!.id } });
    expect(row.metadata).toMatchObject({ provider: 'ollama', engine: 'Ollama · llama3.2:1b', model: 'llama3.2:1b' });
  });
});

describe('ENGINE_AUTODETECT off (the tests’ default), Ollama still answering on its address', () => {
  it('uses the template writer, which says so at its top, and records it as a placeholder', async () => {
    local.requests.length = 0;
    const { stack, token } = await stackWith({});
    const { engines } = await gqlOk(stack.url, ENGINES);
    expect(engines.text).toMatchObject({ name: 'local', placeholder: true, options: [] });
    const last = (await article(stack, token, { topic: 'urban beekeeping', length: 'SHORT', tone: 'PLAYFUL', language: 'French' })).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(last.creation!.content.startsWith(ARTICLE_NOTICE)).toBe(true);
    expect(last.creation!.content.split('\n')[0]).toMatch(/^> \*\*Template, not AI writing\.\*\*/);
    const { creation } = await gqlOk(stack.url, CREATION, { id: last.creation!.id }, token);
    expect(creation).toMatchObject({ provider: 'local', placeholder: true, madeBy: 'Template writer — no text model connected' });
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: last.creation!.id } });
    // The template writer honours neither tone nor language, so neither is recorded.
    expect(row.metadata).toMatchObject({ provider: 'local', model: 'atelier-offline-writer', placeholder: true });
    expect(row.metadata).not.toHaveProperty('tone');
    expect(row.metadata).not.toHaveProperty('language');
    expect(local.requests).toEqual([]);
  });
});

describe('OLLAMA_URL set explicitly', () => {
  let other: OllamaMock;
  let stack: Stack;
  let token: string;
  beforeAll(async () => {
    other = await startOllamaMock([chatModel('gemma3:1b', 'gemma3', '999.89M')], { fallback: { stream: ['# Tides\n\n', 'The moon pulls.'] } });
    mocks.push(other);
    ({ stack, token } = await stackWith({ OLLAMA_URL: `${other.url}/` }));
  });

  it('works on any port, with autodetection off', async () => {
    const { engines } = await gqlOk(stack.url, ENGINES);
    expect(engines.text).toMatchObject({ name: 'ollama', label: 'Ollama · gemma3:1b', placeholder: false });
    const last = (await article(stack, token, { topic: 'tides', length: 'SHORT' })).at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(last.creation!.content).toBe('# Tides\n\nThe moon pulls.');
    expect(other.requests.find((r) => r.path === '/v1/chat/completions')?.body.model).toBe('gemma3:1b');
  });

  it('fails clearly (after retrying) when Ollama stops answering mid-run', async () => {
    await other.close();
    const last = (await article(stack, token, { topic: 'tides', length: 'SHORT' })).at(-1)!;
    expect(last.phase).toBe('FAILED');
    expect(last.message).toBe('Ollama cannot be reached. We tried 4 times; please try again later.');
    // A worker starting now still takes the Ollama it was told to use, and warns.
    const log = logSpy();
    expect((await createTextProvider(loadConfig({ ...process.env, OLLAMA_URL: other.url }), log)).engine).toMatchObject({ name: 'ollama', placeholder: false });
    expect(log.lines.join('\n')).toContain('OLLAMA_URL does not answer');
  });
});
