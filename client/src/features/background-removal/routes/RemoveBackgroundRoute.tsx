import { Eraser } from 'lucide-react';
import { useRef } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useToolRun } from '../../jobs';
import { RemoveBackgroundMutation } from '../api/operations';
import { BackgroundForm } from '../components/BackgroundForm';
import { BackgroundResult } from '../components/BackgroundResult';
import { useImageInput } from '../../send-to';

const SLOT = 'background-removal';

export function RemoveBackgroundRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun(SLOT, RemoveBackgroundMutation, 'removeBackground', { uploads: true });
  // The job outlives the page; so does the picture it was run on (a file, or a creation sent here), for the comparison.
  const image = useImageInput(SLOT, reset);
  const { file, sent, previewUrl } = image;
  const inputRef = useRef<HTMLInputElement>(null);

  // The picker hands on only an image the server reads, within its size limit (it says why it refused anything else).
  function pick(next: File) {
    image.pick(next);
    // A new file clears the previous result (product §4).
    reset();
  }

  function submit() {
    const variables = image.variables();
    if (!variables) {
      notify.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    void start(variables, { fileName: image.name ?? '' });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Eraser aria-hidden className="size-5" />} title="Background Removal">
        Upload an image and get it back with a transparent background.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <BackgroundForm file={file} sent={sent} previewUrl={previewUrl} busy={busy} inputRef={inputRef} onFile={pick} onSubmit={submit} />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <BackgroundResult job={job} originalUrl={previewUrl} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
