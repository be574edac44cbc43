import { ZoomIn } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { ImageCompareDialog } from './ImageCompareDialog';
import { CHECKERBOARD } from '../lib/checkerboard';

interface Props {
  /** The picked file (blob: URL); null when it is no longer at hand. */
  originalUrl: string | null;
  resultUrl: string;
  resultAlt: string;
  /** Shows the result over a checkerboard, so transparent areas read as transparent. */
  transparent?: boolean;
}

interface FigureProps {
  caption: string;
  src: string;
  alt: string;
  aspect: number | null;
  imageStyle?: CSSProperties;
  onAspect: (aspect: number) => void;
}

function Figure({ caption, src, alt, aspect, imageStyle, onAspect }: FigureProps) {
  return (
    <figure className="flex min-w-0 flex-col gap-1.5">
      <figcaption className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{caption}</figcaption>
      {/* Shaped like the image once it is known (capped in height), so no empty bands around it. */}
      <div
        className={`flex w-full items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 ${aspect ? 'max-h-36 sm:max-h-56 lg:max-h-64' : 'h-36 sm:h-56 lg:h-64'}`}
        style={aspect ? { aspectRatio: aspect } : undefined}
      >
        <img
          src={src}
          alt={alt}
          onLoad={(e) => {
            const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
            if (w > 0 && h > 0) onAspect(w / h);
          }}
          style={imageStyle}
          className="max-h-full max-w-full object-contain"
        />
      </div>
    </figure>
  );
}

/**
 * Original beside processed (product §2); side by side at every width so the panel stays short.
 * "Compare and zoom" opens both full size with a before/after divider and zoom (ImageCompareDialog).
 */
export function ImageComparison({ originalUrl, resultUrl, resultAlt, transparent = false }: Props) {
  // Both images have the same shape; whichever loads first sets it for both boxes.
  const [aspect, setAspect] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className={`grid items-start gap-3 ${originalUrl ? 'grid-cols-2' : 'grid-cols-1'}`}>
        {originalUrl && <Figure caption="Original" src={originalUrl} alt="The original image" aspect={aspect} onAspect={setAspect} />}
        <Figure caption="Processed" src={resultUrl} alt={resultAlt} aspect={aspect} onAspect={setAspect} imageStyle={transparent ? CHECKERBOARD : undefined} />
      </div>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 self-start rounded-lg px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <ZoomIn aria-hidden className="size-4" />
        {originalUrl ? 'Compare and zoom' : 'Zoom in'}
      </button>
      {open && <ImageCompareDialog originalUrl={originalUrl} resultUrl={resultUrl} resultAlt={resultAlt} transparent={transparent} onClose={() => setOpen(false)} />}
    </div>
  );
}
