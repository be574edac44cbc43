// What the community page shows when its first page could not be loaded: the reason and Try again.
import { RotateCcw } from 'lucide-react';
import { toAppError } from '../../../lib/graphqlError';

/** An alert with the error's message and a Try again button (`onRetry`). */
export function CommunityLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-white p-10 text-center">
      <p className="font-medium text-slate-800">Could not load the community.</p>
      <p className="text-sm text-slate-500">{toAppError(error).message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <RotateCcw aria-hidden className="size-4" />
        Try again
      </button>
    </div>
  );
}
