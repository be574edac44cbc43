import { Users } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { LoadingPanel } from '../../../components/Spinner';
import { useAuth } from '../../auth';
import { CommunityEmpty } from '../components/CommunityEmpty';
import { CommunityGrid } from '../components/CommunityGrid';
import { CommunityLoadError } from '../components/CommunityLoadError';
import { CreationViewer } from '../components/CreationViewer';
import { useCommunityFeed } from '../hooks/useCommunityFeed';
import { useToggleLike } from '../hooks/useToggleLike';
import type { CommunityCreation } from '../types';

/** While the viewer shows one of the last few loaded creations, fetch the next page. */
const VIEWER_PREFETCH_REMAINING = 3;

/** /ai/community (product §2): the live gallery of published creations and its viewer. */
export function CommunityRoute() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const feed = useCommunityFeed(userId);
  const toggleLike = useToggleLike(userId);
  const { creations, hasMore, loadMore } = feed;

  // The viewer follows a creation by id, so one published meanwhile (prepended) does not move it.
  const [viewerId, setViewerId] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const viewerIndex = viewerId && creations ? creations.findIndex((c) => c.id === viewerId) : -1;

  const open = useCallback((creation: CommunityCreation, opener: HTMLElement) => {
    openerRef.current = opener;
    setViewerId(creation.id);
  }, []);

  const close = useCallback(() => {
    setViewerId(null);
    // Back to the card that opened the viewer (or, if that one is gone, the card now shown there).
    const opener = openerRef.current;
    requestAnimationFrame(() => {
      if (opener?.isConnected) opener.focus();
    });
  }, []);

  const showIndex = useCallback(
    (index: number) => {
      const next = creations?.[index];
      if (next) setViewerId(next.id);
    },
    [creations],
  );

  const onToggleLike = useCallback((creation: CommunityCreation) => void toggleLike(creation), [toggleLike]);

  // Wrap-around is over what is loaded; keep loading ahead so "next" reaches the older ones.
  useEffect(() => {
    if (viewerIndex >= 0 && creations && hasMore && viewerIndex >= creations.length - VIEWER_PREFETCH_REMAINING) loadMore();
  }, [viewerIndex, creations, hasMore, loadMore]);

  // The creation left the feed while open: nothing to show any more.
  useEffect(() => {
    if (viewerId && creations && viewerIndex === -1) setViewerId(null);
  }, [viewerId, creations, viewerIndex]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Users aria-hidden className="size-5" />} title="Community">
        Images the Atelier community has published. New ones and likes appear as they happen.
      </PageHeader>

      {creations === null ? (
        feed.error ? (
          <CommunityLoadError error={feed.error} onRetry={feed.retry} />
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-white">
            <LoadingPanel label="Loading Community" />
          </div>
        )
      ) : creations.length === 0 ? (
        <CommunityEmpty />
      ) : (
        <CommunityGrid
          creations={creations}
          hasMore={hasMore}
          loadingMore={feed.loadingMore}
          loadMoreFailed={feed.loadMoreFailed}
          onLoadMore={loadMore}
          onOpen={open}
          onToggleLike={onToggleLike}
        />
      )}

      {creations && viewerIndex >= 0 && (
        <CreationViewer creations={creations} index={viewerIndex} signedIn={userId !== null} onIndexChange={showIndex} onClose={close} onToggleLike={onToggleLike} />
      )}
    </div>
  );
}
