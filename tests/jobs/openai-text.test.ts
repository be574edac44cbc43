// What a user of a real OpenAI-compatible service hits (docs/real-services.md, "Text (articles,
// titles, resume reviews)"): Retry-After, a stream that drops mid-answer, retry notes for
// subscribers who join late, base URLs without /v1, and prompts that say the length and the form
// the tool shows. Against a local server that speaks the chat-completions wire format, so the SDK
// and our provider both run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/shared/platform/config.js';
import { retryAfterOf } from '../../server/shared/platform/provider-errors.js';
import { followJob, gqlOk, signUp, startStack } from '../helpers/server.js';
import { startOpenAIMock, type OpenAIMock } from '../helpers/openai-mock.js';

const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';
const TITLES = 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id } }';

/** The text a subscriber holds after applying every event as the contract says (delta at offset). */
const assemble = (events: { delta: string; offset: number }[]) => events.reduce((text, e) => text.slice(0, e.offset) + e.delta, '');

let mock: OpenAIMock;
let stack: Awaited<ReturnType<typeof startStack>>;
let token: string;

beforeAll(async () => {
  mock = await startOpenAIMock();
  // The base URL without /v1, as users write it for Ollama or OpenAI itself.
  stack = await startStack({ OPENAI_API_KEY: 'sk-test-not-real', OPENAI_BASE_URL: mock.baseURL.replace(/\/v1$/, ''), TEXT_MODEL: 'test-model' });
  token = (await signUp(stack.url, 'Oai', 'oaitext')).token;
});
afterAll(async () => {
  await stack.close();
  await mock.close();
});

async function titles(keyword = 'tea') {
  const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword } }, token);
  return job.id as string;
}

