// Like events leave after their toggle has committed, so two toggles' events can reach Redis
// in the other order than their commits (two API processes, or two requests of one). Each
// event carries the creation's likeVersion (bumped by every change, in commit order); Redis
// keeps the newest event per creation for a while, and one that arrives after a newer one is
// sent as that newer one instead. Subscribers get one event per toggle, and the last one
// they get always carries the final count.
import type { Redis } from 'ioredis';
import { channelName, Topic, type LikeEvent } from '../../shared/platform/pubsub.js';
import { feedVersionKey } from '../../shared/creations/feed-version.js';
import { redisScript } from '../../shared/platform/redis.js';

/** Far longer than any event spends between its commit and Redis. */
const NEWEST_KEPT_MS = 10 * 60_000;

const publishNewest = redisScript(new URL('./like-publish.lua', import.meta.url));

/** Publishes a committed like change on its creation's channel (and the whole feed's, when published), and moves the feed's version. */
export async function publishLikeEvent(redis: Redis, prefix: string, event: LikeEvent, version: number): Promise<void> {
  await publishNewest(
    redis,
    `${prefix}:like-newest:${event.creationId}`,
    feedVersionKey(prefix),
    String(version),
    JSON.stringify(event),
    event.published ? '1' : '0',
    String(NEWEST_KEPT_MS),
    channelName(prefix, Topic.LIKE_CHANGED, event.creationId),
    channelName(prefix, Topic.LIKE_CHANGED),
  );
}
