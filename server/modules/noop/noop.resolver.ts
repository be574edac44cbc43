import { Arg, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { AppError, ErrorCode } from '../../errors.js';
import { ToolKind } from '../job/job.kinds.js';
import type { Job, JobService } from '../job/job.service.js';
import { JobObject } from '../job/job.types.js';

type NoopContext = Context<{ jobs: JobService }>;

/** Most CPU work one bench job may ask for (each unit is 1,000 SHA-256 rounds, about a millisecond). */
export const MAX_NOOP_CPU_WORK = 10_000;

/** A job that does nothing, to measure the pipeline (only in the schema with ENABLE_NOOP_TOOL). */
@Resolver()
export class NoopResolver {
  @Mutation(() => JobObject, { description: 'Benchmark only: a job that does nothing, or only burns cpuWork units of CPU in the worker' })
  runNoopJob(@Arg('cpuWork', () => Int, { defaultValue: 0 }) cpuWork: number, @Ctx() ctx: NoopContext): Promise<Job> {
    if (!Number.isInteger(cpuWork) || cpuWork < 0 || cpuWork > MAX_NOOP_CPU_WORK) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, `cpuWork must be between 0 and ${MAX_NOOP_CPU_WORK}`);
    }
    return ctx.app.jobs.enqueue(requireUser(ctx), ToolKind.NOOP, { cpuWork });
  }
}
