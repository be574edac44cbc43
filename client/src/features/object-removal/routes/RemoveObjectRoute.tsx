import { Scissors } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { toAppError } from '../../../lib/graphqlError';
import { useRememberedState } from '../../../lib/rememberedState';
import { useToolRun } from '../../jobs';
import { useImageInput } from '../../send-to';
import { RemoveObjectMutation } from '../api/operations';
import type { NaturalSize } from '../components/MaskPainter';
import { ObjectForm } from '../components/ObjectForm';
import { ObjectResult } from '../components/ObjectResult';
import { renderMask, type Stroke } from '../lib/mask';

const SLOT = 'object-removal';
const OPTIONS = { uploads: true, success: 'Object removed successfully!' };

export function RemoveObjectRoute() {
  const { job, busy, start, cancel, reset, resultRef, notify } = useToolRun(SLOT, RemoveObjectMutation, 'removeObject', OPTIONS);
  // The job outlives the page; so do the inputs it was run on.
  const [strokes, setStrokes] = useRememberedState<Stroke[]>(`${SLOT}:strokes`, []);
  // A name, a brush or both say what to remove: with no name, just the brushed area is removed.
  const [brushing, setBrushing] = useRememberedState(`${SLOT}:brushing`, false);
  const [object, setObject] = useRememberedState(`${SLOT}:object`, '');
  const [objectError, setObjectError] = useState<string | null>(null);
  const [naturalSize, setNaturalSize] = useState<NaturalSize | null>(null);
  const [preparing, setPreparing] = useState(false);
  const image = useImageInput(SLOT, startOver); // a picked file, or one of the user's creations sent here (features/send-to)
  const inputRef = useRef<HTMLInputElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const objectRef = useRef<HTMLTextAreaElement>(null);
  // A new picture starts a new mask and clears the previous result (product §4).
  function startOver() {
    setStrokes([]);
    setNaturalSize(null);
    reset();
  }

  // The picker hands on only an image the server reads, within its size limit (it says why it refused anything else).
  function pick(next: File) {
    image.pick(next);
    startOver();
  }

  function changeObject(value: string) {
    setObject(value);
    setObjectError(null);
  }

  /** What is wrong with the name, said beside its field and in the page's toast. */
  function refuseName(message: string) {
    setObjectError(message);
    notify.error(message);
    objectRef.current?.focus();
  }

  async function submit() {
    const picture = image.variables();
    if (!picture) {
      notify.error('Please select an image first');
      inputRef.current?.focus();
      return;
    }
    const name = object.trim();
    if (name.split(/\s+/).length > 1) return refuseName('Please enter only one object name');
    // Brushing is optional when there is a name: without a mask the object is found by it.
    let mask: File | undefined;
    if (brushing && strokes.length > 0 && naturalSize) {
      setPreparing(true);
      try {
        mask = await renderMask(strokes, naturalSize.width, naturalSize.height);
      } catch (err) {
        notify.error(toAppError(err).message);
        return;
      } finally {
        setPreparing(false);
      }
    }

    // No name: the mask alone says what to remove; with neither, nothing is sent (the server would refuse it the same way).
    if (!name && !mask) return refuseName('Please enter the object to remove');
    const { job: outcome, failure } = await start({ ...picture, object: name || null, mask }, { fileName: image.name ?? '', ...(name ? { object: name } : {}) });
    // The server blamed the object's name: say so beside its field too.
    if (failure && outcome.error?.field === 'object') setObjectError(failure);
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
          busy={busy || preparing}
          inputRef={inputRef}
          canvasRef={canvasRef}
          objectRef={objectRef}
          onFile={pick}
          onObjectChange={changeObject}
          onBrushingChange={setBrushing}
          onStrokesChange={setStrokes}
          onNaturalSize={setNaturalSize}
          onSubmit={submit}
        />
        <div ref={resultRef} className="min-w-0 scroll-mt-20">
          <ObjectResult job={job} originalUrl={image.previewUrl} onCancel={cancel} onUpgraded={reset} />
        </div>
      </div>
    </div>
  );
}
