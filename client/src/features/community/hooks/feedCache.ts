// Live updates written straight into the Apollo cache: every card and the open viewer
// read the same normalised Creation entries, so one write updates all of them.
import type { ApolloCache, Reference } from '@apollo/client';
import type { CreationPublishedSubscription, FeedLikeChangedSubscription } from '../../../gql/graphql';
import { CommunityCreationFragment } from '../api/operations';
import type { CommunityCreation } from '../types';

type LikeChange = FeedLikeChangedSubscription['likeChanged'];
type PublishedCreation = NonNullable<CreationPublishedSubscription['creationPublished']>;

interface StoredEdge {
  __typename?: string;
  cursor: string;
  node: Reference;
}

interface StoredConnection {
  edges: StoredEdge[];
  pageInfo?: unknown;
}

function isConnection(value: unknown): value is StoredConnection {
  return typeof value === 'object' && value !== null && Array.isArray((value as StoredConnection).edges);
}

/**
 * A like changed somewhere in the feed: take the server's count and whether the viewer
 * likes it. Only the viewer's own id can be kept in `likes` (the event does not say who
 * else liked). Creations not in the cache are ignored.
 */
export function applyLikeChange(cache: ApolloCache, change: LikeChange, userId: string | null): void {
  const id = cache.identify({ __typename: 'Creation', id: change.creationId });
  if (!id) return;
  cache.modify<CommunityCreation>({
    id,
    fields: {
      likeCount: () => change.likeCount,
      likedByMe: () => change.likedByMe,
      likes: (existing) => {
        if (!userId || !Array.isArray(existing)) return existing;
        const has = existing.includes(userId);
        if (change.likedByMe && !has) return [...existing, userId];
        if (!change.likedByMe && has) return existing.filter((likerId) => likerId !== userId);
        return existing;
      },
    },
  });
}

/** A creation was just published: put it at the top of the feed, once. */
export function prependCreation(cache: ApolloCache, creation: PublishedCreation): void {
  if (!creation.published) return;
  const id = cache.identify({ __typename: 'Creation', id: creation.id });
  if (!id) return;
  const ref = cache.writeFragment({ id, fragment: CommunityCreationFragment, data: creation });
  if (!ref) return;
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      communityFeed(existing, { readField }) {
        if (!isConnection(existing)) return existing;
        if (existing.edges.some((edge) => readField('id', edge.node) === creation.id)) return existing;
        // The server's cursors are opaque: an empty one keeps relayStylePagination's
        // endCursor (taken from pageInfo) and its `after` matching untouched.
        const edge: StoredEdge = { __typename: 'CreationEdge', cursor: '', node: ref };
        return { ...existing, edges: [edge, ...existing.edges] };
      },
    },
  });
}

/** Out of the cached feed, but kept in the cache: its owner still sees it on the dashboard. */
export function dropFromFeed(cache: ApolloCache, creationId: string): void {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      communityFeed(existing, { readField }) {
        if (!isConnection(existing)) return existing;
        return { ...existing, edges: existing.edges.filter((edge) => readField('id', edge.node) !== creationId) };
      },
    },
  });
}

/** A creation the viewer may no longer see (its owner unpublished it): out of the feed and the cache. */
export function removeCreation(cache: ApolloCache, creationId: string): void {
  const id = cache.identify({ __typename: 'Creation', id: creationId });
  if (!id) return;
  dropFromFeed(cache, creationId);
  cache.evict({ id });
  cache.gc();
}
