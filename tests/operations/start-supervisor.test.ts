// `npm start` supervises the API and the worker (docs/security-testing.md): the real
// entry (server/bin/start.ts) as its own process tree; a SIGKILLed worker or API child is
// restarted while the other keeps serving, a job the dead worker held completes once,
// and Ctrl-C (or the supervisor's own death) leaves no process behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDefaultUser } from '../../server/shared/platform/config.js';
import { createDb, type Db } from '../../server/shared/db/prisma.js';
import { followJob, gqlOk, signUp, waitFor } from '../helpers/server.js';
import { isAlive, startSupervisor } from '../helpers/supervisor.js';

const ARTICLE = 'mutation($input: GenerateArticleInput!) { generateArticle(input: $input) { id } }';
const TITLES = 'mutation($k: String!) { generateBlogTitles(input: { keyword: $k }) { id } }';
const JOB = 'query($id: ID!) { job(id: $id) { phase } }';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: Db;
beforeAll(() => {
  db = createDb(withDefaultUser(process.env.DATABASE_URL!), 2);
});
afterAll(() => db.$disconnect());

describe('npm start', () => {
  it('restarts a killed worker (API answering meanwhile, its job done once) and a killed API (worker untouched); Ctrl-C stops all, exit 0', async () => {
    // A short BullMQ lock, so the dead worker's job is re-queued within seconds (JOB_LOCK_MS).
    const sup = await startSupervisor({ JOB_LOCK_MS: '1500', LOCAL_STREAM_DELAY_MS: '25' });
    try {
      await sup.ready();
      const { token } = await signUp(sup.url, 'Sup', 'sup');
      const { generateArticle: job } = await gqlOk(sup.url, ARTICLE, { input: { topic: 'supervision', length: 'SHORT' } }, token);
      const following = followJob(sup.url, token, job.id, 60_000);
      following.catch(() => undefined); // awaited below; a failure before that is not unhandled
      // A live job's phases are Redis's (its row holds only its start and end): ask the API.
      await waitFor(async () => (await gqlOk(sup.url, JOB, { id: job.id }, token)).job.phase === 'PROCESSING', 20_000, 'processing');
      await sleep(400); // some text streamed

      const worker1 = sup.pidOf('worker')!;
      expect(worker1).toBeGreaterThan(0);
      process.kill(worker1, 'SIGKILL');
      // Until a new worker is ready, the API keeps answering: health, and a query.
      const until = Date.now() + 30_000;
      let answered = 0;
      while (sup.count('worker ready') < 2) {
        if (Date.now() > until) throw new Error(`no new worker:\n${sup.output().slice(-3000)}`);
        expect((await fetch(`${sup.url}/healthz`)).status).toBe(200);
        expect((await gqlOk(sup.url, JOB, { id: job.id }, token)).job.phase).not.toBe('COMPLETED');
        answered += 1;
        await sleep(100);
      }
      expect(answered).toBeGreaterThan(0);
      expect(isAlive(worker1)).toBe(false);
      const worker2 = sup.pidOf('worker')!;
      expect(worker2).not.toBe(worker1);
      expect(sup.lines.find((l) => l.child === 'worker' && l.pid === worker1 && l.signal === 'SIGKILL')).toMatchObject({ msg: 'child died; restarting', restartInMs: 500 });
      expect(sup.lines.find((l) => l.child === 'worker' && l.pid === worker2)).toMatchObject({ msg: 'child started' });

      // The job the dead worker held is run again and completes, with exactly one creation.
      const events = await following;
      const last = events.at(-1)!;
      expect(last.phase).toBe('COMPLETED');
      expect(await db.creation.count({ where: { jobId: job.id } })).toBe(1);
      expect(events.map((e) => e.delta).join('')).toBe(last.creation!.content);

      // SIGKILL the API child: a new one serves the same port; the worker kept running.
      const api1 = sup.pidOf('api')!;
      expect(api1).toBeGreaterThan(0);
      process.kill(api1, 'SIGKILL');
      await waitFor(async () => sup.pidOf('api') !== undefined && sup.pidOf('api') !== api1 && (await sup.answers()), 30_000, 'the API to come back');
      expect(isAlive(api1)).toBe(false);
      expect(sup.pidOf('worker')).toBe(worker2);
      expect(sup.lines.find((l) => l.child === 'api' && l.pid === api1 && l.signal === 'SIGKILL')).toMatchObject({ msg: 'child died; restarting' });
      // Same port, same data: the old token works, and a new job runs through the surviving worker.
      const { generateBlogTitles: next } = await gqlOk(sup.url, TITLES, { k: 'after the restart' }, token);
      expect((await followJob(sup.url, token, next.id)).at(-1)!.phase).toBe('COMPLETED');

      // Ctrl-C: both children stop, the supervisor exits 0, nothing is left.
      const tree = [sup.proc.pid!, sup.pidOf('api')!, sup.pidOf('worker')!];
      sup.proc.kill('SIGINT');
      expect(await Promise.race([sup.exited, sleep(30_000).then(() => 'still running')])).toEqual({ code: 0, signal: null });
      await waitFor(() => tree.every((pid) => !isAlive(pid)), 5000, 'every process of the tree to be gone');
      expect(await sup.answers('/healthz')).toBe(false);
    } finally {
      sup.kill();
    }
  }, 180_000);

  it('children stop by themselves when the supervisor is SIGKILLed', async () => {
    const sup = await startSupervisor();
    try {
      await sup.ready();
      const tree = [sup.pidOf('api')!, sup.pidOf('worker')!];
      expect(tree.every((pid) => pid > 0)).toBe(true);
      sup.proc.kill('SIGKILL');
      await waitFor(() => tree.every((pid) => !isAlive(pid)), 20_000, 'the orphaned children to stop');
    } finally {
      sup.kill();
    }
  }, 120_000);

  it('backs off: 0.5 s doubling to 30 s, back to 0.5 s after a child ran a while', async () => {
    const { nextRestartDelay, RESTART } = await import('../../server/bin/supervisor.js');
    const delays: number[] = [];
    let d: number | undefined;
    for (let i = 0; i < 9; i += 1) delays.push((d = nextRestartDelay(d, 1000)));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextRestartDelay(30_000, RESTART.resetAfterMs)).toBe(500);
  });
});
