import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import type { Creation, CreationService } from '../creation/creation.service.js';
import { CreationObject } from '../creation/creation.types.js';
import type { JobEvent } from '../../shared/platform/pubsub.js';
import type { Job, JobService } from './job.service.js';
import { JobObject, JobProgress } from './job.types.js';

type JobContext = Context<{ jobs: JobService; creations: CreationService }>;

const creationOf = (id: string | null, ctx: JobContext): Promise<Creation | null> => (id ? ctx.app.creations.visible(id, ctx.user?.id ?? null) : Promise.resolve(null));

@Resolver(() => JobObject)
export class JobResolver {
  @Query(() => JobObject, { nullable: true, description: 'One of your jobs; null for anyone else' })
  job(@Arg('id', () => ID) id: string, @Ctx() ctx: JobContext): Promise<Job | null> {
    return ctx.user ? ctx.app.jobs.get(id, ctx.user.id) : Promise.resolve(null);
  }

  @Mutation(() => JobObject, { description: 'Stops a queued or running job of yours' })
  cancelJob(@Arg('id', () => ID) id: string, @Ctx() ctx: JobContext): Promise<Job> {
    return ctx.app.jobs.cancel(id, requireUser(ctx).id);
  }

  @FieldResolver(() => CreationObject, { nullable: true })
  creation(@Root() job: Job, @Ctx() ctx: JobContext): Promise<Creation | null> {
    return creationOf(job.creationId, ctx);
  }
}

@Resolver(() => JobProgress)
export class JobProgressResolver {
  @Subscription(() => JobProgress, {
    description: 'Live phases, percent and streamed text of one of your jobs; the first event is its current state',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, { jobId: string; starting?: boolean }, JobContext>) =>
      context.app.jobs.progress(args.jobId, requireUser(context).id, { starting: args.starting === true }),
  })
  jobProgress(
    @Arg('jobId', () => ID) _jobId: string,
    @Root() event: JobEvent,
    @Arg('starting', () => Boolean, {
      defaultValue: false,
      description:
        "You are about to start this job with this id (a tool mutation's jobId): until it exists, the first event (QUEUED, no text) says the subscription is listening, and it waits up to 30 s for the job",
    })
    _starting: boolean,
  ): JobEvent {
    return event;
  }

  @FieldResolver(() => CreationObject, { nullable: true })
  creation(@Root() event: JobEvent, @Ctx() ctx: JobContext): Promise<Creation | null> {
    return creationOf(event.creationId, ctx);
  }
}
