import { GraphQLUpload, type FileUpload } from 'graphql-upload-minimal';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { batchLinks } from '../../shared/batches/batch.js';
import type { Creation, CreationService } from '../creation/creation.service.js';
import { CreationObject } from '../creation/creation.types.js';
import type { BatchPicture, BatchService, BatchView } from './batch.service.js';
import { readUpload } from '../../uploads/graphql.js';
import { BatchObject, BatchPictureObject, BatchStepInput, type BatchStepObject } from './batch.types.js';

type BatchContext = Context<{ batches: BatchService; creations: CreationService }>;

/** A view as GraphQL types it (the steps' options as JSON text, the zip's path). */
const toObject = (v: BatchView): BatchObject =>
  ({ ...v, steps: v.steps.map((s): BatchStepObject => ({ tool: s.tool, options: JSON.stringify(s.options) })), zipUrl: batchLinks(v.id).zip }) as unknown as BatchObject;

/** The steps as POST /api/v1/batches takes them: each step's options JSON text read as its object. */
function stepsOf(steps: readonly BatchStepInput[]): unknown[] {
  return steps.map((s, i) => {
    if (s.options === undefined || s.options === null || s.options === '') return { tool: s.tool };
    try {
      return { tool: s.tool, options: JSON.parse(s.options) as unknown };
    } catch {
      throw new AppError(ErrorCode.BAD_USER_INPUT, `Step ${i + 1}: options must be a JSON object, e.g. {"scale":2}`, { field: `steps[${i}].options` });
    }
  });
}

@Resolver(() => BatchObject)
export class BatchResolver {
  @Mutation(() => BatchObject, {
    description:
      'Starts a batch (docs/batches.md), as POST /api/v1/batches does: images (one to 50 files) or a zip of them, run through one to three steps; a damaged picture becomes a FAILED picture with its reason',
  })
  async startBatch(
    @Arg('steps', () => [BatchStepInput], { description: 'One to three image steps, run in order on each picture' }) steps: BatchStepInput[],
    @Arg('images', () => [GraphQLUpload], { nullable: true, description: 'The pictures (each at most the upload limit)' }) images: (Promise<FileUpload> | FileUpload)[] | null,
    @Arg('zip', () => GraphQLUpload, { nullable: true, description: 'A zip of pictures, as large as its pictures together' }) zip: Promise<FileUpload> | FileUpload | null,
    @Ctx() ctx: BatchContext,
  ): Promise<BatchObject> {
    const user = requireUser(ctx);
    const request = { steps: stepsOf(steps), apiKey: ctx.apiKey };
    // The steps, plan and key first, as on REST: their refusal is the answer, not the files' (refused with it by the upload middleware).
    await ctx.app.batches.admit(user, request.steps, request.apiKey);
    const files = [];
    for (const u of [...(images ?? []), ...(zip ? [zip] : [])]) files.push(await readUpload(u));
    return toObject(await ctx.app.batches.startFromFiles(user, { ...request, files }));
  }

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
