import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { Markdown, StreamingMarkdown } from '../../../components/Markdown';
import { ResultScroller } from '../../../components/ResultScroller';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { TemplateBadge } from '../../engines';
import { isJobBusy, type JobCreation, type JobSnapshot } from '../jobStore';
import type { StepLabels } from './JobProgress';
import { JobNotices } from './JobNotices';

interface Props {
  job: JobSnapshot;
  onCancel: () => void;
  onUpgraded: () => void;
  /** The heading's id, for the section's accessible name. */
  id: string;
  icon: LucideIcon;
  title: string;
  labels?: StepLabels;
  /** Copy button toasts; without them the panel has no Copy button. */
  copy?: { successMessage: string; failureMessage: string };
  /** Announced to screen readers when the result is complete. */
  doneAnnouncement: string;
  /** The scrolling result's accessible name. */
  resultLabel: string;
  /** What the empty panel says before the first run. */
  emptyHint: string;
  /** Counts under a finished result. */
  stats?: ReactNode;
  /** Said under a result written by the embedded (offline) provider. */
  embeddedNote: string;
}

/** The right-hand panel of a text tool: empty, streaming markdown, finished with its counts, or why it did not work. */
export function TextJobResult({ job, onCancel, onUpgraded, id, icon: Icon, title, labels, copy, doneAnnouncement, resultLabel, emptyHint, stats, embeddedNote }: Props) {
  // Every streamed piece is shown as it comes (StreamingMarkdown re-renders only the growing block).
  const text = job.text;
  const busy = isJobBusy(job);
  const done = job.status === 'completed';

  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Icon aria-hidden className="size-5 text-indigo-600" />
          {title}
        </h2>
        {done && copy && <CopyButton text={job.text} {...copy} />}
      </div>

      {/* Always mounted, so the finished state is announced when it arrives. */}
      <p role="status" aria-live="polite" className="sr-only">
        {done ? doneAnnouncement : ''}
      </p>
      <JobNotices job={job} onCancel={onCancel} onUpgraded={onUpgraded} labels={labels} />

      {text ? (
        <ResultScroller follow={busy} contentKey={text.length} label={resultLabel}>
          {busy ? <StreamingMarkdown className="[&>:first-child]:mt-0" text={text} /> : <Markdown className="[&>:first-child]:mt-0">{text}</Markdown>}
        </ResultScroller>
      ) : (
        !busy &&
        job.status !== 'failed' && (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <Icon aria-hidden className="size-10" />
            <p>{emptyHint}</p>
          </div>
        )
      )}

      {done && stats}
      {done && job.creation && <MadeBy creation={job.creation} embeddedNote={embeddedNote} />}
    </section>
  );
}

/** Under a finished text: the model that wrote it, or that a template did (no text model connected). */
function MadeBy({ creation, embeddedNote }: { creation: JobCreation; embeddedNote: string }) {
  if (creation.placeholder) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <TemplateBadge />
        <span>{embeddedNote}</span>
      </p>
    );
  }
  return (
    <>
      {creation.madeBy && (
        <p className="text-xs text-slate-500" data-made-by="">
          Written by <span className="font-medium text-slate-700">{creation.madeBy}</span>
        </p>
      )}
      {isEmbeddedProvider(creation.provider) && <p className="text-xs text-slate-500">{embeddedNote}</p>}
    </>
  );
}
