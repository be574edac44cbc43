import { Eraser, Upload } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
import type { FormEvent, Ref } from 'react';
import { ImagePreview } from '../../../components/ImagePreview';
import { ImageFileField } from '../../../components/ImageFileField';

interface Props {
  file: File | null;
  previewUrl: string | null;
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  onFile: (file: File) => void;
  onSubmit: () => void;
}

/** Left-hand card: the picker, a preview with name and size, and the Remove Background button. */
export function BackgroundForm({ file, previewUrl, busy, inputRef, onFile, onSubmit }: Props) {
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

      <ImageFileField ref={inputRef} label="Upload image" hasFile={Boolean(file)} disabled={busy} onFile={onFile} />

      {file && <ImagePreview file={file} previewUrl={previewUrl} />}

      <SubmitButton busy={busy} icon={Eraser} busyLabel="Removing background…">
        Remove Background
      </SubmitButton>
    </form>
  );
}
