// A running job's voice: phases, notes and streamed text go into the job's live state in
// Redis and out as events (job.events.ts); Postgres hears only of its end. If the job was
// ended meanwhile (cancelled), the next report is refused and stops it.
import type { JobPhase } from '../server/shared/db/generated/enums.js';
import { commonPrefixLength, emitJobEvent } from '../server/shared/jobs/job.events.js';
import type { WorkingPhase } from '../server/shared/jobs/job.store.js';
import type { WorkerServices } from './context.js';

export class JobStopped extends Error {
  constructor() {
    super('the job was ended elsewhere');
    this.name = 'JobStopped';
  }
}

export class Reporter {
  private phase: JobPhase = 'QUEUED';
  private percent = 0;
  private phaseStarted = performance.now();
  /** When this run first reported (the job's startedAt). */
  private started: Date | null = null;

  /** `emitted` is the text a previous run of this job already streamed (after a crash). */
  constructor(
    private readonly services: WorkerServices,
    readonly jobId: string,
    private emitted: string,
    private readonly tool: string,
  ) {}

  get text(): string {
    return this.emitted;
  }

  /** How far the job got, and since when: what its row keeps when it ends. */
  get progress(): { percent: number; startedAt: Date | null } {
    return { percent: this.percent, startedAt: this.started };
  }

  async enter(phase: WorkingPhase, percent: number, message: string): Promise<void> {
    this.endPhase();
    this.phase = phase;
    this.percent = Math.max(this.percent, percent);
    await this.emit('', this.emitted.length, message);
  }

  /** Reports the whole text produced so far by this attempt; sends only what is new. */
  async streamed(full: string, percent: number): Promise<void> {
    this.percent = Math.max(this.percent, Math.min(99, Math.round(percent)));
    if (this.emitted.startsWith(full)) return; // a retry re-writing what was already sent
    if (full.startsWith(this.emitted)) {
      const offset = this.emitted.length;
      this.emitted = full;
      await this.emit(full.slice(offset), offset, null);
      return;
    }
    // This attempt wrote something else: replace from where the texts part.
    const p = commonPrefixLength(full, this.emitted);
    this.emitted = full;
    await this.emit(full.slice(p), p, 'Retrying: the text was rewritten', full);
  }

  /** Records how long the current phase took (metrics), e.g. when the job ends. */
  endPhase(): void {
    const now = performance.now();
    if (this.phase !== 'QUEUED') this.services.metrics.phaseSeconds.observe({ tool: this.tool, phase: this.phase }, (now - this.phaseStarted) / 1000);
    this.phaseStarted = now;
  }

  /**
   * The answer is final: when it is shorter than what was sent (a retry wrote a shorter
   * text that the earlier attempt's text began with), subscribers cut theirs to it, so what
   * they assembled is exactly what is saved.
   */
  async settle(full: string): Promise<void> {
    if (full === this.emitted) return;
    await this.streamed(full, this.percent);
    if (this.emitted !== full) {
      this.emitted = full;
      await this.emit('', full.length, null, full, true);
    }
  }

  /**
   * A step of the work inside its phase: the percent and line, and, when the engine shows it,
   * the picture as it forms (a small JPEG data URL). The picture is published to the job's
   * followers only: the stored state keeps the percent and line, never the picture.
   */
  async progressed(percent: number, message: string, preview?: string): Promise<void> {
    this.percent = Math.max(this.percent, Math.min(99, Math.round(percent)));
    await this.emit('', this.emitted.length, message, undefined, undefined, preview);
  }

  /** A note without a phase change (e.g. "retrying"), kept on the job for subscribers who join later. */
  async note(message: string): Promise<void> {
    await this.emit('', this.emitted.length, message);
  }

  /** Every report is refused once the job has ended (cancelled): the work stops there. */
  private async emit(delta: string, offset: number, message: string | null, fullText?: string, cut?: boolean, preview?: string): Promise<void> {
    const { redis, config } = this.services;
    this.started ??= new Date();
    const live = await emitJobEvent(
      redis,
      config.REDIS_PREFIX,
      { jobId: this.jobId, phase: this.phase, percent: this.percent, delta, offset, message, creationId: null, ...(cut ? { cut } : {}), ...(preview ? { preview } : {}) },
      { fullText, onlyWhileLive: true },
    );
    if (!live) throw new JobStopped();
  }
}
