import { Hash } from 'lucide-react';
import { useDeferredValue } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { Markdown } from '../../../components/Markdown';
import { ResultScroller } from '../../../components/ResultScroller';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { UpgradePrompt } from '../../billing';
import { JobProgress, type JobSnapshot } from '../../jobs';
import { countTitles } from '../lib/countTitles';
import { BlogTitlesStats } from './BlogTitlesStats';

interface Props {
  job: JobSnapshot;
  categoryLabel: string;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, streaming, finished, or why it did not work. */
export function BlogTitlesResult({ job, categoryLabel, onCancel, onUpgraded }: Props) {
  const text = useDeferredValue(job.text);
  const busy = job.status === 'starting' || job.status === 'running';
  const code = job.error?.code;
  const upgrade = code === 'PREMIUM_REQUIRED' || code === 'QUOTA_EXCEEDED';
  const done = job.status === 'completed';

  return (
    <section aria-labelledby="blog-titles-result" className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="blog-titles-result" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Hash aria-hidden className="size-5 text-indigo-600" />
          Generated Titles
        </h2>
        {done && <CopyButton text={job.text} successMessage="Blog titles copied to clipboard!" failureMessage="Failed to copy titles" />}
      </div>

      {/* Always mounted, so the finished state is announced when it arrives. */}
      <p role="status" aria-live="polite" className="sr-only">
        {done ? `Titles ready: ${countTitles(job.text)} titles.` : ''}
      </p>
      {busy && <JobProgress job={job} onCancel={onCancel} />}
      {upgrade && <UpgradePrompt reason={code} onUpgraded={onUpgraded} />}
      {job.status === 'cancelled' && <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">Cancelled. Nothing was saved.</p>}
      {job.status === 'failed' && job.error && !upgrade && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {job.error.message}
        </p>
      )}

      {text ? (
        <ResultScroller follow={busy} contentKey={text.length} label="Generated blog titles">
          <Markdown className="[&>:first-child]:mt-0">{text}</Markdown>
        </ResultScroller>
      ) : (
        !busy &&
        job.status !== 'failed' && (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <Hash aria-hidden className="size-10" />
            <p>Enter a keyword and click “Generate Titles” to get started.</p>
          </div>
        )
      )}

      {done && (
        <>
          <BlogTitlesStats text={job.text} categoryLabel={categoryLabel} />
          {job.creation && isEmbeddedProvider(job.creation.provider) && (
            <p className="text-xs text-slate-500">Written by Atelier's built-in offline writer (no AI service is configured).</p>
          )}
        </>
      )}
    </section>
  );
}
