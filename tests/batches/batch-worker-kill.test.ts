// A worker killed (SIGKILL) in the middle of a batch (docs/batches.md, "A worker that dies"):
// another worker takes the pictures over, every picture ends with exactly one creation, the
// parent job closes the batch once and batch.completed is queued once.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gqlOk, signUp, spawnWorkerProcess, startTestServer, waitFor } from '../helpers/server.js';

const PHOTOS = join(import.meta.dirname, '../fixtures/photos');
const NAMES = ['apple.jpg', 'astronaut.jpg', 'cafe.jpg', 'chelsea.png', 'camera.png', 'brick.png'];

describe('a worker killed mid-batch', () => {
  it('loses and duplicates nothing: every picture is done exactly once', async () => {
    const prefix = `atelier-test-batch-kill-${process.pid}-${Date.now()}`;
    const env = { REDIS_PREFIX: prefix, JOB_LOCK_MS: '1500', MAX_CONCURRENT_JOBS: '60', TOOL_RATE_PER_MINUTE: '60' };
    const server = await startTestServer(env);
    const db = server.app.services.db;
    const startWorker = () => spawnWorkerProcess(env);
    try {
      const owner = await signUp(server.url, 'Kill', 'batch-kill');
      await gqlOk(server.url, 'mutation { startTrial { plan } }', {}, owner.token);
      await db.webhookEndpoint.create({ data: { userId: owner.user.id, url: 'https://hooks.example.com/atelier', events: ['batch.completed'], secret: 'whsec_dGVzdA==' } });
      const form = new FormData();
      for (const n of NAMES)
        form.append(
          'images',
          new Blob([
            new Uint8Array(
              await sharp(await readFile(join(PHOTOS, n)))
                .resize({ width: 160 })
                .png()
                .toBuffer(),
            ),
          ]),
          n,
        );
      form.append('steps', JSON.stringify([{ tool: 'upscale-image', options: { scale: 4 } }]));
      const res = await fetch(`${server.url}/api/v1/batches`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
      expect(res.status).toBe(202);
      const batchId = ((await res.json()) as { id: string }).id;
      const jobIds = (await db.batch.findUniqueOrThrow({ where: { id: batchId } })).jobIds;

      const first = startWorker();
      await waitFor(() => first.out().includes('worker ready'), 90_000, 'first worker');
      // Killed once a picture is done and others are not.
      await waitFor(async () => (await db.job.count({ where: { id: { in: jobIds }, phase: 'COMPLETED' } })) >= 1, 60_000, 'a first picture');
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const doneBefore = await db.job.count({ where: { id: { in: jobIds }, phase: 'COMPLETED' } });
      expect(doneBefore).toBeLessThan(NAMES.length);

      const second = startWorker();
      try {
        // Nobody follows the batch: the flow's parent job closes it.
        await waitFor(async () => (await db.batch.findUniqueOrThrow({ where: { id: batchId } })).status === 'COMPLETED', 90_000, 'the batch to close');
      } finally {
        second.child.kill('SIGTERM');
        await new Promise((r) => second.child.once('exit', r));
      }
      const jobs = await db.job.findMany({ where: { id: { in: jobIds } } });
      expect(jobs.map((j) => j.phase)).toEqual(NAMES.map(() => 'COMPLETED'));
      const creations = await db.creation.findMany({ where: { jobId: { in: jobIds } }, select: { jobId: true } });
      expect(creations.map((c) => c.jobId).sort()).toEqual([...jobIds].sort());
      const deliveries = await db.webhookDelivery.findMany({ where: { eventType: 'batch.completed', messageId: `msg_${batchId}` } });
      expect(deliveries).toHaveLength(1);
      // batch.completed carries the counts and the zip's link (docs/webhooks.md).
      expect(deliveries[0]!.payload).toMatchObject({
        type: 'batch.completed',
        data: {
          id: batchId,
          object: 'batch',
          status: 'completed',
          counts: { total: NAMES.length, completed: NAMES.length, failed: 0 },
          links: { zip: expect.stringMatching(new RegExp(`/api/v1/batches/${batchId}/zip$`)) },
        },
      });
    } finally {
      await server.close();
    }
  }, 300_000);
});
