// A job's end written to a master that a failover then leaves behind is lost with it (its live
// state, the event its subscribers wait for, its webhook delivery's queue job): Redis replicates
// asynchronously. The connection that wrote it reconnects to the new master and writes it again
// from what it kept (server/shared/platform/redo-after-reconnect.ts). Here the failover is two
// real Redis nodes: the API on the new one, a worker's connection still on the old one when it
// completes a job, then moved over as a Sentinel failover moves it. A connection never moved
// (its end reached no one): the subscriber reads the job again after a silence (job.service.ts).
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Queues } from '../../server/shared/jobs/queues.js';
import { completeJob } from '../../server/shared/jobs/job.store.js';
import { createJobState, readJobLive } from '../../server/shared/jobs/job.events.js';
import { createRedis } from '../../server/shared/platform/redis.js';
import { redoAfterReconnect, REDO_WINDOW_MS } from '../../server/shared/platform/redo-after-reconnect.js';
import { WebhookOutbox } from '../../server/shared/webhooks/outbox.js';
import { IdempotencyKeys } from '../../server/api-v1/idempotency.js';
import { noopTool } from '../../server/shared/tools/noop.js';
import { startRedisNode } from '../helpers/redis-sentinel.js';
import { SILENCE_RESYNC_MS } from '../../server/modules/job/job.service.js';
import { collect, JOB_PROGRESS, signUp, startTestServer, waitFor, wsClient, type JobEventData } from '../helpers/server.js';

let oldMaster: Awaited<ReturnType<typeof startRedisNode>>;
let newMaster: Awaited<ReturnType<typeof startRedisNode>>;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  [oldMaster, newMaster] = await Promise.all([startRedisNode(), startRedisNode()]);
  server = await startTestServer({ REDIS_URL: `redis://127.0.0.1:${newMaster.port}`, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([oldMaster?.close(), newMaster?.close()]);
});

