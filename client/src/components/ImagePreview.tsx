import { ImageOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { CHECKERBOARD } from '../lib/checkerboard';
import { FileDetails } from './FileDetails';

/**
 * A picked image's preview (on a checkerboard, for transparency) with its name and size; `details`
 * replaces those for a picture that is no file (a creation sent from a result).
 */
export function ImagePreview({ file, name, previewUrl, details }: { file?: File; name?: string; previewUrl: string | null; details?: ReactNode }) {
  const shownName = file?.name ?? name ?? 'the image';
  // Browsers cannot show every image type (TIFF, HEIC); the server can still read most of them.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex h-48 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-64">
        {previewUrl && brokenUrl !== previewUrl ? (
          <img src={previewUrl} alt={`Preview of ${shownName}`} onError={() => setBrokenUrl(previewUrl)} style={CHECKERBOARD} className="max-h-full max-w-full object-contain" />
        ) : (
          previewUrl && (
            <p className="flex flex-col items-center gap-1 px-4 text-center text-sm text-slate-500">
              <ImageOff aria-hidden className="size-6" />
              This browser cannot preview this image, but it can still be processed.
            </p>
          )
        )}
      </div>
      {details ?? (file && <FileDetails file={file} />)}
    </div>
  );
}
