// The real `npm start` (server/bin/start.ts) under job load while its worker child is
// SIGKILLed every 20 s: the supervisor restarts it each time, the API never stops
// answering, and nothing is lost: every accepted job completes with exactly one creation.
// Uses the product's own BullMQ lock (JOB_LOCK_MS, 10 s by default), so the latency
// reported is what a user whose job was on a dead worker waits.
// SOAK_SECONDS (default 120) sets the length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDefaultUser } from '../../server/shared/platform/config.js';
import { createDb, type Db } from '../../server/shared/db/prisma.js';
import { followJob, gql, signUp, waitFor } from '../helpers/server.js';
import { isAlive, startSupervisor } from '../helpers/supervisor.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const KILL_EVERY_MS = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sup: Awaited<ReturnType<typeof startSupervisor>>;
let db: Db;

beforeAll(async () => {
  db = createDb(withDefaultUser(process.env.DATABASE_URL!), 2);
  sup = await startSupervisor({ MAX_CONCURRENT_JOBS: '1000', TOOL_RATE_PER_MINUTE: '100000', FREE_TEXT_QUOTA: '1000000' });
  await sup.ready();
});
afterAll(async () => {
  sup?.kill();
  await db?.$disconnect();
});

describe(`${SECONDS} s of jobs with the worker SIGKILLed every 20 s`, () => {
  it('restarts the worker every time and loses no job', async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(sup.url, `Writer${i}`, 'killsoak')));
    const api = sup.pidOf('api')!;
    const deadline = Date.now() + SECONDS * 1000;
    const running = () => Date.now() < deadline;
    const accepted: string[] = [];
    const latencies: number[] = [];
    const problems: string[] = [];
    let kills = 0;

    const writer = async (w: (typeof writers)[number], i: number) => {
      for (let n = 0; running(); n += 1) {
        const article = n % 2 === 0;
        const t0 = Date.now();
        const r = article
          ? await gql<{ job: { id: string } }>(
              sup.url,
              'mutation($t: String!) { job: generateArticle(input: { topic: $t, length: SHORT }) { id } }',
              { t: `kill soak ${i} ${n}` },
              w.token,
            )
          : await gql<{ job: { id: string } }>(sup.url, 'mutation($k: String!) { job: generateBlogTitles(input: { keyword: $k }) { id } }', { k: `kill soak ${i} ${n}` }, w.token);
        if (!r.data?.job) {
          problems.push(`job refused: ${r.status} ${JSON.stringify(r.errors)}`);
          await sleep(250);
          continue;
        }
        accepted.push(r.data.job.id);
        const events = await followJob(sup.url, w.token, r.data.job.id, 180_000);
        const last = events.at(-1)!;
        if (last.phase !== 'COMPLETED') problems.push(`job ${r.data.job.id} ended ${last.phase}: ${last.message}`);
        latencies.push(Date.now() - t0);
      }
    };
    const killer = async () => {
      // At 10 s, 30 s, 50 s…: every 20 s while the load runs.
      for (let at = deadline - SECONDS * 1000 + KILL_EVERY_MS / 2; at < deadline; at += KILL_EVERY_MS) {
        await sleep(at - Date.now());
        const pid = sup.pidOf('worker');
        if (pid === undefined) problems.push(`no worker running at kill ${kills + 1}`);
        else {
          process.kill(pid, 'SIGKILL');
          kills += 1;
        }
      }
    };
    // The API answers all along: a health probe every 200 ms.
    let probes = 0;
    const prober = async () => {
      while (running()) {
        const ok = await fetch(`${sup.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ok) problems.push(`/healthz failed at probe ${probes}`);
        probes += 1;
        await sleep(200);
      }
    };
    await Promise.all([...writers.map(writer), killer(), prober()]);

    const restarts = sup.lines.filter((l) => l.msg === 'child died; restarting' && l.child === 'worker');
    const jobs = await db.job.findMany({ where: { id: { in: accepted } }, select: { phase: true, creationId: true } });
    const creations = await db.creation.groupBy({ by: ['jobId'], where: { jobId: { in: accepted } }, _count: { _all: true } });
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const summary = {
      seconds: SECONDS,
      submitted: accepted.length,
      completed: jobs.filter((j) => j.phase === 'COMPLETED').length,
      kills,
      workerRestarts: restarts.length,
      restartDelaysMs: restarts.map((l) => l.restartInMs),
      workersReady: sup.count('worker ready'),
      healthProbes: probes,
      latencyMs: { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) },
      slowerThan5s: latencies.filter((l) => l > 5000).length,
      problems: problems.length,
    };
    console.log(`worker-kill soak: ${JSON.stringify(summary)}`);

    expect(problems).toEqual([]);
    expect(kills).toBeGreaterThanOrEqual(Math.floor(SECONDS / (KILL_EVERY_MS / 1000)));
    expect(restarts).toHaveLength(kills);
    await waitFor(() => sup.count('worker ready') === kills + 1, 30_000, 'the last worker to be ready');
    expect(accepted.length).toBeGreaterThan(SECONDS / 2);
    // Nothing lost, nothing unfinished, exactly one creation per job.
    expect(jobs).toHaveLength(accepted.length);
    expect(jobs.every((j) => j.phase === 'COMPLETED' && j.creationId)).toBe(true);
    expect(creations).toHaveLength(accepted.length);
    expect(creations.every((c) => c._count._all === 1)).toBe(true);
    // The API child was never restarted.
    expect(isAlive(api)).toBe(true);
    expect(sup.lines.some((l) => l.msg === 'child died; restarting' && l.child === 'api')).toBe(false);

    // And Ctrl-C still stops everything.
    const tree = [sup.proc.pid!, api, sup.pidOf('worker')!];
    sup.proc.kill('SIGINT');
    expect(await sup.exited).toEqual({ code: 0, signal: null });
    await sleep(500);
    expect(tree.filter(isAlive)).toEqual([]);
  });
});
