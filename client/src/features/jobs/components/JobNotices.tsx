import type { ReactNode } from 'react';
import { UpgradePrompt, isUpgradeCode } from '../../billing';
import { isJobBusy, type JobSnapshot } from '../jobStore';
import { JobProgress, type StepLabels } from './JobProgress';

interface Props {
  job: JobSnapshot;
  onCancel: () => void;
  onUpgraded: () => void;
  /** Tools name the steps their own way (e.g. Reading, Analyzing, Generating). */
  labels?: StepLabels;
  /** Shown above the progress while the job works (e.g. 'Removing Object'). */
  busyTitle?: ReactNode;
  /** Why the last attempt failed in the tool's own words; falls back to the job's error. */
  errorMessage?: string | null;
}

/** What every tool's result panel shows about its job: progress, an upgrade prompt, a cancellation or the error. */
export function JobNotices({ job, onCancel, onUpgraded, labels, busyTitle, errorMessage }: Props) {
  const code = job.error?.code;
  return (
    <>
      {isJobBusy(job) && (
        <div className="flex flex-col gap-3">
          {busyTitle}
          <JobProgress job={job} onCancel={onCancel} labels={labels} />
        </div>
      )}
      {isUpgradeCode(code) && <UpgradePrompt reason={code} onUpgraded={onUpgraded} />}
      {job.status === 'cancelled' && <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">Cancelled. Nothing was saved.</p>}
      {job.status === 'failed' && job.error && !isUpgradeCode(code) && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorMessage ?? job.error.message}
        </p>
      )}
    </>
  );
}
