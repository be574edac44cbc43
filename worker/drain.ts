// A worker's graceful drain on SIGTERM (docs/deployment.md#rolling-deploys-and-drain): it takes
// no new job, lets the ones it runs finish for up to WORKER_DRAIN_GRACE_MS, then hands the rest
// back to their queue (worker/pipeline.ts: HAND_BACK) so another worker resumes them at once,
// rather than after their lock expires. Its /readyz (on WORKER_METRICS_PORT) answers 503 from
// the start. A job whose work cannot be interrupted keeps its worker until the process's own
// timeout; killed then, its lock expires and BullMQ's stalled-job check re-queues it.
import type { Processor, Worker } from 'bullmq';
import type { Logger } from '../server/shared/platform/logger.js';
import { HAND_BACK } from './pipeline.js';

export class WorkerDrain {
  /** The tool jobs this process is running now (job id → queue). */
  private readonly running = new Map<string, string>();
  /** True once the worker was told to stop. */
  draining = false;

  constructor(private readonly log: Logger) {}

  /** Counts a queue's running jobs around its processor. */
  track<D, R>(queue: string, processor: Processor<D, R>): Processor<D, R> {
    return async (job, token, signal) => {
      const id = job.id ?? '';
      this.running.set(id, queue);
      try {
        return await processor(job, token, signal);
      } finally {
        this.running.delete(id);
      }
    };
  }

  /** Jobs running now. */
  get jobs(): number {
    return this.running.size;
  }

  /**
   * Stops every worker taking jobs and closes them: the tool workers' running jobs get `graceMs`
   * to finish, then are handed back; the others (webhook deliveries, bounded by their own
   * timeout) are waited for.
   */
  async drain(toolWorkers: Worker[], otherWorkers: Worker[], graceMs: number): Promise<{ finished: number; handedBack: number; ms: number }> {
    this.draining = true;
    const started = Date.now();
    const atStart = this.running.size;
    this.log.info({ running: [...this.running.keys()], graceMs }, 'draining: taking no new jobs; waiting for the running ones');
    // close() stops fetching at once and resolves once the worker's running jobs have settled.
    const closed = Promise.all([...toolWorkers, ...otherWorkers].map((w) => w.close()));
    let handedBack = 0;
    const timer = setTimeout(() => {
      handedBack = this.running.size;
      if (handedBack === 0) return;
      this.log.warn({ jobs: [...this.running.keys()], graceMs }, 'draining: grace over; handing the running jobs back to their queues');
      for (const w of toolWorkers) w.cancelAllJobs(HAND_BACK);
    }, graceMs);
    try {
      await closed;
    } finally {
      clearTimeout(timer);
    }
    const result = { finished: atStart - handedBack, handedBack, ms: Date.now() - started };
    this.log.info(result, 'drained');
    return result;
  }
}
