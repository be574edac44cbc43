import { ImagePreview } from '../../../components/ImagePreview';
import { SentImageDetails, type SentImage } from '../../send-to';
import { BatchFiles } from './BatchFiles';

/**
 * What an image tool's picker holds, below it: several pictures for a batch, or the one picture
 * picked (or sent from another tool) with its preview.
 */
export function PickedImages({ files, file, sent, previewUrl }: { files: readonly File[]; file: File | null; sent: SentImage | null; previewUrl: string | null }) {
  if (files.length > 0) return <BatchFiles files={files} />;
  return (
    <>
      {file && <ImagePreview file={file} previewUrl={previewUrl} />}
      {sent && <ImagePreview name={sent.name} previewUrl={previewUrl} details={<SentImageDetails sent={sent} />} />}
    </>
  );
}
