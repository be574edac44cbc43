// The brush size slider, Undo and Clear, and the hint on painting with mouse, touch, pen or keyboard.
import { Brush, Trash2, Undo2 } from 'lucide-react';

const BRUSH_MIN = 8;
const BRUSH_MAX = 96;

interface Props {
  sizeId: string;
  hintId: string;
  brush: number;
  onBrushChange: (brush: number) => void;
  disabled: boolean;
  painted: boolean;
  onUndo: () => void;
  onClear: () => void;
}

/** The controls shown while brushing: brush size, Undo, Clear and how to paint. */
export function BrushControls({ sizeId, hintId, brush, onBrushChange, disabled, painted, onUndo, onClear }: Props) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-48 flex-1 items-center gap-2">
          <Brush aria-hidden className="size-4 shrink-0 text-slate-500" />
          <label htmlFor={sizeId} className="shrink-0 text-sm font-medium text-slate-700">
            Brush size
          </label>
          <input
            id={sizeId}
            type="range"
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            step={2}
            value={brush}
            disabled={disabled}
            onChange={(e) => onBrushChange(Number(e.target.value))}
            aria-valuetext={`${brush} pixels`}
            className="min-w-0 flex-1 accent-indigo-600"
          />
          <output htmlFor={sizeId} className="w-12 shrink-0 text-right text-sm text-slate-600 tabular-nums">
            {brush} px
          </output>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onUndo}
            disabled={disabled || !painted}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
          >
            <Undo2 aria-hidden className="size-4" />
            Undo
          </button>
          <button
            type="button"
            onClick={onClear}
            disabled={disabled || !painted}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
          >
            <Trash2 aria-hidden className="size-4" />
            Clear
          </button>
        </div>
      </div>

      <p id={hintId} className="text-xs text-slate-500">
        Brush over the object with your mouse, finger or pen. Keyboard: focus the image, move with the arrow keys (Shift for bigger steps), and press Space to start or stop
        painting; Ctrl+Z undoes.
      </p>
    </>
  );
}
