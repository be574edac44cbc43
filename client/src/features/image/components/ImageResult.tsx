import { Globe, ImageIcon, Lock, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { isEmbeddedProvider } from '../../../lib/creationTypes';
import { PublishButton, usePublished } from '../../community';
import { JobNotices, isJobBusy, type JobSnapshot, type StepLabels } from '../../jobs';
import { DownloadImageButton } from '../../../components/DownloadImageButton';
import { SendToMenu } from '../../send-to';
import { ImageCompareDialog } from '../../../components/ImageCompareDialog';
import { usePictures } from '../hooks/useBatch';
import type { Picture } from '../lib/batch';
import { ImagePreview } from './ImagePreview';
import { ResultPictures } from './ResultPictures';

const STEP_LABELS: StepLabels = { ANALYZING: 'Analyzing', PROCESSING: 'Generating', FINALIZING: 'Finalizing' };

interface Props {
  job: JobSnapshot;
  /** What the user described: the image's alt text. */
  description: string;
  styleLabel: string;
  /** Whether publishing was asked for: each picture's state until it is published or unpublished here or elsewhere. */
  published: boolean;
  /** How many pictures were asked for (the others are found once the job ends). */
  count?: number;
  /** Why the last attempt failed, worded per product §8 (falls back to the job's own error). */
  errorMessage: string | null;
  onCancel: () => void;
  onUpgraded: () => void;
}

/** The right-hand panel: empty, generating (with the picture as it forms), the pictures with Download, or why it did not work. */
export function ImageResult({ job, description, styleLabel, published, count = 1, errorMessage, onCancel, onUpgraded }: Props) {
  const busy = isJobBusy(job);
  const creation = job.status === 'completed' ? job.creation : null;
  const pictures = usePictures(creation, count);
  const single = pictures.length === 1 ? pictures[0]!.content : undefined;
  const [zooming, setZooming] = useState<Picture | null>(null);

  return (
    <section aria-labelledby="image-result" className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="image-result" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ImageIcon aria-hidden className="size-5 text-indigo-600" />
          {pictures.length > 1 ? 'Generated Images' : 'Generated Image'}
        </h2>
        {single && creation && (
          <div className="flex flex-wrap items-center gap-2">
            <PublishButton creation={{ id: creation.id, published }} />
            <SendToMenu creation={{ ...creation, content: single }} />
            <DownloadImageButton key={creation.id} url={single} prefix="ai-generated-image" />
          </div>
        )}
      </div>

      {/* Always mounted, so the finished state is announced when it arrives. */}
      <p role="status" aria-live="polite" className="sr-only">
        {pictures.length > 1 ? `${pictures.length} images ready.` : creation ? 'Image ready.' : ''}
      </p>
      <JobNotices job={job} onCancel={onCancel} onUpgraded={onUpgraded} labels={STEP_LABELS} errorMessage={errorMessage} />
      {busy && <ImagePreview src={job.preview} percent={job.percent} />}

      {creation ? (
        <figure className="flex flex-col gap-3">
          <ResultPictures pictures={pictures} type={creation.type} description={description} published={published} onZoom={setZooming} />
          <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span>
              Style: <span className="font-medium text-slate-700">{styleLabel}</span>
            </span>
            {single && <Sharing id={creation.id} asked={published} />}
            {creation.madeBy && !creation.placeholder && <span>Made by {creation.madeBy}</span>}
            {creation.placeholder ? (
              <span>A drawn placeholder: no image model is connected (see the note under the form).</span>
            ) : (
              isEmbeddedProvider(creation.provider) && <span>Made by Atelier's built-in offline generator; for AI images, set OPENAI_API_KEY on the server.</span>
            )}
            {single && (
              <button type="button" onClick={() => setZooming(pictures[0]!)} className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline">
                <ZoomIn aria-hidden className="size-3.5" />
                Zoom in
              </button>
            )}
          </figcaption>
          {zooming && <ImageCompareDialog originalUrl={null} resultUrl={zooming.content} resultAlt={description} onClose={() => setZooming(null)} />}
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

/** Whether the one picture is in the Community gallery now (several say it each, in ResultPictures). */
function Sharing({ id, asked }: { id: string; asked: boolean }) {
  const published = usePublished(id, asked);
  return (
    <span className="inline-flex items-center gap-1">
      {published ? <Globe aria-hidden className="size-3.5" /> : <Lock aria-hidden className="size-3.5" />}
      {published ? 'Shared in the Community gallery' : 'Private'}
    </span>
  );
}
