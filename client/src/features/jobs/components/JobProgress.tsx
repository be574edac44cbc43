import { Check, LoaderCircle, X } from 'lucide-react';
import type { JobPhase } from '../../../gql/graphql';
import { formatMegabytes } from '../../../lib/files';
import { isUploading, type JobSnapshot } from '../jobStore';

type WorkingPhase = Extract<JobPhase, 'ANALYZING' | 'PROCESSING' | 'FINALIZING'>;
const WORKING: readonly WorkingPhase[] = ['ANALYZING', 'PROCESSING', 'FINALIZING'];

export type StepLabels = Record<WorkingPhase, string>;
const DEFAULT_LABELS: StepLabels = { ANALYZING: 'Analyzing', PROCESSING: 'Processing', FINALIZING: 'Finalizing' };

interface Props {
  job: JobSnapshot;
  onCancel: () => void;
  /** Tools name the steps their own way (e.g. Reading, Analyzing, Generating). */
  labels?: StepLabels;
}

function stepIndex(phase: JobPhase | null): number {
  if (phase === 'COMPLETED') return WORKING.length;
  return phase && phase !== 'QUEUED' ? WORKING.indexOf(phase as WorkingPhase) : -1;
}

/**
 * The real phases of a running job, its percent and a Cancel button. Before the job has
 * started, a tool sending files shows how much of them has been sent, and Cancel stops it.
 */
export function JobProgress({ job, onCancel, labels = DEFAULT_LABELS }: Props) {
  const current = stepIndex(job.phase);
  const upload = job.status === 'starting' ? job.upload : null;
  const uploading = isUploading(job);
  const percent = uploading && upload ? (upload.total ? Math.floor((upload.loaded / upload.total) * 100) : 0) : job.percent;
  const phaseLabel = uploading ? 'Uploading' : job.status === 'starting' ? 'Starting' : current < 0 ? 'Queued' : (labels[WORKING[current] ?? 'FINALIZING'] ?? 'Working');
  let message = job.message;
  if (uploading && upload) message = upload.total ? `${formatMegabytes(upload.loaded)} of ${formatMegabytes(upload.total)}` : null;
  else if (upload) message = 'Upload complete';
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-indigo-100 bg-indigo-50/60 p-4">
      <div className="flex items-center justify-between gap-3">
        {/* Announced to screen readers on each phase change; the percent lives in the progressbar. */}
        <p role="status" aria-live="polite" className="flex min-w-0 items-center gap-2 text-sm font-medium text-indigo-900">
          <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin" />
          <span className="truncate">
            {phaseLabel}
            {message && message !== phaseLabel ? ` · ${message}` : ''}
          </span>
        </p>
        <button
          type="button"
          onClick={onCancel}
          disabled={job.cancelling || (!job.jobId && job.status !== 'starting')}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
        >
          <X aria-hidden className="size-4" />
          {job.cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
      <div
        role="progressbar"
        aria-label={uploading ? 'Upload progress' : 'Progress'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-indigo-100"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-100 ease-linear" style={{ width: `${percent}%` }} />
      </div>
      <ol className="grid grid-cols-3 gap-2 text-xs">
        {WORKING.map((phase, i) => {
          const state = i < current ? 'done' : i === current ? 'active' : 'todo';
          return (
            <li
              key={phase}
              aria-current={state === 'active' ? 'step' : undefined}
              className={`flex items-center gap-1.5 ${state === 'todo' ? 'text-slate-600' : 'font-medium text-indigo-800'}`}
            >
              <span
                aria-hidden
                className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full ${state === 'done' ? 'bg-indigo-600 text-white' : state === 'active' ? 'border-2 border-indigo-600' : 'border border-slate-300'}`}
              >
                {state === 'done' && <Check className="size-3" />}
              </span>
              {labels[phase]}
              <span className="sr-only">{state === 'done' ? ' (done)' : state === 'active' ? ' (in progress)' : ''}</span>
            </li>
          );
        })}
      </ol>
      <p className="sr-only">{uploading ? `${percent}% uploaded` : `${job.percent}% done`}</p>
    </div>
  );
}
