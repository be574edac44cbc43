import { Eraser, ImageOff, Upload } from 'lucide-react';
import { SubmitButton } from '../../../components/SubmitButton';
import { useState, type FormEvent, type Ref } from 'react';
import { CHECKERBOARD } from '../../../lib/checkerboard';
import { FileDetails } from '../../../components/FileDetails';
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
  // Browsers cannot show every image type (TIFF, HEIC); the server can still read most of them.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

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

      {file && (
        <div className="flex flex-col gap-2">
          <div className="flex h-48 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-64">
            {previewUrl && brokenUrl !== previewUrl ? (
              <img
                src={previewUrl}
                alt={`Preview of ${file.name}`}
                onError={() => setBrokenUrl(previewUrl)}
                style={CHECKERBOARD}
                className="max-h-full max-w-full object-contain"
              />
            ) : (
              previewUrl && (
                <p className="flex flex-col items-center gap-1 px-4 text-center text-sm text-slate-500">
                  <ImageOff aria-hidden className="size-6" />
                  This browser cannot preview this image, but it can still be processed.
                </p>
              )
            )}
          </div>
          <FileDetails file={file} />
        </div>
      )}

      <SubmitButton busy={busy} icon={Eraser} busyLabel="Removing background…">
        Remove Background
      </SubmitButton>
    </form>
  );
}
