// Following a job from before it starts (docs/jobs-and-events.md): the client picks the job's id,
// opens jobProgress(jobId, starting: true), and starts the tool with that id once the subscription
// says it is listening, so every streamed delta reaches it as its own event.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, gql, signUp, startStack, waitFor, wsClient, type JobEventData } from '../helpers/server.js';

let stack: Awaited<ReturnType<typeof startStack>>;
let user: { token: string; user: { id: string } };

const ARTICLE = 'mutation($input: GenerateArticleInput!, $jobId: ID) { generateArticle(input: $input, jobId: $jobId) { id phase } }';
const FOLLOW = `subscription($id: ID!) { jobProgress(jobId: $id, starting: true) { jobId phase percent delta offset message creation { id content } } }`;

beforeAll(async () => {
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '5' });
  user = await signUp(stack.url, 'Early', 'early');
});
afterAll(() => stack.close());

describe('a job followed before it starts', () => {
  it('says it is listening, then delivers every delta of a job started with the same id; a stranger listening on the id gets nothing', async () => {
    const id = randomUUID();
    const client = wsClient(stack.url, user.token);
    const stranger = await signUp(stack.url, 'Nosy', 'nosy');
    const nosy = wsClient(stack.url, stranger.token);
    const sub = collect<JobEventData>(client, FOLLOW, { id });
    const peek = collect<JobEventData>(nosy, FOLLOW, { id });
    await waitFor(() => sub.items.length > 0 && peek.items.length > 0, 5000, 'both subscriptions to listen');
    expect(sub.items[0]!.jobProgress).toMatchObject({ jobId: id, phase: 'QUEUED', percent: 0, delta: '', offset: 0 });

    const started = await gql(stack.url, ARTICLE, { input: { topic: 'tide pools', length: 'SHORT' }, jobId: id }, user.token);
    expect(started.errors).toBeUndefined();
    expect(started.data!.generateArticle).toEqual({ id, phase: 'QUEUED' });

    await waitFor(() => sub.errors.length > 0 || sub.items.at(-1)?.jobProgress.phase === 'COMPLETED', 30_000, 'completion');
    expect(sub.errors).toEqual([]);
    const events = sub.items.map((i) => i.jobProgress);
    const content = events.at(-1)!.creation!.content;
    expect(events.map((e) => e.delta).join('')).toBe(content);
    // Nothing was missed: the text came as many small deltas, the first of them a small part of the whole.
    const texts = events.filter((e) => e.delta);
    expect(texts.length).toBeGreaterThan(20);
    expect(texts[0]!.delta.length).toBeLessThan(content.length / 10);

    // The stranger only ever heard that the subscription was listening.
    expect(peek.items.map((i) => i.jobProgress.delta)).toEqual(['']);
    expect(peek.items.map((i) => i.jobProgress.phase)).toEqual(['QUEUED']);
    sub.dispose();
    peek.dispose();
    await client.dispose();
    await nosy.dispose();
  }, 60_000);

  it('refuses an id already used, and one that is not a UUID, charging nothing', async () => {
    const free = await signUp(stack.url, 'Twice', 'twice');
    const id = randomUUID();
    const first = await gql(stack.url, ARTICLE, { input: { topic: 'kites' }, jobId: id }, free.token);
    expect(first.errors).toBeUndefined();
    const again = await gql(stack.url, ARTICLE, { input: { topic: 'kites' }, jobId: id }, free.token);
    expect(again.errors?.[0]).toMatchObject({
      message: 'This job id is already in use: start the job again with a new id',
      extensions: { code: 'BAD_USER_INPUT', field: 'jobId' },
    });
    // Someone else's id is refused the same way, and does not become theirs.
    const other = await gql(stack.url, ARTICLE, { input: { topic: 'kites' }, jobId: id }, user.token);
    expect(other.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const bad = await gql(stack.url, ARTICLE, { input: { topic: 'kites' }, jobId: 'job-1' }, free.token);
    expect(bad.errors?.[0]).toMatchObject({ message: 'The job id must be a UUID', extensions: { code: 'BAD_USER_INPUT' } });
    // Only the first request counted against the free quota.
    const billing = await gql<{ billing: { textUsedThisMonth: number } }>(stack.url, '{ billing { textUsedThisMonth } }', {}, free.token);
    expect(billing.data?.billing.textUsedThisMonth).toBe(1);
  }, 30_000);

  it('without starting, an unknown job is NOT_FOUND at once, as before', async () => {
    const client = wsClient(stack.url, user.token);
    const sub = collect<JobEventData>(client, 'subscription($id: ID!) { jobProgress(jobId: $id) { phase } }', { id: randomUUID() });
    await waitFor(() => sub.errors.length > 0, 5000, 'the refusal');
    expect(JSON.stringify(sub.errors)).toContain('NOT_FOUND');
    sub.dispose();
    await client.dispose();
  });
});
