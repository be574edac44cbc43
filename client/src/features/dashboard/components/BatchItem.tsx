import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BatchFieldsFragment } from '../../../gql/graphql';
import { BatchProgress, recipeLabel } from '../../batches';

const STATUS: Record<string, { label: string; tone: string }> = {
  RUNNING: { label: 'Running', tone: 'bg-sky-100 text-sky-900' },
  COMPLETED: { label: 'Finished', tone: 'bg-emerald-100 text-emerald-900' },
  CANCELLED: { label: 'Cancelled', tone: 'bg-slate-200 text-slate-800' },
};

/** "3 pictures · 2 done, 1 failed". */
function countsText({ total, completed, failed, cancelled }: BatchFieldsFragment['counts']): string {
  const parts = [`${completed} done`, ...(failed ? [`${failed} failed`] : []), ...(cancelled ? [`${cancelled} cancelled`] : [])];
  return `${total} ${total === 1 ? 'picture' : 'pictures'} · ${parts.join(', ')}`;
}

/**
 * A batch as one history row (docs/batches.md, "On the dashboard"): its recipe, counts, status
 * and date; click to open its pictures in place (followed live while it runs, with its zip), or
 * go to it on the Batches page.
 */
export function BatchItem({ batch }: { batch: BatchFieldsFragment }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const status = STATUS[batch.status] ?? { label: batch.status.toLowerCase(), tone: 'bg-slate-200 text-slate-800' };
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-xs" data-batch={batch.id}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full min-w-0 items-start gap-3 rounded-xl p-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-medium break-words text-slate-900">Batch: {recipeLabel(batch.steps)}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500">
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">Batch</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.tone}`}>{status.label}</span>
            <span>{countsText(batch.counts)}</span>
            <time dateTime={batch.createdAt}>{new Date(batch.createdAt).toLocaleDateString()}</time>
          </p>
        </div>
        <ChevronDown aria-hidden className={`mt-1 size-5 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div id={panelId} className="flex flex-col gap-3 border-t border-slate-100 p-4">
          <BatchProgress batch={batch} />
          <Link
            to={`/ai/batches?batch=${encodeURIComponent(batch.id)}`}
            className="self-start rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Open in Batches
          </Link>
        </div>
      )}
    </li>
  );
}
