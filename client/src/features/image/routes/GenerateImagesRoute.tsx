import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import type { ImageStyle } from '../../../gql/graphql';
import { useEngine } from '../../engines';
import { useToolRun, type ToolRunOptions } from '../../jobs';
import { GenerateImageMutation } from '../api/operations';
import { advancedInput, DEFAULT_IMAGE_ADVANCED, parseSeed, SEED_ERROR } from '../lib/advanced';
import { ImageForm } from '../components/ImageForm';
import { ImageResult } from '../components/ImageResult';
import { imageErrorMessage } from '../lib/imageError';
import { DEFAULT_IMAGE_STYLE, imageStyleLabel, isImageStyle } from '../lib/styles';

const EMPTY_DESCRIPTION = 'Please enter an image description';

const OPTIONS: ToolRunOptions = {
  success: 'Image generated successfully!',
  placeholder: 'Placeholder created — connect an image engine',
  // A refused start is told from the raw error, so the message can prefer the server's words (product §8).
  failureMessage: (error, thrown) => (thrown ? imageErrorMessage(thrown) : error.message),
};

export function GenerateImagesRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun('image', GenerateImageMutation, 'generateImage', OPTIONS);
  // Coming back to a running or finished job shows what it was asked for.
  const [description, setDescription] = useState(job.params?.description ?? '');
  const [style, setStyle] = useState<ImageStyle>(isImageStyle(job.params?.style) ? job.params.style : DEFAULT_IMAGE_STYLE);
  const [publish, setPublish] = useState(job.params?.publish === 'true');
  const [invalid, setInvalid] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const engine = useEngine('image');
  const [advanced, setAdvanced] = useState(DEFAULT_IMAGE_ADVANCED);
  const seedInvalid = engine.has('SEED') && parseSeed(advanced.seed) === undefined;
  const [seedChecked, setSeedChecked] = useState(false);

  // The result describes what was asked for, not what the form holds now.
  const asked = {
    description: job.params?.description ?? description.trim(),
    style: isImageStyle(job.params?.style) ? job.params.style : style,
    publish: job.params ? job.params.publish === 'true' : publish,
  };

  function changeDescription(next: string) {
    setDescription(next);
    if (invalid && next.trim() !== '') setInvalid(false);
  }

  async function submit() {
    const trimmed = description.trim();
    if (!trimmed) {
      setInvalid(true);
      notify.error(EMPTY_DESCRIPTION);
      return;
    }
    if (seedInvalid) {
      setSeedChecked(true);
      notify.error(SEED_ERROR);
      return;
    }
    setErrorMessage(null);
    const input = { description: trimmed, style, publish, ...advancedInput(advanced, engine.has) };
    const { failure } = await start({ input }, { description: trimmed, style, publish: String(publish), count: String(input.count ?? 1) });
    if (failure) setErrorMessage(failure);
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<ImageIcon aria-hidden className="size-5" />} title="AI Image Generation">
        Describe what you want to see, pick a style, and let the AI paint it.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ImageForm
          description={description}
          style={style}
          publish={publish}
          busy={busy}
          invalid={invalid}
          onDescriptionChange={changeDescription}
          onStyleChange={setStyle}
          onPublishChange={setPublish}
          onSubmit={submit}
          engine={engine}
          advanced={advanced}
          onAdvancedChange={setAdvanced}
          seedInvalid={seedChecked && seedInvalid}
        />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <ImageResult
            job={job}
            description={asked.description}
            styleLabel={imageStyleLabel(asked.style)}
            published={asked.publish}
            count={Number(job.params?.count ?? 1)}
            errorMessage={errorMessage}
            onCancel={cancel}
            onUpgraded={reset}
          />
        </div>
      </div>
    </div>
  );
}
