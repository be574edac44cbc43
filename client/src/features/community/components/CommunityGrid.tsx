import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import type { CommunityCreation } from '../types';
import { CreationCard } from './CreationCard';

interface Props {
  creations: CommunityCreation[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
  onOpen: (creation: CommunityCreation, opener: HTMLElement) => void;
  onToggleLike: (creation: CommunityCreation) => void;
}

/** Start loading the next page this far before the end of the list scrolls into view. */
const PREFETCH_MARGIN = '600px 0px';

const secondaryButton =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The gallery: 1 to 4 columns by the width it is given (a container query, so the
 * sidebar is accounted for), then a sentinel that loads the next page as it nears the
 * viewport. A button does the same for anyone who cannot or does not scroll.
 */
export function CommunityGrid({ creations, hasMore, loadingMore, loadMoreFailed, onLoadMore, onOpen, onToggleLike }: Props) {
  const sentinelRef = useRef<HTMLDivElement>(null);

  // Re-observed after every page: a fresh observer reports at once, so a sentinel that is
  // still in view (short pages, tall screens) keeps loading until the screen is filled.
  useEffect(() => {
    const el = sentinelRef.current;
    if (!el || !hasMore || loadingMore || loadMoreFailed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadMore();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMoreFailed, onLoadMore, creations.length]);

  return (
    <div className="@container flex flex-col gap-6">
      <ul aria-label="Community creations" className="grid grid-cols-1 gap-4 @md:grid-cols-2 @2xl:grid-cols-3 @4xl:grid-cols-4 @4xl:gap-5">
        {creations.map((c) => (
          <CreationCard key={c.id} creation={c} onOpen={onOpen} onToggleLike={onToggleLike} />
        ))}
      </ul>
      <div ref={sentinelRef} className="flex min-h-10 items-center justify-center">
        {loadingMore ? (
          <Spinner label="Loading more creations…" />
        ) : loadMoreFailed ? (
          <div role="alert" className="flex flex-col items-center gap-2 text-sm text-slate-600">
            <p>Could not load more creations.</p>
            <button type="button" onClick={onLoadMore} className={secondaryButton}>
              <RotateCcw aria-hidden className="size-4" />
              Try again
            </button>
          </div>
        ) : hasMore ? (
          <button type="button" onClick={onLoadMore} className={secondaryButton}>
            Load more
          </button>
        ) : (
          creations.length > 0 && <p className="text-sm text-slate-600">You have seen every creation.</p>
        )}
      </div>
    </div>
  );
}
