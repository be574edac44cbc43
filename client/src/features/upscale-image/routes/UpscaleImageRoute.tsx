import { Maximize2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useImageInput } from '../../send-to';
import { useToolRun } from '../../jobs';
import { UpscaleImageMutation } from '../api/operations';
import { UpscaleForm, type Scale } from '../components/UpscaleForm';
import { UpscaleResult } from '../components/UpscaleResult';
import { DEFAULT_OUTPUT_FORMAT, outputFormatVariables } from '../../../components/OutputFormatField';

const SLOT = 'upscale-image';

export function UpscaleImageRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun(SLOT, UpscaleImageMutation, 'upscaleImage', { uploads: true });
  // A picked file, or one of the user's creations sent here from a result (features/send-to).
  const image = useImageInput(SLOT, reset);
  const { file, sent, previewUrl } = image;
  const [scale, setScale] = useState<Scale>(job.params?.scale === '4' ? '4' : '2');
  const inputRef = useRef<HTMLInputElement>(null);
  const [output, setOutput] = useState(DEFAULT_OUTPUT_FORMAT);

  // The picker hands on only an image the server reads, within its size limit (it says why it refused anything else).
  function pick(next: File) {
    image.pick(next);
    reset();
  }

  function submit() {
    const variables = image.variables();
    if (!variables) {
      notify.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    void start({ ...variables, scale: Number(scale), ...outputFormatVariables(output) }, { fileName: image.name ?? '', scale });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Maximize2 aria-hidden className="size-5" />} title="Image Upscaler">
        Make an image 2× or 4× larger, with sharper detail than plain resizing.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UpscaleForm
          file={file}
          sent={sent}
          previewUrl={previewUrl}
          scale={scale}
          busy={busy}
          inputRef={inputRef}
          onFile={pick}
          onScale={setScale}
          onSubmit={submit}
          output={output}
          onOutput={setOutput}
        />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <UpscaleResult job={job} originalUrl={previewUrl} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
