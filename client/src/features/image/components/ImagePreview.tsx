import { ImageIcon } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';

/**
 * While the picture is made: the engine's latest preview as it forms, or a placeholder frame
 * before the first. Each preview shown is counted in data-preview-count (every one is put on the
 * page as it arrives: none is skipped).
 */
export function ImagePreview({ src, percent }: { src: string | null; percent: number }) {
  const ref = useRef<HTMLImageElement>(null);
  const shown = useRef(0);
  useLayoutEffect(() => {
    if (!src || !ref.current) return;
    shown.current += 1;
    ref.current.dataset.previewCount = String(shown.current);
  }, [src]);

  return (
    <figure className="flex flex-col gap-2">
      <div className="relative flex aspect-square max-h-[500px] w-full items-center justify-center overflow-hidden rounded-lg border border-slate-100 bg-slate-100">
        {src ? (
          <img ref={ref} src={src} alt="The picture as it forms" className="h-full w-full object-contain" data-preview="" />
        ) : (
          <div aria-hidden className="flex h-full w-full animate-pulse items-center justify-center bg-slate-100 text-slate-300" data-preview-skeleton="">
            <ImageIcon className="size-12" />
          </div>
        )}
      </div>
      <figcaption aria-live="polite" className="text-xs text-slate-500">
        {src ? `The picture as it forms · ${percent}%` : 'The picture will appear here as it forms.'}
      </figcaption>
    </figure>
  );
}
