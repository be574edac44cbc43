import { Arg, Ctx, Extensions, ID, Mutation, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { requireActive, requireUser, type Context } from '../../context.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { isUuid } from '../../shared/platform/validation.js';
import { CreationObject } from '../creation/creation.types.js';
import type { Creation } from '../creation/creation.service.js';
import { LikeChange } from './like.types.js';
import { likedByMe, type DeliveredLikeEvent } from './like.delivery.js';
import type { LikeService } from './like.service.js';

type LikeContext = Context<{ likes: LikeService }>;

interface LikeChangedArgs {
  creationId?: string | null;
}

@Resolver()
export class LikeResolver {
  @Mutation(() => CreationObject, { description: 'Likes the creation, or takes the like back' })
  async toggleLike(@Arg('creationId', () => ID) creationId: string, @Ctx() ctx: LikeContext): Promise<Creation> {
    const { creation, liked } = await ctx.app.likes.toggle(requireActive(requireUser(ctx)).id, creationId);
    ctx.loaders.likedByMe.clear(creationId).prime(creationId, liked);
    ctx.loaders.likers.clear(creationId);
    return creation;
  }

  // The payload depends on the subscriber only through likedByMe: subscribers with the same
  // answer share one execution of the operation (server/graphql/shared-subscriptions/shared-subscribe.ts), resolved
  // synchronously (server/graphql/schema.ts, useSyncResolvers).
  @Extensions({
    sharedResult: (event: DeliveredLikeEvent, ctx: LikeContext) => String(likedByMe(event, ctx.user?.id ?? null)),
    syncResolve: (event: DeliveredLikeEvent, _args: unknown, ctx: LikeContext) => likeChange(event, ctx),
  })
  @Subscription(() => LikeChange, {
    description: 'Like counts as they change: of one creation, or of the whole feed when creationId is omitted',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, LikeChangedArgs, LikeContext>) => {
      // Checked before any channel is made: an id no creation can have opens none.
      if (args.creationId != null && !isUuid(args.creationId)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'creationId is not a creation id', { field: 'creationId' });
      return context.app.likes.delivery.subscribe(args.creationId, context.user?.id ?? null);
    },
  })
  likeChanged(@Root() event: DeliveredLikeEvent, @Ctx() ctx: LikeContext, @Arg('creationId', () => ID, { nullable: true }) _creationId?: string): LikeChange {
    return likeChange(event, ctx);
  }
}

const likeChange = (event: DeliveredLikeEvent, ctx: LikeContext): LikeChange => ({
  creationId: event.creationId,
  likeCount: event.likeCount,
  likedByMe: likedByMe(event, ctx.user?.id ?? null),
});
