import { useQuery } from '@apollo/client/react';
import { Layers } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { BATCHES_PAGE_SIZE } from '../../../lib/constants';
import { MyBatchesQuery } from '../api/operations';
import { startBatch } from '../api/rest';
import { BatchForm } from '../components/BatchForm';
import { BatchProgress } from '../components/BatchProgress';
import type { Step } from '../lib/recipes';
import { recipeLabel } from '../lib/toolBatch';

/** /ai/batches: many pictures through a recipe of image steps, each batch one item that opens to its pictures (docs/batches.md). */
export function BatchesRoute() {
  const { data, refetch } = useQuery(MyBatchesQuery, { variables: { first: BATCHES_PAGE_SIZE } });
  const [busy, setBusy] = useState(false);
  // ?batch=<id> opens one (the dashboard's history links here).
  const [params] = useSearchParams();
  const [open, setOpen] = useState<string | null>(params.get('batch'));
  const batches = data?.myBatches ?? [];

  async function submit(files: File[], steps: Step[]) {
    setBusy(true);
    try {
      const { id } = await startBatch(files, steps);
      await refetch();
      setOpen(id);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const current = batches.find((b) => b.id === open);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Layers aria-hidden className="size-5" />} title="Batches">
        Run up to 50 pictures through the same steps: remove backgrounds, remove an object, upscale, or a recipe of up to three in a row.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <BatchForm busy={busy} onSubmit={(files, steps) => void submit(files, steps)} />
        <div className="flex flex-col gap-4">
          {current && <BatchProgress key={current.id} batch={current} />}
          <section aria-labelledby="your-batches">
            <h2 id="your-batches" className="mb-2 text-lg font-semibold text-slate-900">
              Your batches
            </h2>
            {batches.length === 0 ? (
              <p className="text-sm text-slate-600">No batches yet.</p>
            ) : (
              <ul className="flex flex-col gap-1">
                {batches.map((b) => (
                  <li key={b.id}>
                    <button
                      type="button"
                      className="w-full rounded-lg border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-50"
                      aria-pressed={b.id === open}
                      onClick={() => setOpen(b.id)}
                    >
                      {new Date(b.createdAt).toLocaleString()} · {b.counts.total} pictures · {recipeLabel(b.steps)} · {b.status.toLowerCase()}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
