import { ImageIcon } from 'lucide-react';
import { DownloadImageButton } from '../../../components/DownloadImageButton';
import { ImageComparison } from '../../../components/ImageComparison';
import { SendToMenu } from '../../send-to';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { JobNotices, isJobBusy, type JobSnapshot } from '../../jobs';

interface Props {
  job: JobSnapshot;
  originalUrl: string | null;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, working (real job phases), original beside the larger image, or why it did not work. */
export function UpscaleResult({ job, originalUrl, onCancel, onUpgraded }: Props) {
  const busy = isJobBusy(job);
  const resultUrl = job.status === 'completed' ? (job.creation?.content ?? '') : '';
  return (
    <section aria-labelledby="upscale-result" className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="upscale-result" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ImageIcon aria-hidden className="size-5 text-indigo-600" />
          Upscaled Image
        </h2>
        {resultUrl && (
          <div className="flex flex-wrap items-center gap-2">
            {job.creation && <SendToMenu creation={job.creation} />}
            <DownloadImageButton url={resultUrl} prefix="upscaled" />
          </div>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {resultUrl ? 'Image upscaled. The larger image is shown beside the original.' : ''}
      </p>
      <JobNotices job={job} onCancel={onCancel} onUpgraded={onUpgraded} />
      {resultUrl ? (
        <>
          <ImageComparison originalUrl={originalUrl} resultUrl={resultUrl} resultAlt="The upscaled image" />
          {job.creation && isEmbeddedProvider(job.creation.provider) && (
            <p className="text-xs text-slate-500">
              Upscaled offline by Atelier's resampling and back-projection pipeline, not a learned model. For a learned upscaler, the server can use a Real-ESRGAN model file
              (docs/learned-models.md), IOPaint with its RealESRGAN plugin (IOPAINT_URL) or Cloudinary's AI upscale (CLOUDINARY_URL).
            </p>
          )}
        </>
      ) : (
        !busy &&
        job.status !== 'failed' && (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <ImageIcon aria-hidden className="size-10" />
            <p className="font-medium text-slate-700">No Image Upscaled</p>
            <p className="text-sm">Upload an image, choose 2× or 4× and click “Upscale Image”.</p>
          </div>
        )
      )}
    </section>
  );
}
