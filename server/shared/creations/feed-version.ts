// The community feed's version: a counter in Redis that every change to what the feed shows
// moves — a like or unlike, publishing, unpublishing, deleting, a job's creation published as
// it is made — once the change is committed and before the request that made it answers.
// An API process that keeps a rendered feed page (server/graphql/feed-pages/page-cache.ts) notes the
// version it read before reading the page, and serves the page only while Redis still holds
// that version: Redis is shared by every API process, so a like answered by one is seen by all.
import type { Redis } from 'ioredis';

export const feedVersionKey = (prefix: string) => `${prefix}:feed-version`;

/** After a committed change to what the feed shows; resolves once Redis has counted it. */
export async function bumpFeedVersion(redis: Pick<Redis, 'incr'>, prefix: string): Promise<void> {
  await redis.incr(feedVersionKey(prefix));
}

/** The current version ('0' before the first change). Rejects when Redis cannot be asked. */
export async function readFeedVersion(redis: Pick<Redis, 'get'>, prefix: string): Promise<string> {
  return (await redis.get(feedVersionKey(prefix))) ?? '0';
}
