import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { CHECKERBOARD } from '../lib/checkerboard';
import { FileDetails } from './FileDetails';

/** A picked image's preview (on a checkerboard, for transparency) with its name and size. */
export function ImagePreview({ file, previewUrl }: { file: File; previewUrl: string | null }) {
  // Browsers cannot show every image type (TIFF, HEIC); the server can still read most of them.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex h-48 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-64">
        {previewUrl && brokenUrl !== previewUrl ? (
          <img src={previewUrl} alt={`Preview of ${file.name}`} onError={() => setBrokenUrl(previewUrl)} style={CHECKERBOARD} className="max-h-full max-w-full object-contain" />
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
  );
}
