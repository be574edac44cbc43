// The job pipeline end to end: GraphQL mutation → BullMQ → worker → Redis pub/sub →
// graphql-ws subscriber, against the real Postgres and Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWords } from '../../worker/providers/text/local/words.js';
import { parseTitles } from '../../worker/tools/blog-titles/offline-writer.js';
import { collect, followJob, gql, gqlOk, JOB_PROGRESS, signUp, startStack, waitFor, wsClient, type JobEventData } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let user: { token: string; user: { id: string } };

const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id kind phase percent } }';
const TITLES = 'mutation($input: GenerateBlogTitlesInput!) { generateBlogTitles(input: $input) { id phase } }';
const PHASES = ['QUEUED', 'ANALYZING', 'PROCESSING', 'FINALIZING', 'COMPLETED'];

beforeAll(async () => {
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '3' });
  user = await signUp(stack.url, 'Writer', 'writer');
});
afterAll(() => stack.close());

function expectOrdered(events: { phase: string; percent: number }[]) {
  const ranks = events.map((e) => PHASES.indexOf(e.phase));
  expect(ranks.every((r) => r >= 0)).toBe(true);
  for (let i = 1; i < events.length; i++) {
    expect(ranks[i]!).toBeGreaterThanOrEqual(ranks[i - 1]!);
    expect(events[i]!.percent).toBeGreaterThanOrEqual(events[i - 1]!.percent);
  }
}

describe('article writer', () => {
  it('streams phases in order with monotone percent, and deltas add up to the saved article', async () => {
    // Workers start only once the subscriber is listening, so it sees every phase.
    const own = await startStack({ LOCAL_STREAM_DELAY_MS: '3' }, { workersLater: true });
    const { generateArticle: job } = await gqlOk(own.url, ARTICLE, { input: { topic: 'urban beekeeping', length: 'MEDIUM' } }, user.token);
    expect(job).toMatchObject({ kind: 'article', phase: 'QUEUED', percent: 0 });
    const client = wsClient(own.url, user.token);
    const sub = collect<JobEventData>(client, JOB_PROGRESS, { id: job.id });
    await waitFor(() => sub.items.length > 0, 5000, 'first event');
    expect(sub.items[0]!.jobProgress).toMatchObject({ phase: 'QUEUED', percent: 0, delta: '' });
    await own.startWorkers();
    await waitFor(() => sub.items.at(-1)?.jobProgress.phase === 'COMPLETED', 20_000, 'completion');
    const events = sub.items.map((i) => i.jobProgress);
    sub.dispose();
    await client.dispose();
    await own.close();
    expectOrdered(events);
    const seen = new Set(events.map((e) => e.phase));
    for (const p of ['ANALYZING', 'PROCESSING', 'FINALIZING', 'COMPLETED']) expect(seen.has(p), p).toBe(true);
    expect(events.filter((e) => e.delta).length).toBeGreaterThan(10);
    const last = events.at(-1)!;
    expect(last.percent).toBe(100);
    expect(last.creation).toMatchObject({ type: 'ARTICLE', provider: 'local' });
    expect(events.map((e) => e.delta).join('')).toBe(last.creation!.content);
    const words = countWords(last.creation!.content);
    expect(words).toBeGreaterThanOrEqual(800);
    expect(words).toBeLessThanOrEqual(1200);
    expect(last.creation!.content.toLowerCase()).toContain('urban beekeeping');

    const history = await gqlOk(stack.url, '{ myCreations(first: 5) { edges { node { id prompt type } } } }', {}, user.token);
    expect(history.myCreations.edges[0].node).toEqual({ id: last.creation!.id, prompt: 'Write an article about urban beekeeping in Medium', type: 'ARTICLE' });
    const row = await gqlOk(stack.url, 'query($id: ID!) { job(id: $id) { phase percent creation { id } } }', { id: job.id }, user.token);
    expect(row.job).toEqual({ phase: 'COMPLETED', percent: 100, creation: { id: last.creation!.id } });
  });

  it('gives a late subscriber the current state with all text so far, then the rest', async () => {
    const { generateArticle: job } = await gqlOk(stack.url, ARTICLE, { input: { topic: 'remote team rituals', length: 'SHORT' } }, user.token);
    const early = wsClient(stack.url, user.token);
    const first = collect<JobEventData>(early, JOB_PROGRESS, { id: job.id });
    await waitFor(() => first.items.filter((e) => e.jobProgress.delta).length > 5, 20_000, 'some text');
    const late = await followJob(stack.url, user.token, job.id);
    expect(late[0]!.delta.length).toBeGreaterThan(0);
    expect(late[0]!.offset).toBe(0);
    const content = late.at(-1)!.creation!.content;
    expect(late.map((e) => e.delta).join('')).toBe(content);
    await waitFor(() => first.items.at(-1)?.jobProgress.phase === 'COMPLETED', 20_000, 'early subscriber done');
    expect(first.items.map((e) => e.jobProgress.delta).join('')).toBe(content);
    first.dispose();
    await early.dispose();

    // After the end: one event, the whole result.
    const after = await followJob(stack.url, user.token, job.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ phase: 'COMPLETED', percent: 100, delta: content });
  });

  it('hits the chosen length range for 20 topics through the pipeline', async () => {
    const topics = [
      'sourdough baking',
      'quantum computing basics',
      'marathon training',
      'home composting',
      'personal finance for students',
      'electric cars',
      'learning Japanese',
      'minimalist living',
      'indoor plants',
      'cybersecurity at home',
      'public speaking',
      'bird watching',
      'solar panels',
      'chess openings',
      'podcast production',
      'camping with kids',
      'API design',
      'coffee roasting',
      'mindful meditation',
      'urban cycling',
    ];
    const lengths = ['SHORT', 'MEDIUM', 'LONG'] as const;
    const ranges = { SHORT: [500, 800], MEDIUM: [800, 1200], LONG: [1200, 1600] };
    const premium = await signUp(stack.url, 'Bulk', 'bulk');
    await gqlOk(stack.url, 'mutation { startTrial { plan } }', {}, premium.token);
    for (let i = 0; i < topics.length; i += 3) {
      const batch = topics.slice(i, i + 3);
      const jobs = await Promise.all(batch.map((topic, k) => gqlOk(stack.url, ARTICLE, { input: { topic, length: lengths[(i + k) % 3] } }, premium.token)));
      const results = await Promise.all(jobs.map((j) => followJob(stack.url, premium.token, j.generateArticle.id)));
      results.forEach((events, k) => {
        const [min, max] = ranges[lengths[(i + k) % 3]!];
        const words = countWords(events.at(-1)!.creation!.content);
        expect(words, batch[k]).toBeGreaterThanOrEqual(min!);
        expect(words, batch[k]).toBeLessThanOrEqual(max!);
      });
    }
  });
});

