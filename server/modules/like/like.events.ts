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

// KEYS[1] newest event of the creation (hash v, e, p), KEYS[2] the feed's version
// (feed-version.ts: kept feed pages are stale from now on); ARGV: version, event JSON,
// published ('1' or '0'), keep-for ms, the creation's channel, the whole feed's channel.
const publishNewest = redisScript(
  'atelierLikePublish',
  2,
  `
redis.call('INCR', KEYS[2])
local v = tonumber(ARGV[1])
local event, published = ARGV[2], ARGV[3]
local newest = tonumber(redis.call('HGET', KEYS[1], 'v') or '-1')
if newest > v then
  event = redis.call('HGET', KEYS[1], 'e')
  published = redis.call('HGET', KEYS[1], 'p')
else
  redis.call('HSET', KEYS[1], 'v', ARGV[1], 'e', event, 'p', published)
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], event)
-- The whole feed is the published creations: a private one's changes are not put there.
if published == '1' then redis.call('PUBLISH', ARGV[6], event) end
return 1
`,
);

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
