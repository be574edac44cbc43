// docs/api-v1.md, "The OpenAPI document": a client that knows the jobs API only from its published
// OpenAPI document. The document the server serves passes two third-party validators,
// openapi-typescript makes the committed types from it (tests/api-v1/generated/openapi.d.ts, by
// `npm run codegen`), and openapi-fetch, typed by them, with an API key: starts a job, repeats it
// with the same Idempotency-Key (one job), follows its Server-Sent Events to the result (resuming
// mid-stream with Last-Event-ID: no text lost or repeated), and cancels another.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components, paths } from './generated/openapi.js';
import { OPENAPI_TYPES_FILE, openApiTypes } from '../../scripts/openapi-types.js';
import { createTestApiKey } from '../helpers/api-keys.js';
import { signUp, startStack, waitFor } from '../helpers/server.js';
import { applyDeltas, readEvents } from '../helpers/sse.js';
import { TEST_EVENT, WEBHOOK_EVENTS } from '../../server/shared/webhooks/events.js';

type Job = components['schemas']['Job'];

let stack: Awaited<ReturnType<typeof startStack>>;
let userId: string;
let client: ReturnType<typeof createClient<paths>>;
let published: Record<string, unknown>;

beforeAll(async () => {
  // The offline writer streams a short article in about 2 s: long enough to drop the stream half-way.
  stack = await startStack({ LOCAL_STREAM_DELAY_MS: '15' });
  const account = await signUp(stack.url, 'Dev', 'typed-client');
  userId = account.user.id;
  const { key } = await createTestApiKey(stack.server.app.services.db, userId, ['read', 'generate']);
  client = createClient<paths>({ baseUrl: stack.url, headers: { Authorization: `Bearer ${key}` } });
});
afterAll(() => stack?.close());

describe('the published OpenAPI document', () => {
  it('is served without a key, passes two third-party validators, and gives the committed types', async () => {
    const res = await fetch(`${stack.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    published = (await res.json()) as Record<string, unknown>;
    expect(published.openapi).toBe('3.1.0');
    // Every event a webhook endpoint may receive is described, "Send test event"'s too.
    expect(Object.keys(published.webhooks as object).sort()).toEqual([...WEBHOOK_EVENTS, TEST_EVENT].sort());

    const strict = await new Validator().validate(published);
    expect(strict, JSON.stringify(strict.errors)).toEqual({ valid: true });
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(published), absoluteRef: 'openapi.json', config });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);

    // The test's client is typed by what the served document generates (stale: run npm run codegen).
    expect(await openApiTypes(published)).toBe(readFileSync(resolve(import.meta.dirname, '../..', OPENAPI_TYPES_FILE), 'utf8'));
    expect(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../openapi.json'), 'utf8'))).toEqual(published);
  });
});

describe('a typed client generated from it, with an API key', () => {
  it('starts one job per Idempotency-Key, follows its events to the result across a reconnect, and cancels another', async () => {
    const idempotencyKey = randomUUID();
    const start = () => client.POST('/api/v1/articles', { body: { topic: 'tidal energy', length: 'SHORT' }, params: { header: { 'Idempotency-Key': idempotencyKey } } });
    const first = await start();
    expect(first.response.status).toBe(202);
    const job = first.data!;
    expect(job).toMatchObject({ object: 'job', tool: 'article', status: 'queued', links: { events: `/api/v1/jobs/${job.id}/events` } });
    expect(first.response.headers.get('location')).toBe(`/api/v1/jobs/${job.id}`);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();

    const again = await start();
    expect(again.response.status).toBe(202);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data!.id).toBe(job.id);
    expect(await stack.server.app.services.db.job.count({ where: { userId } })).toBe(1);

    // Follow the events, and drop the connection once some text has come.
    const events = (lastEventId?: string) =>
      client.GET('/api/v1/jobs/{id}/events', { params: { path: { id: job.id }, header: lastEventId ? { 'Last-Event-ID': lastEventId } : {} }, parseAs: 'stream' });
    const opened = await events();
    expect(opened.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const before = await readEvents(opened.data!, (_e, all) => applyDeltas(all).length > 300);
    expect(before.ended).toBe(false);
    expect(before.retry).toBeGreaterThan(0);
    const held = applyDeltas(before.events);
    // Dropping the connection ends the server's following of the job (no listener left behind).
    await waitFor(() => stack.server.app.services.pubsub.listenerCount() === 0, 5_000, 'the dropped stream to stop listening');
    const lastId = before.events.at(-1)!.id!;
    expect(lastId).toBe(`${held.length}-${lastId.split('-')[1]}`);

    // Reconnect where it stopped: only the missing text comes, then the result.
    const after = await readEvents((await events(lastId)).data!);
    expect(after.ended).toBe(true);
    const firstDelta = JSON.parse(after.events.find((e) => e.event === 'delta')!.data) as { offset: number };
    expect(firstDelta.offset).toBe(held.length);
    const end = after.events.at(-1)!;
    expect(end.event).toBe('completed');
    expect(end.id).toMatch(/-end$/);
    const done = JSON.parse(end.data) as Job;
    expect(done).toMatchObject({ id: job.id, status: 'completed', phase: 'COMPLETED', percent: 100, error: null, creation: { type: 'ARTICLE', object: 'creation' } });
    expect(applyDeltas(after.events, held)).toBe(done.creation!.content);
    expect(done.creation!.content.toLowerCase()).toContain('tidal energy');
    const progress = [...before.events, ...after.events].filter((e) => e.event === 'progress').map((e) => JSON.parse(e.data) as { percent: number; phase: string });
    expect(progress.map((p) => p.phase)).toContain('PROCESSING');

    // Once the last event was had, reconnecting gets 204 (EventSource stops); the job reads as done.
    expect((await events(end.id)).response.status).toBe(204);
    const read = await client.GET('/api/v1/jobs/{id}', { params: { path: { id: job.id } } });
    expect(read.data).toEqual(done);
    const page = await client.GET('/api/v1/creations', { params: { query: { first: 5 } } });
    expect(page.data!.data.map((c) => c.id)).toEqual([done.creation!.id]);

    // Another job, cancelled while it runs: its stream ends with `cancelled`.
    const other = await client.POST('/api/v1/articles', { body: { topic: 'slow food', length: 'LONG' } });
    expect(other.response.status).toBe(202);
    const cancelled = await client.POST('/api/v1/jobs/{id}/cancel', { params: { path: { id: other.data!.id } } });
    expect(cancelled.data).toMatchObject({ id: other.data!.id, status: 'cancelled', phase: 'CANCELLED', creation: null });
    const stream = await client.GET('/api/v1/jobs/{id}/events', { params: { path: { id: other.data!.id } }, parseAs: 'stream' });
    const tail = await readEvents(stream.data!);
    expect(tail.events.at(-1)!.event).toBe('cancelled');
    const usage = await client.GET('/api/v1/usage');
    expect(usage.data).toMatchObject({ object: 'usage', plan: 'FREE', quota: { text: { used: 1 } }, jobs: { running: 0, this_month: { completed: 1, cancelled: 1, total: 2 } } });
  });
});