describe('a job end a failover dropped', () => {
  it('is written again on the new master when the writing connection moves there: the subscriber hears it, the webhook is queued', async () => {
    const { db } = server.app.services;
    const prefix = server.config.REDIS_PREFIX;
    const { token, user } = await signUp(server.url, 'Moved', 'failover-end');
    await db.webhookEndpoint.create({ data: { userId: user.id, url: 'http://127.0.0.1:9/hooks', events: ['job.completed'], secret: 'whsec_dGVzdA==' } });
    const started = async () => {
      const job = await db.job.create({ data: { kind: noopTool.kind, userId: user.id, input: { cpuWork: 0, quota: null }, phase: 'QUEUED' } });
      await createJobState(server.app.services.redis, prefix, job.id, user.id, job.createdAt);
      return job;
    };
    const moved = await started();
    const stayed = await started();

    // Each job's owner follows it through the API, which is on the new master already.
    const socket = wsClient(server.url, token);
    const follow = (id: string) => collect<JobEventData>(socket, JOB_PROGRESS, { id });
    const [movedFollow, stayedFollow] = [follow(moved.id), follow(stayed.id)];
    await waitFor(() => movedFollow.items.length > 0 && stayedFollow.items.length > 0, 5000, 'both subscriptions');

    // Two workers' connections still on the old master: each completes a job there.
    const settings = { ...server.config, REDIS_URL: `redis://127.0.0.1:${oldMaster.port}` };
    const writers = [createRedis(settings, 'test-worker-moved'), createRedis(settings, 'test-worker-stayed')] as const;
    const queues = writers.map((w) => new Queues(w, prefix, () => undefined));
    const deps = writers.map((redis, i) => ({
      db,
      redis,
      prefix,
      webhooks: new WebhookOutbox({
        db,
        queue: () => queues[i]!.webhooks(),
        redis,
        log: server.app.services.log,
        config: server.config,
        storage: { urlFor: async (f: string) => f },
      }),
    }));
    const complete = (i: number, jobId: string) =>
      completeJob(deps[i]!, jobId, 'Done', { type: 'ARTICLE', prompt: 'p', content: 'c', metadata: {}, published: false }, async () => undefined);
    expect(await complete(0, moved.id)).not.toBeNull();
    expect(await complete(1, stayed.id)).not.toBeNull();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { messageId: `msg_${moved.id}` } });
    // On the old master only: the new one has neither end, and nobody heard them.
    expect((await readJobLive(writers[0], prefix, moved.id)).state?.phase).toBe('COMPLETED');
    const onNew = new Queues(server.app.services.redis, prefix, () => undefined);
    expect(await onNew.webhooks().getJobState(delivery.id)).toBe('unknown');
    for (const id of [moved.id, stayed.id]) expect((await readJobLive(server.app.services.redis, prefix, id)).state?.phase).toBe('QUEUED');

    // The failover reaches the first writer (as master-follower.ts moves a connection): it reconnects to the new master.
    writers[0].options.port = newMaster.port;
    writers[0].disconnect(true);

    await waitFor(() => movedFollow.items.at(-1)?.jobProgress.phase === 'COMPLETED', 5000, 'the moved job’s subscriber to hear it complete');
    expect(movedFollow.items.at(-1)!.jobProgress.creation?.id).toBe((await db.job.findUniqueOrThrow({ where: { id: moved.id } })).creationId);
    expect((await readJobLive(server.app.services.redis, prefix, moved.id)).state?.phase).toBe('COMPLETED');
    await waitFor(async () => (await onNew.webhooks().getJobState(delivery.id)) === 'waiting', 5000, 'the delivery queued on the new master');
    // The other writer never reconnected: what it wrote is still only on the old master.
    expect(stayedFollow.items.at(-1)!.jobProgress.phase).toBe('QUEUED');
    expect((await readJobLive(server.app.services.redis, prefix, stayed.id)).state?.phase).toBe('QUEUED');
    expect(movedFollow.errors).toEqual([]);
    // Its subscriber, having heard nothing for SILENCE_RESYNC_MS, reads the job again: the end from Postgres.
    const silentSince = Date.now();
    await waitFor(() => stayedFollow.items.at(-1)?.jobProgress.phase === 'COMPLETED', SILENCE_RESYNC_MS + 5000, 'the stayed job’s subscriber to read its end');
    expect(Date.now() - silentSince).toBeLessThan(SILENCE_RESYNC_MS + 2000);
    expect(stayedFollow.items.at(-1)!.jobProgress.creation?.id).toBe((await db.job.findUniqueOrThrow({ where: { id: stayed.id } })).creationId);
    expect(stayedFollow.errors).toEqual([]);

    stayedFollow.dispose();
    movedFollow.dispose();
    await socket.dispose();
    await Promise.all([...queues, onNew].map((q) => q.close()));
    await Promise.all(writers.map((w) => w.quit()));
  });

  it('an Idempotency-Key reservation is set again there too, with its expiry; one given back is not', async () => {
    const prefix = server.config.REDIS_PREFIX;
    const writer = createRedis({ ...server.config, REDIS_URL: `redis://127.0.0.1:${oldMaster.port}` }, 'test-api-moved');
    const keys = new IdempotencyKeys(writer, prefix);
    const kept = { fingerprint: 'f1', jobId: '00000000-0000-4000-8000-000000000001' };
    const given = { fingerprint: 'f2', jobId: '00000000-0000-4000-8000-000000000002' };
    expect(await keys.reserve('u1', 'kept-key', kept)).toBeNull();
    expect(await keys.reserve('u1', 'given-key', given)).toBeNull();
    await keys.release('u1', 'given-key', given);

    writer.options.port = newMaster.port;
    writer.disconnect(true);
    const onNew = new IdempotencyKeys(server.app.services.redis, prefix);
    await waitFor(async () => (await onNew.get('u1', 'kept-key')) !== null, 5000, 'the reservation on the new master');
    expect(await onNew.get('u1', 'kept-key')).toEqual(kept);
    const ttl = await server.app.services.redis.ttl(`${prefix}:idempotency:u1:${createHash('sha256').update('kept-key').digest('hex')}`);
    expect(ttl).toBeGreaterThan(24 * 3600 - 60);
    expect(await onNew.get('u1', 'given-key')).toBeNull();
    // A repeat of the request now finds the first one's job, as it would have before the failover.
    expect(await onNew.reserve('u1', 'kept-key', { fingerprint: 'f1', jobId: '00000000-0000-4000-8000-000000000003' })).toEqual(kept);
    await writer.quit();
  });

  it('is written again at each reconnection within REDO_WINDOW_MS, and not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const connection = new EventEmitter() as unknown as Redis;
      const redo = vi.fn(async () => undefined);
      redoAfterReconnect(connection, 'job-end:a', redo);
      connection.emit('ready');
      await vi.waitFor(() => expect(redo).toHaveBeenCalledTimes(1));
      vi.setSystemTime(Date.now() + REDO_WINDOW_MS - 1000);
      connection.emit('ready');
      await vi.waitFor(() => expect(redo).toHaveBeenCalledTimes(2));
      vi.setSystemTime(Date.now() + 2000);
      connection.emit('ready');
      await new Promise((r) => setTimeout(r, 50));
      expect(redo).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
