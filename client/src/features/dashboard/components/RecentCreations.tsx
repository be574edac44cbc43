import { Inbox } from 'lucide-react';
import { Spinner } from '../../../components/Spinner';
import type { HistoryItem } from '../lib/history';
import { BatchItem } from './BatchItem';
import { CreationItem, type CreationSummary } from './CreationItem';

interface Props {
  /** Creations and batches, newest first (lib/history.ts); null while loading. */
  items: HistoryItem<CreationSummary>[] | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function RecentCreations({ items, hasMore, loadingMore, onLoadMore }: Props) {
  return (
    <section aria-labelledby="recent-creations" className="flex flex-col gap-3">
      <h2 id="recent-creations" className="text-lg font-semibold text-slate-900">
        Recent Creations
      </h2>
      {items === null ? (
        <div className="flex justify-center rounded-xl border border-slate-200 bg-white p-10">
          <Spinner label="Loading your creations…" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <Inbox aria-hidden className="size-8 text-slate-400" />
          <p className="font-medium text-slate-700">No creations yet</p>
          <p className="text-sm text-slate-500">What you make with the AI tools shows up here.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) =>
            item.kind === 'batch' ? <BatchItem key={`batch-${item.batch.id}`} batch={item.batch} /> : <CreationItem key={item.creation.id} creation={item.creation} />,
          )}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loadingMore}
          className="self-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
        >
          {loadingMore ? 'Loading…' : 'Show more'}
        </button>
      )}
    </section>
  );
}
