import 'reflect-metadata';
import { Arg, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import type { Job } from '../../modules/job/job.service.js';
import { JobObject } from '../../modules/job/job.types.js';
import type { ToolService } from '../tool.service.js';

/** A job that does nothing, to measure the pipeline (only in the schema with ENABLE_NOOP_TOOL). */
@Resolver()
export class NoopResolver {
  @Mutation(() => JobObject, { description: 'Benchmark only: a job that does nothing, or only burns cpuWork units of CPU in the worker' })
  runNoopJob(@Arg('cpuWork', () => Int, { defaultValue: 0 }) cpuWork: number, @Ctx() ctx: Context<{ tools: ToolService }>): Promise<Job> {
    return ctx.app.tools.start('noop', requireUser(ctx), { input: () => ({ cpuWork }) });
  }
}
