import { ImageIcon } from 'lucide-react';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { JobNotices, isJobBusy, type JobSnapshot } from '../../jobs';
import { DownloadImageButton } from '../../../components/DownloadImageButton';
import { ImageComparison } from '../../../components/ImageComparison';
import { SendToMenu } from '../../send-to';

interface Props {
  job: JobSnapshot;
  originalUrl: string | null;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, working (real job phases), the comparison, or why it did not work. */
export function BackgroundResult({ job, originalUrl, onCancel, onUpgraded }: Props) {
  const busy = isJobBusy(job);
  const resultUrl = job.status === 'completed' ? (job.creation?.content ?? job.text) : '';
  const announcement = resultUrl ? 'Background removed. The processed image is shown beside the original.' : '';

  return (
    <section
      aria-labelledby="background-result"
      className="flex max-h-[500px] min-w-0 flex-col gap-4 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="background-result" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ImageIcon aria-hidden className="size-5 text-indigo-600" />
          Processed Image
        </h2>
        {resultUrl && (
          <div className="flex flex-wrap items-center gap-2">
            {job.creation && <SendToMenu creation={job.creation} />}
            <DownloadImageButton url={resultUrl} prefix="background-removed" />
          </div>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      <JobNotices job={job} onCancel={onCancel} onUpgraded={onUpgraded} />

      {resultUrl ? (
        <>
          <ImageComparison originalUrl={originalUrl} resultUrl={resultUrl} resultAlt="The image with its background removed" transparent />
          {job.creation && isEmbeddedProvider(job.creation.provider) && (
            <p className="text-xs text-slate-500">
              Cut out offline by Atelier's built-in segmentation model; to use Cloudinary's background removal instead, set CLOUDINARY_URL on the server.
            </p>
          )}
        </>
      ) : (
        !busy &&
        job.status !== 'failed' && (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <ImageIcon aria-hidden className="size-10" />
            <p className="font-medium text-slate-700">No Image Processed</p>
            <p className="text-sm">Upload an image and click “Remove Background” to get started.</p>
          </div>
        )
      )}
    </section>
  );
}
