import { Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { ToolKind } from '../job/job.kinds.js';
import type { Job } from '../job/job.service.js';
import { JobObject } from '../job/job.types.js';

/** A job that does nothing, to measure the pipeline (only in the schema with ENABLE_NOOP_TOOL). */
@Resolver()
export class NoopResolver {
  @Mutation(() => JobObject, { description: 'Benchmark only: a job that does nothing' })
  runNoopJob(@Ctx() ctx: Context): Promise<Job> {
    return ctx.app.jobs.enqueue(requireUser(ctx), ToolKind.NOOP, {});
  }
}
