import { useMutation } from '@apollo/client/react';
import { Maximize2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { isImageFile } from '../../../lib/files';
import { useRememberedState } from '../../../lib/rememberedState';
import { revealResult } from '../../../lib/revealResult';
import { useObjectUrl } from '../../../lib/useObjectUrl';
import { isUpgradeCode } from '../../billing';
import { useJob } from '../../jobs';
import { UpscaleImageMutation } from '../api/operations';
import { UpscaleForm, type Scale } from '../components/UpscaleForm';
import { UpscaleResult } from '../components/UpscaleResult';

const SLOT = 'upscale-image';

export function UpscaleImageRoute() {
  const { job, busy, run, cancel, reset } = useJob(SLOT);
  const [upscale] = useMutation(UpscaleImageMutation);
  const [file, setFile] = useRememberedState<File | null>(`${SLOT}:file`, null);
  const [scale, setScale] = useState<Scale>(job.params?.scale === '4' ? '4' : '2');
  const previewUrl = useObjectUrl(file);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  function pick(next: File) {
    if (!isImageFile(next)) {
      toast.error('Please choose an image file');
      return;
    }
    setFile(next);
    reset();
  }

  async function submit() {
    if (!file) {
      toast.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    revealResult(resultRef.current);
    const outcome = await run(
      async (context) => {
        const { data } = await upscale({ variables: { image: file, scale: Number(scale) }, context });
        if (!data) throw new Error('The server did not start the job. Please try again.');
        return data.upscaleImage;
      },
      { fileName: file.name, scale },
    );
    if (outcome.status === 'failed' && outcome.error && !isUpgradeCode(outcome.error.code)) toast.error(outcome.error.message);
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
