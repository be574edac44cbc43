import { Maximize2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useRememberedState } from '../../../lib/rememberedState';
import { useObjectUrl } from '../../../lib/useObjectUrl';
import { useToolRun } from '../../jobs';
import { UpscaleImageMutation } from '../api/operations';
import { UpscaleForm, type Scale } from '../components/UpscaleForm';
import { UpscaleResult } from '../components/UpscaleResult';

const SLOT = 'upscale-image';

export function UpscaleImageRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun(SLOT, UpscaleImageMutation, 'upscaleImage', { uploads: true });
  const [file, setFile] = useRememberedState<File | null>(`${SLOT}:file`, null);
  const [scale, setScale] = useState<Scale>(job.params?.scale === '4' ? '4' : '2');
  const previewUrl = useObjectUrl(file);
  const inputRef = useRef<HTMLInputElement>(null);

  // The picker hands on only an image the server reads, within its size limit (it says why it refused anything else).
  function pick(next: File) {
    setFile(next);
    reset();
  }

  function submit() {
    if (!file) {
      notify.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    void start({ image: file, scale: Number(scale) }, { fileName: file.name, scale });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Maximize2 aria-hidden className="size-5" />} title="Image Upscaler">
        Make an image 2× or 4× larger, with sharper detail than plain resizing.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UpscaleForm file={file} previewUrl={previewUrl} scale={scale} busy={busy} inputRef={inputRef} onFile={pick} onScale={setScale} onSubmit={submit} />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <UpscaleResult job={job} originalUrl={previewUrl} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
