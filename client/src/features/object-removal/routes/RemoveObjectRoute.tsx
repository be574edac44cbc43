import { Scissors } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { ENGINE_OUTPUT_FORMAT, outputFormatVariables } from '../../../components/OutputFormatField';
import { useToolRun } from '../../jobs';
import { BatchProgress, useToolBatch } from '../../batches';
import { useImageInput } from '../../send-to';
import { RemoveObjectMutation } from '../api/operations';
import { ObjectForm } from '../components/ObjectForm';
import { ObjectResult } from '../components/ObjectResult';
import { useMaskFile } from '../hooks/useMaskFile';
import { useObjectInputs } from '../hooks/useObjectInputs';

const SLOT = 'object-removal';
const OPTIONS = { uploads: true, success: 'Object removed successfully!' };

export function RemoveObjectRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun(SLOT, RemoveObjectMutation, 'removeObject', OPTIONS);
  const inputs = useObjectInputs(SLOT, notify.error);
  const { strokes, brushing, object, objectError, naturalSize } = inputs;
  const maskFile = useMaskFile(notify.error);
  const [output, setOutput] = useState(ENGINE_OUTPUT_FORMAT);
  // Several pictures (or a zip) run as a batch of this tool by the object's name alone: a brushed mask fits one picture (docs/batches.md, "From a tool's page").
  const batch = useToolBatch(SLOT);
  const image = useImageInput(SLOT, startOver); // a picked file, or one of the user's creations sent here (features/send-to)
  const inputRef = useRef<HTMLInputElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // A new picture starts a new mask and clears the previous result (product §4).
  function startOver() {
    inputs.clearMask();
    batch.clear();
    reset();
  }

  // The picker hands on only an image the server reads, within its size limit (it says why it refused anything else).
  function pick(next: File) {
    image.pick(next);
    startOver();
  }

  function pickMany(files: File[]) {
    const problem = batch.pick(files);
    if (!problem) inputs.clearMask();
    if (!problem) reset();
    return problem;
  }

  async function submit() {
    const name = object.trim();
    if (name.split(/\s+/).length > 1) return inputs.refuseName('Please enter only one object name');
    if (batch.files.length > 0) {
      if (!name) return inputs.refuseName('Please enter the object to remove: a batch finds it by its name');
      return batch.start({ tool: 'object-removal', options: { object: name, ...outputFormatVariables(output) } }).catch((e: Error) => notify.error(e.message));
    }
    const picture = image.variables();
    if (!picture) {
      notify.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    // Brushing is optional when there is a name: without a mask the object is found by it.
    const mask = brushing ? await maskFile.render(strokes, naturalSize) : undefined;
    if (mask === null) return;

    // No name: the mask alone says what to remove; with neither, nothing is sent (the server would refuse it the same way).
    if (!name && !mask) return inputs.refuseName('Please enter the object to remove');
    const { job: outcome, failure } = await start(
      { ...picture, object: name || null, mask, ...outputFormatVariables(output) },
      { fileName: image.name ?? '', ...(name ? { object: name } : {}) },
    );
    // The server blamed the object's name: say so beside its field too.
    if (failure && outcome.error?.field === 'object') inputs.setObjectError(failure);
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={<Scissors aria-hidden className="size-5" />} title="Object Removal">
        Upload a photo and name something in it (a cup, a dog, a person…) to get the photo back without it. Brushing over it is optional: it picks one of several, or removes
        something that is not found by name. Or leave the name empty and brush: just the brushed area is removed.
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ObjectForm
          image={image}
          object={object}
          objectError={objectError}
          strokes={strokes}
          brushing={brushing}
          busy={busy || maskFile.preparing || batch.starting}
          inputRef={inputRef}
          canvasRef={canvasRef}
          objectRef={inputs.objectRef}
          onFile={pick}
          files={batch.files}
          onFiles={pickMany}
          output={output}
          onOutput={setOutput}
          onObjectChange={inputs.changeObject}
          onBrushingChange={inputs.setBrushing}
          onStrokesChange={inputs.setStrokes}
          onNaturalSize={inputs.setNaturalSize}
          onSubmit={submit}
        />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          {batch.batch ? (
            <BatchProgress key={batch.batch.id} batch={batch.batch} />
          ) : (
            <ObjectResult job={job} originalUrl={image.previewUrl} onCancel={cancel} onUpgraded={reset} />
          )}
        </div>
      </div>
    </div>
  );
}