describe('an OpenAI-compatible service', () => {
  it('is reached at /v1 when the base URL is a bare host', async () => {
    mock.requests.length = 0;
    mock.fallback = { stream: ['1. Tea'] };
    const events = await followJob(stack.url, token, await titles());
    expect(events.at(-1)?.phase).toBe('COMPLETED');
    expect(mock.requests[0]?.path).toBe('/v1/chat/completions');
  });

  it('waits as long as a 429 Retry-After (seconds) asks before retrying', async () => {
    mock.requests.length = 0;
    mock.replies.push({ status: 429, error: 'Rate limit reached', headers: { 'retry-after': '2' } });
    mock.fallback = { stream: ['1. Tea'] };
    const events = await followJob(stack.url, token, await titles());
    expect(events.at(-1)?.phase).toBe('COMPLETED');
    expect(mock.requests).toHaveLength(2);
    expect(mock.requests[1]!.at - mock.requests[0]!.at).toBeGreaterThanOrEqual(1950);
  });

  it('waits for a Retry-After given as an HTTP date', async () => {
    mock.requests.length = 0;
    mock.replies.push({ status: 503, error: 'Overloaded', headers: { 'retry-after': new Date(Date.now() + 3000).toUTCString() } });
    mock.fallback = { stream: ['1. Tea'] };
    const events = await followJob(stack.url, token, await titles());
    expect(events.at(-1)?.phase).toBe('COMPLETED');
    // An HTTP date has whole seconds: at least 2 s of the 3 remain.
    expect(mock.requests[1]!.at - mock.requests[0]!.at).toBeGreaterThanOrEqual(1900);
  });

  it('retries a stream that drops mid-answer; what the subscriber assembled is the saved text', async () => {
    mock.requests.length = 0;
    mock.replies.push({ stream: ['# Bees\n\n', 'Bees make ', 'wax and '], dropAfter: 2 });
    mock.fallback = { stream: ['# Bees\n\n', 'Bees dance.'] };
    const { generateArticle: job } = await gqlOk(stack.url, ARTICLE, { input: { topic: 'bees', length: 'SHORT' } }, token);
    const events = await followJob(stack.url, token, job.id);
    const last = events.at(-1)!;
    expect(last.phase, last.message ?? '').toBe('COMPLETED');
    expect(mock.requests).toHaveLength(2);
    expect(last.creation?.content).toBe('# Bees\n\nBees dance.');
    expect(assemble(events)).toBe('# Bees\n\nBees dance.');
  });

  it('tells subscribers to cut their text when the retried answer is a shorter start of the dropped one', async () => {
    mock.requests.length = 0;
    mock.replies.push({ stream: ['1. Green tea', ' rituals', ' and more'], dropAfter: 2 });
    mock.fallback = { stream: ['1. Green tea'] };
    const events = await followJob(stack.url, token, await titles());
    expect(events.at(-1)?.creation?.content).toBe('1. Green tea');
    expect(assemble(events)).toBe('1. Green tea');
  });

  it('gives a subscriber who joins during the wait the retry note', async () => {
    mock.requests.length = 0;
    mock.replies.push({ status: 503, error: 'Overloaded', headers: { 'retry-after': '3' } });
    mock.fallback = { stream: ['1. Tea'] };
    const id = await titles();
    const until = Date.now() + 5000;
    while (mock.requests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    const events = await followJob(stack.url, token, id);
    expect(events[0]!.message).toMatch(/retrying in 3 s \(attempt 2 of 4\)/);
    expect(events.at(-1)?.phase).toBe('COMPLETED');
  });

  it('asks for the length as a word range and for a list of titles', async () => {
    mock.requests.length = 0;
    mock.fallback = { stream: ['# Tea'] };
    const { generateArticle: job } = await gqlOk(stack.url, ARTICLE, { input: { topic: 'tea', length: 'MEDIUM' } }, token);
    await followJob(stack.url, token, job.id);
    const article = mock.requests[0]!.body.messages.at(-1).content as string;
    expect(article).toMatch(/^Write an article about tea in Medium\.\n/);
    expect(article).toContain('between 800 and 1200 words');
    await followJob(stack.url, token, await titles('matcha'));
    const list = mock.requests[1]!.body.messages.at(-1).content as string;
    expect(list).toMatch(/^Generate a blog title for the keyword matcha in the category General\.\n/);
    expect(list).toContain('10 different titles, as a numbered Markdown list');
  });
});

describe('base URLs and Retry-After, read once', () => {
  it('adds /v1 to a bare host, keeps a path, and refuses what cannot work with a clear line', () => {
    expect(loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/' }).OPENAI_BASE_URL).toBe('http://localhost:11434/v1');
    expect(loadConfig({ OPENAI_BASE_URL: 'https://generativelanguage.googleapis.com/v1beta/openai/' }).OPENAI_BASE_URL).toBe(
      'https://generativelanguage.googleapis.com/v1beta/openai',
    );
    expect(loadConfig({ IMAGE_BASE_URL: 'https://api.openai.com' }).IMAGE_BASE_URL).toBe('https://api.openai.com/v1');
    expect(() => loadConfig({ OPENAI_BASE_URL: 'localhost:11434' })).toThrow(/OPENAI_BASE_URL: must start with https:\/\/ or http:\/\//);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL: "not a url" is not a URL/);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'https://user:sk-secret@api.example.com/v1' })).toThrow(/must not hold credentials/);
  });

  it('reads seconds, HTTP dates and retry-after-ms', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(retryAfterOf(new Headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(retryAfterOf(new Headers({ 'retry-after': 'Mon, 23 Nov 2026 10:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterOf(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1500);
    expect(retryAfterOf(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterOf(undefined, now)).toBeUndefined();
  });
});

describe('image settings beside the text ones', () => {
  it('send an image key given alone to OpenAI, never to the text server; an image base URL takes either key', async () => {
    const { imageSettings } = await import('../../worker/providers/image/openai.js');
    const ollama = { OPENAI_API_KEY: 'ollama', OPENAI_BASE_URL: 'http://localhost:11434/v1', IMAGE_MODEL: 'gpt-image-1' } as const;
    expect(imageSettings({ ...ollama, IMAGE_API_KEY: 'sk-img', IMAGE_BASE_URL: undefined })).toEqual({ apiKey: 'sk-img', baseURL: undefined });
    expect(imageSettings({ ...ollama, IMAGE_API_KEY: undefined, IMAGE_BASE_URL: 'http://img.local/v1' })).toEqual({ apiKey: 'ollama', baseURL: 'http://img.local/v1' });
    expect(imageSettings({ ...ollama, IMAGE_API_KEY: undefined, IMAGE_BASE_URL: undefined })).toEqual({ apiKey: 'ollama', baseURL: 'http://localhost:11434/v1' });
  });
});
