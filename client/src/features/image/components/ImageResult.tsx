import { Globe, ImageIcon, Lock, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { JobNotices, isJobBusy, type JobSnapshot, type StepLabels } from '../../jobs';
import { DownloadImageButton } from '../../../components/DownloadImageButton';
import { ImageCompareDialog } from '../../../components/ImageCompareDialog';

const STEP_LABELS: StepLabels = { ANALYZING: 'Analyzing', PROCESSING: 'Generating', FINALIZING: 'Finalizing' };

interface Props {
  job: JobSnapshot;
  /** What the user described: the image's alt text. */
  description: string;
  styleLabel: string;
  published: boolean;
  /** Why the last attempt failed, worded per product §8 (falls back to the job's own error). */
  errorMessage: string | null;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, generating, the image with Download, or why it did not work. */
export function ImageResult({ job, description, styleLabel, published, errorMessage, onCancel, onUpgraded }: Props) {
  const busy = isJobBusy(job);
  const url = job.status === 'completed' ? job.creation?.content : undefined;
  const [zooming, setZooming] = useState(false);

  return (
    <section aria-labelledby="image-result" className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="image-result" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ImageIcon aria-hidden className="size-5 text-indigo-600" />
          Generated Image
        </h2>
        {url && <DownloadImageButton key={job.creation?.id ?? url} url={url} prefix="ai-generated-image" />}
      </div>

      {/* Always mounted, so the finished state is announced when it arrives. */}
      <p role="status" aria-live="polite" className="sr-only">
        {url ? 'Image ready.' : ''}
      </p>
      <JobNotices job={job} onCancel={onCancel} onUpgraded={onUpgraded} labels={STEP_LABELS} errorMessage={errorMessage} />

      {url ? (
        <figure className="flex flex-col gap-3">
          <div className="flex max-h-[500px] items-center justify-center overflow-hidden rounded-lg border border-slate-100 bg-slate-50">
            <img src={url} alt={description} className="max-h-[500px] w-auto max-w-full object-contain" />
          </div>
          <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span>
              Style: <span className="font-medium text-slate-700">{styleLabel}</span>
            </span>
            <span className="inline-flex items-center gap-1">
              {published ? <Globe aria-hidden className="size-3.5" /> : <Lock aria-hidden className="size-3.5" />}
              {published ? 'Shared in the Community gallery' : 'Private'}
            </span>
            {job.creation && isEmbeddedProvider(job.creation.provider) && (
              <span>Made by Atelier's built-in offline generator; for AI images, set OPENAI_API_KEY on the server.</span>
            )}
            <button type="button" onClick={() => setZooming(true)} className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline">
              <ZoomIn aria-hidden className="size-3.5" />
              Zoom in
            </button>
          </figcaption>
          {zooming && <ImageCompareDialog originalUrl={null} resultUrl={url} resultAlt={description} onClose={() => setZooming(false)} />}
        </figure>
      ) : (
        !busy &&
        job.status !== 'failed' && (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <ImageIcon aria-hidden className="size-10" />
            <p>Describe an image and click “Generate Image” to get started.</p>
          </div>
        )
      )}
    </section>
  );
}
