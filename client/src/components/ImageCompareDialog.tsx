import { Maximize, Minus, Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type CSSProperties, type PointerEvent, type WheelEvent } from 'react';
import { CHECKERBOARD } from '../lib/checkerboard';

interface Props {
  /** The picked file (blob: URL); null when it is no longer at hand (then there is nothing to compare with). */
  originalUrl: string | null;
  resultUrl: string;
  resultAlt: string;
  /** Shows the result over a checkerboard, so transparent areas read as transparent. */
  transparent?: boolean;
  onClose: () => void;
}

export const ZOOM_LEVELS = [1, 2, 4, 8] as const;

/** The stage's view: where the divider is, the zoom level and pan, and the pointer and wheel handlers that change them. */
function useCompareView(comparing: boolean) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [split, setSplit] = useState(50);
  const [zoomIndex, setZoomIndex] = useState(0);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ mode: 'split' | 'pan'; x: number; y: number; pan: { x: number; y: number } } | null>(null);
  const zoom = ZOOM_LEVELS[zoomIndex]!;

  /** Keeps the zoomed picture covering the stage: no panning past its edges. */
  const clampPan = (p: { x: number; y: number }, z: number) => {
    const stage = stageRef.current?.getBoundingClientRect();
    if (!stage) return p;
    const maxX = ((z - 1) * stage.width) / 2;
    const maxY = ((z - 1) * stage.height) / 2;
    return { x: Math.max(-maxX, Math.min(maxX, p.x)), y: Math.max(-maxY, Math.min(maxY, p.y)) };
  };

  const zoomTo = (index: number) => {
    const next = Math.max(0, Math.min(ZOOM_LEVELS.length - 1, index));
    setZoomIndex(next);
    setPan((p) => clampPan({ x: (p.x * ZOOM_LEVELS[next]!) / zoom, y: (p.y * ZOOM_LEVELS[next]!) / zoom }, ZOOM_LEVELS[next]!));
  };

  const splitAt = (clientX: number) => {
    const stage = stageRef.current?.getBoundingClientRect();
    if (!stage || stage.width === 0) return;
    setSplit(Math.round(Math.max(0, Math.min(100, ((clientX - stage.left) / stage.width) * 100))));
  };

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    const onHandle = (e.target as HTMLElement).closest('[data-divider]') !== null;
    const mode = comparing && (zoom === 1 || onHandle) ? 'split' : 'pan';
    if (mode === 'pan' && zoom === 1) return;
    drag.current = { mode, x: e.clientX, y: e.clientY, pan };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    if (mode === 'split') splitAt(e.clientX);
  }

  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    if (d.mode === 'split') splitAt(e.clientX);
    else setPan(clampPan({ x: d.pan.x + e.clientX - d.x, y: d.pan.y + e.clientY - d.y }, zoom));
  }

  function onWheel(e: WheelEvent<HTMLDivElement>) {
    if (e.deltaY === 0) return;
    zoomTo(zoomIndex + (e.deltaY < 0 ? 1 : -1));
  }

  const stageHandlers = {
    onPointerDown,
    onPointerMove,
    onPointerUp: () => (drag.current = null),
    onPointerCancel: () => (drag.current = null),
    onWheel,
  };
  const layer: CSSProperties = { transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` };
  return { stageRef, split, setSplit, zoom, zoomIndex, zoomTo, stageHandlers, layer };
}

/**
 * A close look at a result: the result over the original with a before/after divider, zoomed
 * up to 8× and panned. The divider is a real slider (arrow keys move it); dragging on the
 * picture moves it at 1× and pans when zoomed; the mouse wheel and + / − zoom; Escape closes
 * (a native modal <dialog>: focus stays inside and returns to the button that opened it).
 */
export function ImageCompareDialog({ originalUrl, resultUrl, resultAlt, transparent = false, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const sliderId = useId();
  const comparing = originalUrl !== null;
  const { stageRef, split, setSplit, zoom, zoomIndex, zoomTo, stageHandlers, layer } = useCompareView(comparing);

  useEffect(() => {
    const dialog = dialogRef.current;
    // Back to what opened it once closed (the dialog is gone from the page by then).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      dialog?.close?.();
      opener?.focus();
    };
  }, []);

  const picture = 'absolute inset-0 size-full object-contain select-none';

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.target instanceof HTMLInputElement) return;
        if (e.key === '+' || e.key === '=') zoomTo(zoomIndex + 1);
        else if (e.key === '-') zoomTo(zoomIndex - 1);
        else if (e.key === '0') zoomTo(0);
      }}
      className="m-auto h-[min(92dvh,900px)] w-[min(96vw,1200px)] max-w-none overflow-hidden rounded-2xl bg-slate-950 p-0 text-white backdrop:bg-slate-950/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-white/10 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold">
            {comparing ? 'Compare before and after' : 'Look closer'}
          </h2>
          <ZoomControls zoom={zoom} zoomIndex={zoomIndex} zoomTo={zoomTo} onClose={onClose} />
        </div>

        <div
          ref={stageRef}
          data-testid="compare-stage"
          {...stageHandlers}
          className={`relative min-h-0 flex-1 touch-none overflow-hidden ${zoom > 1 ? 'cursor-grab active:cursor-grabbing' : comparing ? 'cursor-ew-resize' : ''}`}
        >
          {comparing && (
            <div className="absolute inset-0" style={layer}>
              <img src={originalUrl} alt="The original image" draggable={false} className={picture} />
            </div>
          )}
          {/* The result, cut at the divider in screen space, so the divider stays in view at any zoom. */}
          <div className="absolute inset-0" style={comparing ? { clipPath: `inset(0 0 0 ${split}%)` } : undefined}>
            <div className="absolute inset-0" style={layer}>
              <img src={resultUrl} alt={resultAlt} draggable={false} className={picture} style={transparent ? CHECKERBOARD : undefined} />
            </div>
          </div>
          {comparing && <DividerHandle split={split} />}
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-white/10 px-4 py-3 text-sm">
          {comparing && <DividerSlider id={sliderId} split={split} onSplitChange={setSplit} />}
          <p className="w-full text-xs text-slate-400 sm:w-auto">{hint(zoom, comparing)}</p>
        </div>
      </div>
    </dialog>
  );
}

/** Zoom out, the zoom level, zoom in, fit to the window, and close. */
function ZoomControls({ zoom, zoomIndex, zoomTo, onClose }: { zoom: number; zoomIndex: number; zoomTo: (index: number) => void; onClose: () => void }) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Zoom">
      <button type="button" onClick={() => zoomTo(zoomIndex - 1)} disabled={zoomIndex === 0} aria-label="Zoom out" className="rounded-lg p-2 hover:bg-white/10 disabled:opacity-40">
        <Minus aria-hidden className="size-4" />
      </button>
      <output aria-live="polite" className="w-14 text-center text-sm tabular-nums">
        {zoom * 100} %
      </output>
      <button
        type="button"
        onClick={() => zoomTo(zoomIndex + 1)}
        disabled={zoomIndex === ZOOM_LEVELS.length - 1}
        aria-label="Zoom in"
        className="rounded-lg p-2 hover:bg-white/10 disabled:opacity-40"
      >
        <Plus aria-hidden className="size-4" />
      </button>
      <button type="button" onClick={() => zoomTo(0)} disabled={zoomIndex === 0} aria-label="Fit to the window" className="rounded-lg p-2 hover:bg-white/10 disabled:opacity-40">
        <Maximize aria-hidden className="size-4" />
      </button>
      <button type="button" onClick={onClose} aria-label="Close" className="ml-2 rounded-lg p-2 hover:bg-white/10" autoFocus>
        <X aria-hidden className="size-5" />
      </button>
    </div>
  );
}

/** The divider drawn over the picture at `split` %, its drag handle, and the Original / Processed labels. */
function DividerHandle({ split }: { split: number }) {
  return (
    <>
      <div data-divider aria-hidden className="absolute inset-y-0 w-6 -translate-x-1/2 cursor-ew-resize" style={{ left: `${split}%` }}>
        <div className="mx-auto h-full w-0.5 bg-white shadow-[0_0_0_1px_rgba(15,23,42,0.6)]" />
        <div className="absolute top-1/2 left-1/2 size-8 -translate-1/2 rounded-full border-2 border-white bg-slate-900/70" />
      </div>
      <span className="pointer-events-none absolute top-3 left-3 rounded bg-slate-900/70 px-2 py-1 text-xs font-semibold">Original</span>
      <span className="pointer-events-none absolute top-3 right-3 rounded bg-slate-900/70 px-2 py-1 text-xs font-semibold">Processed</span>
    </>
  );
}

/** The slider that moves the divider (arrow keys too), between its Original and Processed labels. */
function DividerSlider({ id, split, onSplitChange }: { id: string; split: number; onSplitChange: (split: number) => void }) {
  return (
    <>
      <label htmlFor={id} className="text-slate-300">
        Original
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(e) => onSplitChange(Number(e.target.value))}
        aria-valuetext={`${100 - split} % processed shown`}
        aria-label="Divider between the original and the processed image"
        className="min-w-40 flex-1 accent-indigo-400"
      />
      <span className="text-slate-300" aria-hidden>
        Processed
      </span>
    </>
  );
}

function hint(zoom: number, comparing: boolean): string {
  if (zoom > 1) return `Drag to move around${comparing ? " (the divider's handle still moves it)" : ''}; scroll or press + and − to zoom.`;
  return comparing ? 'Drag across the picture to move the divider; scroll or press + and − to zoom.' : 'Scroll or press + and − to zoom.';
}
