import { Maximize2, Upload } from 'lucide-react';
import type { FormEvent, Ref } from 'react';
import { ChoiceChips } from '../../../components/ChoiceChips';
import { ImageFileField } from '../../../components/ImageFileField';
import { AdvancedOptions } from '../../../components/AdvancedOptions';
import { OutputFormatField, type OutputFormatValues } from '../../../components/OutputFormatField';
import { SubmitButton } from '../../../components/SubmitButton';
import type { SentImage } from '../../send-to';
import { PickedImages } from '../../batches';

export type Scale = '2' | '4';
const SCALES = [
  { value: '2', label: '2× larger' },
  { value: '4', label: '4× larger' },
] as const;

interface Props {
  file: File | null;
  /** One of the user's creations sent here instead of a file. */
  sent: SentImage | null;
  previewUrl: string | null;
  scale: Scale;
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
  /** Several pictures or a zip picked for a batch (empty: one picture). */
  files: File[];
  /** Takes several pictures or a zip; returns why not, or null. */
  onFiles: (files: File[]) => string | null;
  onScale: (scale: Scale) => void;
  onSubmit: () => void;
  output: OutputFormatValues;
  onOutput: (output: OutputFormatValues) => void;
}

/** Left-hand card: the picker with a preview, the scale, and the Upscale button. */
export function UpscaleForm({ file, sent, previewUrl, scale, busy, inputRef, onFile, files, onFiles, onScale, onSubmit, output, onOutput }: Props) {
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Upload aria-hidden className="size-5 text-indigo-600" />
        Upload Image
      </h2>
      <ImageFileField ref={inputRef} label="Upload image" hasFile={Boolean(file ?? sent) || files.length > 0} disabled={busy} onFile={onFile} onFiles={onFiles} />
      <PickedImages files={files} file={file} sent={sent} previewUrl={previewUrl} />
      <ChoiceChips legend="Scale" name="upscale-scale" options={SCALES} value={scale} onChange={onScale} disabled={busy} />
      <p className="text-xs text-slate-500">The result may be at most 36 megapixels (for example 3000×3000 at 2×, 1500×1500 at 4×).</p>
      <AdvancedOptions hint="format">
        <OutputFormatField
          name="upscale-format"
          values={output}
          onChange={onOutput}
          disabled={busy}
          caption="PNG keeps transparency losslessly; WebP and JPEG make smaller files (JPEG only for a picture with no transparent parts)."
        />
      </AdvancedOptions>
      <SubmitButton busy={busy} icon={Maximize2} busyLabel="Upscaling…">
        Upscale Image
      </SubmitButton>
    </form>
  );
}
