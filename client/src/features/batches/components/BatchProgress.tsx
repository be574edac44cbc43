import { useApolloClient, useMutation, useSubscription } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { BatchFieldsFragment } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { BatchProgressSubscription, CancelBatchMutation } from '../api/operations';
import { downloadZip } from '../api/rest';
import { recipeLabel } from '../lib/toolBatch';

const PHASE_LABEL: Record<string, string> = {
  QUEUED: 'Waiting',
  ANALYZING: 'Reading',
  PROCESSING: 'Working',
  FINALIZING: 'Saving',
  COMPLETED: 'Done',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

/** One batch, followed live: a summary read out politely as it changes, each picture's progress, failures with their reasons, cancel and the zip. */
export function BatchProgress({ batch: initial }: { batch: BatchFieldsFragment }) {
  const { data } = useSubscription(BatchProgressSubscription, { variables: { batchId: initial.id }, skip: initial.status !== 'RUNNING' });
  const batch = data?.batchProgress ?? initial;
  const [cancel, { loading: cancelling }] = useMutation(CancelBatchMutation);
  const [downloading, setDownloading] = useState(false);
  const { counts } = batch;
  const live = counts.queued + counts.running > 0;
  const summary = `${counts.completed} of ${counts.total} done${counts.failed ? `, ${counts.failed} failed` : ''}${counts.cancelled ? `, ${counts.cancelled} cancelled` : ''}${live ? '' : '. Finished.'}`;
  const failures = batch.pictures.filter((p) => p.phase === 'FAILED');
  useCreationsRefresh(live);

  return (
    <section className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4" aria-labelledby={`batch-${batch.id}`}>
      <h2 id={`batch-${batch.id}`} className="text-lg font-semibold text-slate-900">
        Batch of {counts.total} · {recipeLabel(batch.steps)}
      </h2>
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {summary}
      </p>
      <ul className="flex flex-col gap-2" aria-label="Pictures">
        {batch.pictures.map((p) => (
          <li key={p.jobId} className="flex items-center gap-3 text-sm">
            {p.creation ? (
              <img src={p.creation.content} alt={`Result for ${p.filename ?? `picture ${p.index + 1}`}`} className="size-10 rounded object-cover" />
            ) : (
              <span className="size-10 rounded bg-slate-100" aria-hidden />
            )}
            <span className="w-40 truncate">{p.filename ?? `Picture ${p.index + 1}`}</span>
            <progress className="h-2 flex-1" max={100} value={p.percent} aria-label={`${p.filename ?? `Picture ${p.index + 1}`}: ${p.percent}%`} />
            <span className="w-40 text-slate-600">
              {PHASE_LABEL[p.phase] ?? p.phase}
              {p.step ? ` (step ${p.step} of ${batch.steps.length})` : ''}
            </span>
          </li>
        ))}
      </ul>
      {failures.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-rose-800">Failed pictures</h3>
          <ul className="list-disc pl-5 text-sm text-rose-800">
            {failures.map((p) => (
              <li key={p.jobId}>
                {p.filename ?? `Picture ${p.index + 1}`}: {p.error}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex gap-2">
        {live && (
          <button
            type="button"
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
            disabled={cancelling}
            onClick={() => void cancel({ variables: { id: batch.id } }).catch((e: unknown) => toast.error(toAppError(e).message))}
          >
            Cancel batch
          </button>
        )}
        <button
          type="button"
          className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
          disabled={live || counts.completed === 0 || downloading}
          onClick={() => {
            setDownloading(true);
            downloadZip(batch.zipUrl, `batch-${batch.id.slice(0, 8)}.zip`)
              .catch((e: Error) => toast.error(e.message))
              .finally(() => setDownloading(false));
          }}
        >
          Download zip
        </button>
      </div>
    </section>
  );
}

/** Once a followed batch ends, the user's creation lists are read again: its pictures are creations (the dashboard's history). */
function useCreationsRefresh(live: boolean) {
  const client = useApolloClient();
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) {
      void client.refetchQueries({
        updateCache(cache) {
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'myCreations' });
          cache.gc();
        },
      });
    }
    wasLive.current = live;
  }, [live, client]);
}
