import { CircleCheck, ImageIcon, Scissors, TriangleAlert } from 'lucide-react';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { DownloadImageButton } from '../../../components/DownloadImageButton';
import { SendToMenu } from '../../send-to';
import { ImageComparison } from '../../../components/ImageComparison';
import { JobNotices, isJobBusy, type JobSnapshot } from '../../jobs';

interface Props {
  job: JobSnapshot;
  originalUrl: string | null;
  onCancel: () => void;
  onUpgraded: () => void;
}

/**
 * The result panel's four states (product §2): empty (No Image Processed), loading (Removing
 * Object, with the job's real phases as Analyzing / Processing / Finalizing), the result, and
 * what went wrong.
 */
export function ObjectResult({ job, originalUrl, onCancel, onUpgraded }: Props) {
  const busy = isJobBusy(job);
  const resultUrl = job.status === 'completed' ? (job.creation?.content ?? job.text) : '';
  // A run the page started with no name removed what was brushed (it sends a name or a brush).
  const object = job.params?.object;
  const brushedOnly = Boolean(job.params) && !object;
  const removed = object ? `the ${object}` : brushedOnly ? 'the brushed area' : 'the object';

  return (
    <section
      aria-labelledby="object-result"
      className="flex max-h-[500px] min-w-0 flex-col gap-4 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id="object-result" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ImageIcon aria-hidden className="size-5 text-indigo-600" />
        Processed Image
      </h2>
      <p className="sr-only" role="status" aria-live="polite">
        {resultUrl ? 'Object removed. The processed image is shown beside the original.' : ''}
      </p>

      <JobNotices
        job={job}
        onCancel={onCancel}
        onUpgraded={onUpgraded}
        busyTitle={
          <p className="flex items-center gap-2 font-medium text-slate-800">
            <Scissors aria-hidden className="size-4 text-indigo-600" />
            Removing Object
          </p>
        }
      />

      {resultUrl ? (
        <>
          <ImageComparison originalUrl={originalUrl} resultUrl={resultUrl} resultAlt={`The image with ${removed} removed`} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <div className="flex items-center gap-2">
                <dt className="text-slate-500">Status</dt>
                <dd className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-700">
                  <CircleCheck aria-hidden className="size-4" />
                  Object Removed
                </dd>
              </div>
              {(object || brushedOnly) && (
                <div className="flex items-center gap-2">
                  <dt className="text-slate-500">Object</dt>
                  <dd className="font-medium text-slate-800">{object || 'The brushed area'}</dd>
                </div>
              )}
              {job.message && job.message !== 'Done' && (
                <div className="flex items-center gap-2">
                  <dt className="text-slate-500">Result</dt>
                  <dd className="font-medium text-slate-800">{job.message}</dd>
                </div>
              )}
            </dl>
            <div className="flex flex-wrap items-center gap-2">
              {job.creation && <SendToMenu creation={job.creation} />}
              <DownloadImageButton url={resultUrl} prefix="object-removed" />
            </div>
          </div>
          {job.creation?.note && (
            <p role="note" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong className="font-semibold">Look closely: </strong>
                {job.creation.note}
              </span>
            </p>
          )}
          {job.creation && isEmbeddedProvider(job.creation.provider) && (
            <p className="text-xs text-slate-500">
              Found and filled in offline by Atelier's built-in models; to use Cloudinary's generative remove instead, set CLOUDINARY_URL on the server.
            </p>
          )}
        </>
      ) : (
        !busy &&
        job.status !== 'failed' && (
          <div className="flex flex-col items-center gap-2 py-12 text-center text-slate-500">
            <ImageIcon aria-hidden className="size-10" />
            <p className="font-medium text-slate-700">No Image Processed</p>
            <p className="text-sm">Upload an image, name the object or brush over it (or both) and click “Remove Object”.</p>
          </div>
        )
      )}
    </section>
  );
}
