import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { batchLinks } from '../../shared/batches/batch.js';
import type { Creation, CreationService } from '../creation/creation.service.js';
import { CreationObject } from '../creation/creation.types.js';
import type { BatchPicture, BatchService, BatchView } from './batch.service.js';
import { BatchObject, BatchPictureObject, type BatchStepObject } from './batch.types.js';

type BatchContext = Context<{ batches: BatchService; creations: CreationService }>;

/** A view as GraphQL types it (the steps' options as JSON text, the zip's path). */
const toObject = (v: BatchView): BatchObject =>
  ({ ...v, steps: v.steps.map((s): BatchStepObject => ({ tool: s.tool, options: JSON.stringify(s.options) })), zipUrl: batchLinks(v.id).zip }) as unknown as BatchObject;

@Resolver(() => BatchObject)
export class BatchResolver {
  @Query(() => BatchObject, { description: 'One of your batches; NOT_FOUND for anyone else' })
  async batch(@Arg('id', () => ID) id: string, @Ctx() ctx: BatchContext): Promise<BatchObject> {
    const view = await ctx.app.batches.get(id, requireUser(ctx).id);
    if (!view) throw new AppError(ErrorCode.NOT_FOUND, 'This batch does not exist');
    return toObject(view);
  }

  @Query(() => [BatchObject], { description: 'Your batches, newest first' })
  async myBatches(@Arg('first', () => Int, { defaultValue: 20 }) first: number, @Ctx() ctx: BatchContext): Promise<BatchObject[]> {
    return (await ctx.app.batches.list(requireUser(ctx).id, first)).map(toObject);
  }

  @Mutation(() => BatchObject, { description: 'Cancels every picture of your batch that has not finished; the finished ones stay' })
  async cancelBatch(@Arg('id', () => ID) id: string, @Ctx() ctx: BatchContext): Promise<BatchObject> {
    return toObject(await ctx.app.batches.cancel(id, requireUser(ctx).id));
  }

  @Subscription(() => BatchObject, {
    description: 'Live state of one of your batches: now, then whenever a picture moves, until every picture has ended',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, { batchId: string }, BatchContext>) => context.app.batches.progress(args.batchId, requireUser(context).id),
  })
  batchProgress(@Arg('batchId', () => ID) _batchId: string, @Root() view: BatchView): BatchObject {
    return toObject(view);
  }
}

@Resolver(() => BatchPictureObject)
export class BatchPictureResolver {
  @FieldResolver(() => CreationObject, { nullable: true })
  creation(@Root() picture: BatchPicture, @Ctx() ctx: BatchContext): Promise<Creation | null> {
    return picture.creationId ? ctx.app.creations.visible(picture.creationId, ctx.user?.id ?? null) : Promise.resolve(null);
  }
}