describe('blog titles', () => {
  it('makes ten distinct titles with the keyword, saved and streamed', async () => {
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'sourdough', category: 'FOOD' } }, user.token);
    const events = await followJob(stack.url, user.token, job.id);
    const content = events.at(-1)!.creation!.content;
    expect(events.map((e) => e.delta).join('')).toBe(content);
    const titles = parseTitles(content);
    expect(titles).toHaveLength(10);
    expect(new Set(titles).size).toBe(10);
    for (const t of titles) expect(t.toLowerCase()).toContain('sourdough');
    const row = await stack.server.app.services.db.creation.findUniqueOrThrow({ where: { id: events.at(-1)!.creation!.id } });
    expect(row.prompt).toBe('Generate a blog title for the keyword sourdough in the category Food');
    expect(row.type).toBe('BLOG_TITLE');
  });
});

describe('input and ownership', () => {
  it('refuses blank and over-long input with the spec messages', async () => {
    const blank = await gql(stack.url, ARTICLE, { input: { topic: '   ', length: 'SHORT' } }, user.token);
    expect(blank.errors?.[0]).toMatchObject({ message: 'Please enter a topic for the article', extensions: { code: 'BAD_USER_INPUT', field: 'topic' } });
    const long = await gql(stack.url, ARTICLE, { input: { topic: 'x'.repeat(201) } }, user.token);
    expect(long.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const kw = await gql(stack.url, TITLES, { input: { keyword: '' } }, user.token);
    expect(kw.errors?.[0]).toMatchObject({ message: 'Please enter a keyword', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await gql(stack.url, ARTICLE, { input: { topic: 'x' } })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('shows a job and its progress only to its owner', async () => {
    const { generateBlogTitles: job } = await gqlOk(stack.url, TITLES, { input: { keyword: 'privacy' } }, user.token);
    const other = await signUp(stack.url, 'Nosy', 'nosy');
    const seen = await gqlOk(stack.url, 'query($id: ID!) { job(id: $id) { id } }', { id: job.id }, other.token);
    expect(seen.job).toBeNull();
    const client = wsClient(stack.url, other.token);
    const sub = collect(client, JOB_PROGRESS, { id: job.id });
    await waitFor(() => sub.errors.length > 0, 5000, 'refusal');
    expect(JSON.stringify(sub.errors)).toContain('NOT_FOUND');
    expect(sub.items).toHaveLength(0);
    sub.dispose();
    await client.dispose();
    const cancel = await gql(stack.url, 'mutation($id: ID!) { cancelJob(id: $id) { phase } }', { id: job.id }, other.token);
    expect(cancel.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await followJob(stack.url, user.token, job.id);
  });
});
