import { NetworkStatus } from '@apollo/client';
import { skipToken, useQuery, useSubscription } from '@apollo/client/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { CommunityFeedQuery, CreationPublishedSubscription, CreationRemovedSubscription, FeedLikeChangedSubscription } from '../api/operations';
import { COMMUNITY_PAGE_SIZE, type CommunityCreation } from '../types';
import { applyLikeChange, prependCreation, removeCreation } from './feedCache';

export interface CommunityFeed {
  /** Newest first, each id once; null until the first page has loaded. */
  creations: CommunityCreation[] | null;
  /** The first page failed and nothing is shown. */
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last attempt to load the next page failed (infinite scroll pauses until retried). */
  loadMoreFailed: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The community feed, page by page, kept live: like counts and newly published creations
 * arrive over the subscription socket, and creations that leave the feed go. Nothing is asked for until `userId` is known.
 */
export function useCommunityFeed(userId: string | null): CommunityFeed {
  const enabled = userId !== null;
  const { data, error, fetchMore, refetch, networkStatus } = useQuery(
    CommunityFeedQuery,
    enabled
      ? {
          variables: { first: COMMUNITY_PAGE_SIZE },
          notifyOnNetworkStatusChange: true,
          // Coming back to the page shows what was cached at once, then the newest first page.
          fetchPolicy: 'cache-and-network',
          nextFetchPolicy: 'cache-first',
        }
      : skipToken,
  );

  useLiveFeed(enabled, userId);

  const connection = data?.communityFeed;
  const creations = useMemo(() => {
    if (!connection) return null;
    const seen = new Set<string>();
    const list: CommunityCreation[] = [];
    for (const { node } of connection.edges) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      list.push(node);
    }
    return list;
  }, [connection]);

  const hasMore = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const inFlight = useRef(false);

  const loadMore = useCallback(() => {
    if (!hasMore || inFlight.current) return;
    inFlight.current = true;
    setLoadMoreFailed(false);
    fetchMore({ variables: { after: endCursor } })
      .catch(() => setLoadMoreFailed(true))
      .finally(() => {
        inFlight.current = false;
      });
  }, [hasMore, endCursor, fetchMore]);

  const retry = useCallback(() => {
    if (connection) loadMore();
    else void refetch().catch(() => undefined);
  }, [connection, loadMore, refetch]);

  return {
    creations,
    error: connection ? null : error,
    hasMore,
    loadingMore: networkStatus === NetworkStatus.fetchMore,
    loadMoreFailed,
    loadMore,
    retry,
  };
}

/** Like counts, newly published creations and creations that leave the feed, over the subscription socket. */
function useLiveFeed(enabled: boolean, userId: string | null): void {
  useSubscription(
    FeedLikeChangedSubscription,
    enabled
      ? {
          fetchPolicy: 'no-cache',
          ignoreResults: true,
          onData: ({ client, data: result }) => {
            if (result.data) applyLikeChange(client.cache, result.data.likeChanged, userId);
          },
        }
      : skipToken,
  );

  useSubscription(
    CreationPublishedSubscription,
    enabled
      ? {
          fetchPolicy: 'no-cache',
          ignoreResults: true,
          onData: ({ client, data: result }) => {
            const creation = result.data?.creationPublished;
            if (creation) prependCreation(client.cache, creation);
          },
        }
      : skipToken,
  );

  // A creation hidden by a moderator, unpublished or deleted leaves every open gallery at once.
  useSubscription(
    CreationRemovedSubscription,
    enabled
      ? {
          fetchPolicy: 'no-cache',
          ignoreResults: true,
          onData: ({ client, data: result }) => {
            const id = result.data?.creationRemoved;
            if (id) removeCreation(client.cache, id);
          },
        }
      : skipToken,
  );
}
