// What a section shows when its data could not be loaded: why, as an alert, and Try again.
import { RefreshCw } from 'lucide-react';
import { toAppError } from '../lib/graphqlError';

const retryButton =
  'mt-3 inline-flex items-center gap-2 rounded-lg border border-rose-300 bg-white px-3 py-2 text-sm font-semibold text-rose-900 hover:bg-rose-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600';

/** "<what> could not be loaded. <the error's message>" and a Try again button; `boxed`: in a tinted box of its own. */
export function LoadError({ what, error, onRetry, boxed = true }: { what: string; error: unknown; onRetry: () => void; boxed?: boolean }) {
  return (
    <div className={boxed ? 'rounded-xl border border-rose-200 bg-rose-50 p-4' : undefined}>
      <p role="alert" className="text-sm text-rose-800">
        {what} could not be loaded. {toAppError(error).message}
      </p>
      <button type="button" onClick={onRetry} className={retryButton}>
        <RefreshCw aria-hidden className="size-4" /> Try again
      </button>
    </div>
  );
}
