import { Scissors, Upload } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
import { useId, type FormEvent, type Ref, type SetStateAction } from 'react';
import { FileDetails } from '../../../components/FileDetails';
import { ImageFileField } from '../../../components/ImageFileField';
import { AdvancedOptions } from '../../../components/AdvancedOptions';
import { OutputFormatField, type OutputFormatValues } from '../../../components/OutputFormatField';
import { SentImageDetails, type ImageInput } from '../../send-to';
import { BatchFiles } from '../../batches';
import type { Stroke } from '../lib/mask';
import { MaskPainter, type NaturalSize } from './MaskPainter';

/** The server's limit on the object name. */
const OBJECT_MAX_LENGTH = 40;

interface Props {
  /** The picture: a picked file, or one of the user's creations sent here (features/send-to). */
  image: Pick<ImageInput, 'file' | 'sent' | 'previewUrl'>;
  object: string;
  objectError: string | null;
  strokes: Stroke[];
  /** Whether the optional brush is in use. */
  brushing: boolean;
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  canvasRef: Ref<HTMLCanvasElement>;
  objectRef: Ref<HTMLTextAreaElement>;
  onFile: (file: File) => void;
  /** Several pictures or a zip picked for a batch (empty: one picture); a batch finds the object by its name only. */
  files: File[];
  /** Takes several pictures or a zip; returns why not, or null. */
  onFiles: (files: File[]) => string | null;
  output: OutputFormatValues;
  onOutput: (output: OutputFormatValues) => void;
  onObjectChange: (object: string) => void;
  onBrushingChange: (brushing: boolean) => void;
  onStrokesChange: (next: SetStateAction<Stroke[]>) => void;
  onNaturalSize: (size: NaturalSize | null) => void;
  onSubmit: () => void;
}

/**
 * Left-hand card: pick the image, then name the object, brush over what to remove, or both;
 * Remove Object needs the image and a name or a brushed stroke.
 */
export function ObjectForm(props: Props) {
  const { image, object, objectError, strokes, brushing, busy, inputRef, canvasRef, objectRef } = props;
  const { file, sent, previewUrl } = image;
  const objectId = useId();
  const hintId = `${objectId}-hint`;
  const errorId = `${objectId}-error`;
  const many = props.files.length > 0;
  const brushed = !many && brushing && strokes.length > 0;
  const disabled = busy || !(file || sent || many) || (object.trim() === '' && !brushed);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!disabled) props.onSubmit();
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Upload aria-hidden className="size-5 text-indigo-600" />
        Upload Image
      </h2>

      <ImageFileField ref={inputRef} label="Upload image" hasFile={Boolean(file ?? sent) || many} disabled={busy} onFile={props.onFile} onFiles={props.onFiles} />

      {many && <BatchFiles files={props.files} />}
      {!many && (file || sent) && previewUrl && (
        <div className="flex flex-col gap-3">
          {file ? <FileDetails file={file} /> : sent && <SentImageDetails sent={sent} />}
          <MaskPainter
            key={previewUrl}
            src={previewUrl}
            fileName={file?.name ?? sent?.name ?? ''}
            active={brushing}
            onActiveChange={props.onBrushingChange}
            strokes={strokes}
            onStrokesChange={props.onStrokesChange}
            onNaturalSize={props.onNaturalSize}
            disabled={busy}
            canvasRef={canvasRef}
          />
        </div>
      )}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={objectId} className="text-sm font-medium text-slate-700">
          Describe object to remove
        </label>
        <textarea
          ref={objectRef}
          id={objectId}
          rows={2}
          value={object}
          maxLength={OBJECT_MAX_LENGTH}
          onChange={(e) => props.onObjectChange(e.target.value)}
          onKeyDown={(e) => {
            // One word is expected: Enter submits, as in a single-line field.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder="e.g. watch"
          aria-invalid={objectError ? true : undefined}
          aria-describedby={objectError ? `${errorId} ${hintId}` : hintId}
          className="resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 aria-invalid:border-red-500"
        />
        {objectError && (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {objectError}
          </p>
        )}
        <p id={hintId} className="text-xs text-slate-500">
          One object name, no spaces (for example: car, person, lamp). It is found in the image by this name. Optional when you brush over what to remove: then just the brushed
          area is removed.
        </p>
      </div>

      <AdvancedOptions hint="format">
        <OutputFormatField
          name="object-format"
          values={props.output}
          onChange={props.onOutput}
          disabled={busy}
          caption="None chosen, the result keeps the format the engine made. PNG keeps transparency losslessly; WebP and JPEG make smaller files (JPEG only for a picture with no transparent parts)."
        />
      </AdvancedOptions>

      <SubmitButton busy={busy} disabled={disabled} icon={Scissors} busyLabel="Removing object…">
        Remove Object
      </SubmitButton>
    </form>
  );
}
