import { Arg, Ctx, ID, Mutation, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { Topic, type LikeEvent } from '../../pubsub.js';
import { CreationObject } from '../creation/creation.types.js';
import type { Creation } from '../creation/creation.service.js';
import { LikeChange } from './like.types.js';

interface LikeChangedArgs {
  creationId?: string | null;
}

@Resolver()
export class LikeResolver {
  @Mutation(() => CreationObject, { description: 'Likes the creation, or takes the like back' })
  async toggleLike(@Arg('creationId', () => ID) creationId: string, @Ctx() ctx: Context): Promise<Creation> {
    const { creation, liked } = await ctx.app.likes.toggle(requireUser(ctx).id, creationId);
    ctx.loaders.likedByMe.clear(creationId).prime(creationId, liked);
    ctx.loaders.likers.clear(creationId);
    return creation;
  }

  @Subscription(() => LikeChange, {
    description: 'Like counts as they change: of one creation, or of the whole feed when creationId is omitted',
    topics: Topic.LIKE_CHANGED,
    topicId: ({ args }: SubscribeResolverData<unknown, LikeChangedArgs>) => args.creationId ?? undefined,
  })
  async likeChanged(
    @Root() event: LikeEvent,
    @Ctx() ctx: Context,
    @Arg('creationId', () => ID, { nullable: true }) _creationId?: string,
  ): Promise<LikeChange> {
    // Every subscriber of this event in this process shares one lookup (not one query each).
    const likedByMe = ctx.user ? await ctx.app.likes.subscriberLikes.likedBy(event, ctx.user.id) : false;
    return { creationId: event.creationId, likeCount: event.likeCount, likedByMe };
  }
}
