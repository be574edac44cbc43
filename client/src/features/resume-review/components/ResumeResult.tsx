import { FileSearch } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Markdown } from '../../../components/Markdown';
import { ResultScroller } from '../../../components/ResultScroller';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { UpgradePrompt } from '../../billing';
import { JobProgress, type JobSnapshot, type StepLabels } from '../../jobs';

/** Spec §2: the loading steps read Reading, Analyzing, Generating. */
const STEP_LABELS: StepLabels = { ANALYZING: 'Reading', PROCESSING: 'Analyzing', FINALIZING: 'Generating' };

interface Props {
  job: JobSnapshot;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, analyzing (with its steps), the feedback, or why it did not work. */
export function ResumeResult({ job, onCancel, onUpgraded }: Props) {
  const text = useDeferredValue(job.text);
  const busy = job.status === 'starting' || job.status === 'running';
  const code = job.error?.code;
  const upgrade = code === 'PREMIUM_REQUIRED' || code === 'QUOTA_EXCEEDED';

  return (
    <section aria-labelledby="resume-result" className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="resume-result" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <FileSearch aria-hidden className="size-5 text-indigo-600" />
        Analysis Results
      </h2>

      {/* Always mounted, so the finished state is announced when it arrives. */}
      <p role="status" aria-live="polite" className="sr-only">
        {job.status === 'completed' ? 'Resume feedback ready.' : ''}
      </p>
      {busy && <JobProgress job={job} onCancel={onCancel} labels={STEP_LABELS} />}
      {upgrade && <UpgradePrompt reason={code} onUpgraded={onUpgraded} />}
      {job.status === 'cancelled' && <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">Cancelled. Nothing was saved.</p>}
      {job.status === 'failed' && job.error && !upgrade && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {job.error.message}
        </p>
      )}

      {text ? (
        <ResultScroller follow={busy} contentKey={text.length} label="Resume feedback">
          <Markdown className="[&>:first-child]:mt-0">{text}</Markdown>
        </ResultScroller>
      ) : (
        !busy &&
        job.status !== 'failed' && (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <FileSearch aria-hidden className="size-10" />
            <p>Upload your resume and click “Analyze Resume” to get feedback.</p>
          </div>
        )
      )}

      {job.status === 'completed' && job.creation && isEmbeddedProvider(job.creation.provider) && (
        <p className="text-xs text-slate-500">Reviewed by Atelier's built-in offline reviewer (no AI service is configured).</p>
      )}
    </section>
  );
}
