import { useId, useState, type Ref, type SetStateAction } from 'react';
import { useRememberedState } from '../../../lib/rememberedState';
import type { Stroke } from '../lib/mask';
import { useMaskCanvas } from '../hooks/useMaskCanvas';
import { useMaskInput } from '../hooks/useMaskInput';
import { BrushControls } from './BrushControls';
import { BrushSwitch } from './BrushSwitch';
import { MaskStage, type NaturalSize } from './MaskStage';

export type { NaturalSize };

interface Props {
  src: string;
  fileName: string;
  /** Whether the brush is in use (optional with a name, which finds the object; without a name it says what to remove). */
  active: boolean;
  onActiveChange: (active: boolean) => void;
  strokes: Stroke[];
  onStrokesChange: (next: SetStateAction<Stroke[]>) => void;
  /** The image's full resolution once it has loaded; null when the browser cannot show it. */
  onNaturalSize: (size: NaturalSize | null) => void;
  disabled?: boolean;
  canvasRef?: Ref<HTMLCanvasElement>;
}

const BRUSH_DEFAULT = 32;

/**
 * The picked image, and a switch to brush over the object on it: optional with a name (the
 * object is found by it), what to remove without one. While brushing, a canvas lies over the image: mouse, pen and
 * touch paint through pointer events; the keyboard paints too (arrows move the brush, Space
 * puts it down or lifts it). Painted areas show in semi-transparent red; strokes are kept
 * relative to the image.
 */
export function MaskPainter({ src, fileName, active, onActiveChange, strokes, onStrokesChange, onNaturalSize, disabled = false, canvasRef }: Props) {
  const ids = useId();
  const hintId = `${ids}-hint`;
  const sizeId = `${ids}-size`;
  const switchId = `${ids}-switch`;
  const switchHintId = `${ids}-switch-hint`;
  const [brush, setBrush] = useRememberedState('object-removal:brush', BRUSH_DEFAULT);
  const [broken, setBroken] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const surface = useMaskCanvas({ src, active, broken, brush, strokes, canvasRef });
  const { canvasHandlers, undo, clear } = useMaskInput({ surface, disabled, onStrokesChange, announce: setAnnouncement });

  const painted = strokes.length > 0;
  const brushing = active && !broken;

  return (
    <div className="flex flex-col gap-3">
      <MaskStage
        src={src}
        fileName={fileName}
        broken={broken}
        brushing={brushing}
        disabled={disabled}
        strokeCount={strokes.length}
        hintId={hintId}
        surface={surface}
        canvasHandlers={canvasHandlers}
        onBroken={() => setBroken(true)}
        onNaturalSize={onNaturalSize}
      />

      {!broken && <BrushSwitch id={switchId} hintId={switchHintId} active={active} disabled={disabled} onActiveChange={onActiveChange} />}

      {brushing && <BrushControls sizeId={sizeId} hintId={hintId} brush={brush} onBrushChange={setBrush} disabled={disabled} painted={painted} onUndo={undo} onClear={clear} />}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
