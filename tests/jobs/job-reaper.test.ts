// Jobs nobody will finish (BullMQ gave up on them while their row stayed live — e.g. a
// database outage outlasting every re-run) are failed visibly by the workers' sweep; jobs
// BullMQ lost (Redis failed over to a replica without its last writes) are queued again from
// their row; jobs BullMQ still runs, and fresh ones, are left alone.
import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noopTool } from '../../server/shared/tools/noop.js';
import { Queues } from '../../server/shared/jobs/queues.js';
import { createRedis } from '../../server/shared/platform/redis.js';
import { emitJobEvent } from '../../server/shared/jobs/job.events.js';
import { ABANDONED_MESSAGE, reapAbandonedJobs } from '../../worker/reaper.js';
import { isolatedDatabase } from '../helpers/database.js';
import { followJob, signUp, startTestServer } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
let queues: Queues;

beforeAll(async () => {
  // Its own database: the sweep looks at every job in it, and other test files' jobs (in
  // their own Redis prefixes) would look abandoned from here. No workers: BullMQ jobs stay
  // where the test puts them.
  server = await startTestServer({ DATABASE_URL: await isolatedDatabase('reaper') });
  queues = new Queues(server.app.services.redis, server.config.REDIS_PREFIX, () => undefined);
});
afterAll(async () => {
  await queues?.close();
  await server?.close();
});

describe('the abandoned-job sweep', () => {
  it('fails live jobs BullMQ gave up on, queues again those it lost, and leaves running, queued and fresh ones', async () => {
    const { db, redis } = server.app.services;
    const { token, user } = await signUp(server.url, 'Reaped', 'reaper');
    const live = (phase: 'QUEUED' | 'PROCESSING', createdAt = new Date()) =>
      db.job.create({ data: { kind: noopTool.kind, userId: user.id, input: { cpuWork: 0, quota: null }, phase, createdAt } });
    const age = (id: string) => db.$executeRaw`UPDATE "Job" SET "updatedAt" = now() - interval '1 hour' WHERE id = ${id}::uuid`;

    const lost = await live('QUEUED'); // no BullMQ job at all: Redis lost it
    const gaveUp = await live('PROCESSING'); // BullMQ failed it for good
    const waiting = await live('QUEUED'); // still in the queue
    const fresh = await live('PROCESSING'); // too young to judge
    const ancient = await live('QUEUED', new Date(Date.now() - 2 * 24 * 3600 * 1000)); // no trace, but BullMQ may have dropped its failure since
    const reporting = await live('PROCESSING'); // no BullMQ job, but a worker still reports on it
    for (const j of [lost, gaveUp, waiting, ancient, reporting]) await age(j.id);
    const progress = { phase: 'PROCESSING' as const, percent: 40, delta: '', offset: 0, message: 'Working', creationId: null };
    await emitJobEvent(redis, server.config.REDIS_PREFIX, { jobId: reporting.id, ...progress });

    const queue = queues.get(noopTool.kind);
    await queue.add(noopTool.kind, { jobId: gaveUp.id }, { jobId: gaveUp.id, attempts: 1 });
    const connection = createRedis(server.config, 'test-reaper-worker');
    const failer = new Worker(
      noopTool.kind,
      async () => {
        throw new UnrecoverableError('database still down');
      },
      { connection, prefix: server.config.REDIS_PREFIX },
    );
    await new Promise<void>((resolve) => failer.once('failed', () => resolve()));
    await failer.close();
    await connection.quit();
    expect(await queue.getJobState(gaveUp.id)).toBe('failed');
    await queue.add(noopTool.kind, { jobId: waiting.id }, { jobId: waiting.id });

    const services = { db, redis, config: server.config, webhooks: server.app.webhooks.outbox };
    const swept = await reapAbandonedJobs(services, queues, 60_000);
    expect(swept.failed.sort()).toEqual([gaveUp.id, ancient.id].sort());
    expect(swept.requeued).toEqual([lost.id]);
    for (const id of [gaveUp.id, ancient.id]) {
      expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ phase: 'FAILED', errorCode: 'SERVICE_UNAVAILABLE', message: ABANDONED_MESSAGE });
    }
    // The lost job is owed: queued again under its own id with what its row says, and still live.
    expect(await queue.getJobState(lost.id)).toBe('waiting');
    expect((await queue.getJob(lost.id))!.data).toEqual({
      jobId: lost.id,
      userId: user.id,
      kind: noopTool.kind,
      input: { cpuWork: 0, quota: null },
      createdAt: lost.createdAt.getTime(),
    });
    for (const j of [lost, waiting]) expect((await db.job.findUniqueOrThrow({ where: { id: j.id } })).phase).toBe('QUEUED');
    for (const j of [fresh, reporting]) expect((await db.job.findUniqueOrThrow({ where: { id: j.id } })).phase).toBe('PROCESSING');
    expect(await queue.getJobState(reporting.id)).toBe('unknown');
    // Its owner sees a failed one end, with the reason.
    const events = await followJob(server.url, token, gaveUp.id, 5000);
    expect(events.at(-1)).toMatchObject({ phase: 'FAILED', message: ABANDONED_MESSAGE });
    // A second sweep (another worker's) finds nothing more to do: the lost job is in the queue now.
    expect(await reapAbandonedJobs(services, queues, 60_000)).toEqual({ failed: [], requeued: [] });
  });
});
