// The like module owns the Like table and Creation.likeCount, changed together.
import type { Services } from '../../context.js';
import { Topic, type LikeEvent } from '../../pubsub.js';
import { AppError, ErrorCode } from '../../errors.js';
import { isUuid } from '../../validation.js';
import { enforceRate } from '../../rate-limit.js';
import type { Creation } from '../../db/generated/client.js';
import { LikeDelivery } from './like.delivery.js';

export interface ToggleResult {
  creation: Creation;
  liked: boolean;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'This creation does not exist');

export class LikeService {
  /** likeChanged subscribers in this process, with one likedByMe lookup per event. */
  readonly delivery: LikeDelivery;

  constructor(private readonly services: Services) {
    this.delivery = new LikeDelivery(services.db, services.pubsub, (e) => services.log.warn({ err: e }, 'likedByMe lookup failed'));
  }

  /**
   * Likes or unlikes. The creation row is locked for the transaction, so toggles on one
   * creation run one at a time: the Like rows and likeCount always agree, and a user's
   * toggles apply in the order they reach the database.
   */
  async toggle(userId: string, creationId: string): Promise<ToggleResult> {
    if (!isUuid(creationId)) throw notFound();
    const { redis, config } = this.services;
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:likes:${userId}`, config.LIKE_RATE_PER_MINUTE, 60_000, 'likes');
    const result = await this.services.db.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ userId: string; published: boolean }[]>`
        SELECT "userId", published FROM "Creation" WHERE id = ${creationId}::uuid FOR UPDATE`;
      const row = rows[0];
      if (!row) throw notFound();
      const removed = await tx.like.deleteMany({ where: { creationId, userId } });
      const liked = removed.count === 0;
      // A creation you cannot see cannot be liked; a like given while it was published can
      // still be taken back after it is unpublished (likeCount keeps counting Like rows).
      if (liked && !row.published && row.userId !== userId) throw notFound();
      if (liked) await tx.like.create({ data: { creationId, userId } });
      const creation = await tx.creation.update({
        where: { id: creationId },
        data: { likeCount: { increment: liked ? 1 : -1 } },
      });
      // Published while the row is still locked: events leave in commit order, so the
      // last count every subscriber sees is the final one, whichever process sent it.
      const event: LikeEvent = { creationId, likeCount: creation.likeCount, actorId: userId, liked, published: row.published, ownerId: row.userId };
      // The whole feed is the published creations: a private one's changes are not put there.
      await Promise.all([
        row.published && this.services.pubsub.publish(Topic.LIKE_CHANGED, event),
        this.services.pubsub.publish(Topic.LIKE_CHANGED, creationId, event),
      ]);
      return { creation, liked };
    });
    return result;
  }
}
