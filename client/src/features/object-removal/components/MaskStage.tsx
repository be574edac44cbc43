// The picked image with the mask canvas and brush outline over it, or a note when the browser cannot show it.
import { ImageOff } from 'lucide-react';
import type { MaskCanvas } from '../hooks/useMaskCanvas';
import type { MaskCanvasHandlers } from '../hooks/useMaskInput';

export interface NaturalSize {
  width: number;
  height: number;
}

interface Props {
  src: string;
  fileName: string;
  broken: boolean;
  /** Whether the canvas lies over the image (the brush is on and the image shows). */
  brushing: boolean;
  disabled: boolean;
  strokeCount: number;
  hintId: string;
  surface: MaskCanvas;
  canvasHandlers: MaskCanvasHandlers;
  onBroken: () => void;
  onNaturalSize: (size: NaturalSize | null) => void;
}

/** The image to brush over, the canvas painted on, and the brush outline that follows the pointer or the keyboard brush. */
export function MaskStage({ src, fileName, broken, brushing, disabled, strokeCount, hintId, surface, canvasHandlers, onBroken, onNaturalSize }: Props) {
  const painted = strokeCount > 0;
  return (
    <div className="flex justify-center rounded-xl border border-slate-200 bg-slate-100 p-2">
      {broken ? (
        <p className="flex flex-col items-center gap-1 px-4 py-10 text-center text-sm text-slate-600">
          <ImageOff aria-hidden className="size-6" />
          This browser cannot show this image, so you cannot brush over it. The object can still be found by its name.
        </p>
      ) : (
        <div className="relative inline-block max-w-full rounded-sm has-[canvas:focus-visible]:outline-3 has-[canvas:focus-visible]:outline-offset-2 has-[canvas:focus-visible]:outline-indigo-600">
          <img
            ref={surface.imgRef}
            src={src}
            alt={`Preview of ${fileName}`}
            draggable={false}
            onLoad={(e) => onNaturalSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
            onError={() => {
              onBroken();
              onNaturalSize(null);
            }}
            className="block h-auto max-h-[360px] w-auto max-w-full select-none"
          />
          {brushing && (
            <canvas
              ref={surface.setCanvas}
              tabIndex={disabled ? -1 : 0}
              aria-label={`Mask canvas over ${fileName}: paint over what to remove (optional when you name the object). ${painted ? `${strokeCount} ${strokeCount === 1 ? 'stroke' : 'strokes'} painted.` : 'Nothing painted yet.'}`}
              aria-describedby={hintId}
              aria-disabled={disabled || undefined}
              {...canvasHandlers}
              className={`absolute inset-0 h-full w-full touch-none opacity-50 outline-none ${disabled ? 'cursor-not-allowed' : 'cursor-none'}`}
            />
          )}
          <div
            ref={surface.cursorRef}
            aria-hidden
            className="pointer-events-none absolute top-0 left-0 hidden rounded-full border-2 border-white bg-red-500/20 shadow-[0_0_0_1px_rgb(220_38_38)]"
          />
        </div>
      )}
    </div>
  );
}
