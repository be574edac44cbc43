import { useState, type CSSProperties } from 'react';
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

/** Original beside processed (spec §2); side by side at every width so the panel stays short. */
export function ImageComparison({ originalUrl, resultUrl, resultAlt, transparent = false }: Props) {
  // Both images have the same shape; whichever loads first sets it for both boxes.
  const [aspect, setAspect] = useState<number | null>(null);
  return (
    <div className={`grid items-start gap-3 ${originalUrl ? 'grid-cols-2' : 'grid-cols-1'}`}>
      {originalUrl && <Figure caption="Original" src={originalUrl} alt="The original image" aspect={aspect} onAspect={setAspect} />}
      <Figure caption="Processed" src={resultUrl} alt={resultAlt} aspect={aspect} onAspect={setAspect} imageStyle={transparent ? CHECKERBOARD : undefined} />
    </div>
  );
}
