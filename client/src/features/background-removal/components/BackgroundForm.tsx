import { Eraser, Upload } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
import type { FormEvent, Ref } from 'react';
import { ImageFileField } from '../../../components/ImageFileField';
import type { SentImage } from '../../send-to';
import { PickedImages } from '../../batches';
import type { BackgroundOptionValues } from '../lib/options';
import { BackgroundOptions } from './BackgroundOptions';

interface Props {
  file: File | null;
  /** One of the user's creations sent here instead of a file. */
  sent: SentImage | null;
  previewUrl: string | null;
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
  /** Several pictures or a zip picked for a batch (empty: one picture). */
  files: File[];
  /** Takes several pictures or a zip; returns why not, or null. */
  onFiles: (files: File[]) => string | null;
  onSubmit: () => void;
  options: BackgroundOptionValues;
  onOptions: (options: BackgroundOptionValues) => void;
  /** The option a refused submit is about, with the refs it focuses. */
  invalid: Parameters<typeof BackgroundOptions>[0]['invalid'];
  optionRefs: Pick<Parameters<typeof BackgroundOptions>[0], 'colorRef' | 'backgroundImageRef' | 'marginRef'>;
}

/** Left-hand card: the picker, a preview with name and size, the background options and the Remove Background button. */
export function BackgroundForm({ file, sent, previewUrl, busy, inputRef, onFile, files, onFiles, onSubmit, options, onOptions, invalid, optionRefs }: Props) {
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

      <BackgroundOptions values={options} onChange={onOptions} disabled={busy} invalid={invalid} {...optionRefs} />

      <SubmitButton busy={busy} icon={Eraser} busyLabel="Removing background…">
        Remove Background
      </SubmitButton>
    </form>
  );
}
