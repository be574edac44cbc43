import { Maximize2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useImageInput } from '../../send-to';
import { useToolRun } from '../../jobs';
import { BatchProgress, useToolBatch } from '../../batches';
import { UpscaleImageMutation } from '../api/operations';
import { UpscaleForm, type Scale } from '../components/UpscaleForm';
import { UpscaleResult } from '../components/UpscaleResult';
import { DEFAULT_OUTPUT_FORMAT, outputFormatVariables } from '../../../components/OutputFormatField';

const SLOT = 'upscale-image';

export function UpscaleImageRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun(SLOT, UpscaleImageMutation, 'upscaleImage', { uploads: true });
  // Several pictures (or a zip) run as a batch of this tool with the page's options (docs/batches.md, "From a tool's page").
  const batch = useToolBatch(SLOT);
  // A picked file, or one of the user's creations sent here from a result (features/send-to), which replaces pictures picked for a batch.
  const image = useImageInput(SLOT, () => {
    reset();
    batch.clear();
  });
  const { file, sent, previewUrl } = image;
  const [scale, setScale] = useState<Scale>(job.params?.scale === '4' ? '4' : '2');
  const inputRef = useRef<HTMLInputElement>(null);
  const [output, setOutput] = useState(DEFAULT_OUTPUT_FORMAT);

  // The picker hands on only an image the server reads, within its size limit (it says why it refused anything else).
  function pick(next: File) {
    image.pick(next);
    batch.clear();
    reset();
  }

  function pickMany(files: File[]) {
    const problem = batch.pick(files);
    if (!problem) reset();
    return problem;
  }

  function submit() {
    const options = { scale: Number(scale), ...outputFormatVariables(output) };
    if (batch.files.length > 0) {
      batch.start({ tool: 'upscale-image', options }).catch((e: Error) => notify.error(e.message));
      return;
    }
    const variables = image.variables();
    if (!variables) {
      notify.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    void start({ ...variables, ...options }, { fileName: image.name ?? '', scale });
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
          busy={busy || batch.starting}
          inputRef={inputRef}
          onFile={pick}
          files={batch.files}
          onFiles={pickMany}
          onScale={setScale}
          onSubmit={submit}
          output={output}
          onOutput={setOutput}
        />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          {batch.batch ? <BatchProgress key={batch.batch.id} batch={batch.batch} /> : <UpscaleResult job={job} originalUrl={previewUrl} onCancel={cancel} onUpgraded={reset} />}
        </div>
      </div>
    </div>
  );
}
