import { Layers } from 'lucide-react';
import { formatMegabytes } from '../../../lib/files';
import { batchFilesSummary } from '../lib/toolBatch';

/**
 * The pictures picked on a tool's page for a batch: how many, the runs they use, and their names.
 * A status, so a screen reader hears what the page will do once the files are chosen.
 */
export function BatchFiles({ files, steps = 1 }: { files: readonly File[]; steps?: number }) {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-indigo-200 bg-indigo-50/60 p-3">
      <p role="status" className="flex items-start gap-2 text-sm font-medium text-indigo-900">
        <Layers aria-hidden className="mt-0.5 size-4 shrink-0" />
        {batchFilesSummary(files, steps)}
      </p>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
          {files.length === 1 ? '1 file' : `${files.length} files`}, {formatMegabytes(total)}
        </summary>
        <ul className="mt-1 flex max-h-40 flex-col gap-0.5 overflow-y-auto pl-1">
          {files.map((f, i) => (
            <li key={`${i}-${f.name}`} className="truncate" title={f.name}>
              {f.name}
            </li>
          ))}
        </ul>
      </details>
      <p className="text-xs text-slate-600">Each picture runs with the options below; follow it here, or later in Batches and on your dashboard.</p>
    </div>
  );
}
