import { Eraser } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useToolRun } from '../../jobs';
import { RemoveBackgroundMutation } from '../api/operations';
import { BackgroundForm } from '../components/BackgroundForm';
import { BackgroundResult } from '../components/BackgroundResult';
import { useImageInput } from '../../send-to';
import { BatchProgress, useToolBatch } from '../../batches';
import { BATCH_NEEDS_NO_IMAGE, DEFAULT_BACKGROUND_OPTIONS, optionsProblem, optionVariables } from '../lib/options';

const SLOT = 'background-removal';

export function RemoveBackgroundRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun(SLOT, RemoveBackgroundMutation, 'removeBackground', { uploads: true });
  // Several pictures (or a zip) run as a batch of this tool with the page's options (docs/batches.md, "From a tool's page").
  const batch = useToolBatch(SLOT);
  // The job outlives the page; so does the picture it was run on (a file, or a creation sent here), for the comparison.
  // A creation sent here replaces any pictures picked for a batch.
  const image = useImageInput(SLOT, () => {
    reset();
    batch.clear();
  });
  const { file, sent, previewUrl } = image;
  const inputRef = useRef<HTMLInputElement>(null);
  const [options, setOptions] = useState(DEFAULT_BACKGROUND_OPTIONS);
  const [invalid, setInvalid] = useState<ReturnType<typeof optionsProblem>>(null);
  const colorRef = useRef<HTMLInputElement>(null);
  const backgroundImageRef = useRef<HTMLInputElement>(null);
  const marginRef = useRef<HTMLInputElement>(null);

  // The picker hands on only an image the server reads, within its size limit (it says why it refused anything else).
  function pick(next: File) {
    image.pick(next);
    batch.clear();
    // A new file clears the previous result (product §4).
    reset();
  }

  function pickMany(files: File[]) {
    const problem = batch.pick(files);
    if (!problem) reset();
    return problem;
  }

  function submit() {
    const many = batch.files.length > 0;
    const variables = image.variables();
    if (!many && !variables) {
      notify.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    // Checked as the server checks them, so a mistake is said beside its field before anything is sent.
    const problem = optionsProblem(options) ?? (many && options.background === 'IMAGE' ? { message: BATCH_NEEDS_NO_IMAGE, field: 'backgroundImage' as const } : null);
    setInvalid(problem);
    if (problem) {
      notify.error(problem.message);
      ({ color: colorRef, backgroundImage: backgroundImageRef, margin: marginRef, format: null })[problem.field]?.current?.focus();
      return;
    }
    if (many) {
      batch.start({ tool: 'background-removal', options: optionVariables(options) }).catch((e: Error) => notify.error(e.message));
      return;
    }
    void start({ ...variables, ...optionVariables(options) }, { fileName: image.name ?? '' });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Eraser aria-hidden className="size-5" />} title="Background Removal">
        Upload an image and get its subject back on a transparent background, a colour, its own background blurred or a picture of yours.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <BackgroundForm
          file={file}
          sent={sent}
          previewUrl={previewUrl}
          busy={busy || batch.starting}
          inputRef={inputRef}
          onFile={pick}
          files={batch.files}
          onFiles={pickMany}
          onSubmit={submit}
          options={options}
          onOptions={(next) => {
            setOptions(next);
            setInvalid(null);
          }}
          invalid={invalid?.field}
          optionRefs={{ colorRef, backgroundImageRef, marginRef }}
        />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          {batch.batch ? <BatchProgress key={batch.batch.id} batch={batch.batch} /> : <BackgroundResult job={job} originalUrl={previewUrl} onCancel={cancel} onUpgraded={reset} />}
        </div>
      </div>
    </div>
  );
}
