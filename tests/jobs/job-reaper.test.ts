// Jobs nobody will finish (BullMQ gave up on them, or lost them, while their row stayed
// live — e.g. a database outage outlasting every re-run) are failed visibly by the
// workers' sweep; jobs BullMQ still runs, and fresh ones, are left alone.
import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noopTool } from '../../server/shared/tools/noop.js';
import { Queues } from '../../server/shared/jobs/queues.js';
import { createRedis } from '../../server/shared/platform/redis.js';
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
  it('fails live jobs BullMQ no longer runs, with a code, and leaves running, queued and fresh ones', async () => {
    const { db } = server.app.services;
    const { token, user } = await signUp(server.url, 'Reaped', 'reaper');
    const live = (phase: 'QUEUED' | 'PROCESSING') => db.job.create({ data: { kind: noopTool.kind, userId: user.id, input: {}, phase } });
    const age = (id: string) => db.$executeRaw`UPDATE "Job" SET "updatedAt" = now() - interval '1 hour' WHERE id = ${id}::uuid`;

    const lost = await live('PROCESSING'); // no BullMQ job at all
    const gaveUp = await live('PROCESSING'); // BullMQ failed it for good
    const waiting = await live('QUEUED'); // still in the queue
    const fresh = await live('PROCESSING'); // too young to judge
    for (const j of [lost, gaveUp, waiting]) await age(j.id);

    const queue = queues.get(noopTool.kind);
    await queue.add(noopTool.kind, { jobId: gaveUp.id }, { jobId: gaveUp.id, attempts: 1 });
    const connection = createRedis(server.config.REDIS_URL, 'test-reaper-worker');
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

    const reaped = await reapAbandonedJobs({ db, redis: server.app.services.redis, config: server.config, webhooks: server.app.webhooks.outbox }, queues, 60_000);
    expect(reaped.sort()).toEqual([lost.id, gaveUp.id].sort());
    for (const id of [lost.id, gaveUp.id]) {
      expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ phase: 'FAILED', errorCode: 'SERVICE_UNAVAILABLE', message: ABANDONED_MESSAGE });
    }
    expect((await db.job.findUniqueOrThrow({ where: { id: waiting.id } })).phase).toBe('QUEUED');
    expect((await db.job.findUniqueOrThrow({ where: { id: fresh.id } })).phase).toBe('PROCESSING');
    // Its owner sees it end, with the reason.
    const events = await followJob(server.url, token, lost.id, 5000);
    expect(events.at(-1)).toMatchObject({ phase: 'FAILED', message: ABANDONED_MESSAGE });
    // A second sweep (another worker's) finds nothing more to do.
    expect(await reapAbandonedJobs({ db, redis: server.app.services.redis, config: server.config, webhooks: server.app.webhooks.outbox }, queues, 60_000)).toEqual([]);
  });
});
