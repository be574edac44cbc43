// What the object-removal page asks for besides the picture: the object's name, the optional
// brush and its strokes. The job outlives the page; so do the inputs it was run on.
import { useRef, useState } from 'react';
import { useRememberedState } from '../../../lib/rememberedState';
import type { NaturalSize } from '../components/MaskPainter';
import type { Stroke } from '../lib/mask';

/** `onError`: the page's toast, which also says a refused name. */
export function useObjectInputs(slot: string, onError: (message: string) => void) {
  const [strokes, setStrokes] = useRememberedState<Stroke[]>(`${slot}:strokes`, []);
  // A name, a brush or both say what to remove: with no name, just the brushed area is removed.
  const [brushing, setBrushing] = useRememberedState(`${slot}:brushing`, false);
  const [object, setObject] = useRememberedState(`${slot}:object`, '');
  const [objectError, setObjectError] = useState<string | null>(null);
  const [naturalSize, setNaturalSize] = useState<NaturalSize | null>(null);
  const objectRef = useRef<HTMLTextAreaElement>(null);
  return {
    strokes,
    setStrokes,
    brushing,
    setBrushing,
    object,
    objectError,
    setObjectError,
    objectRef,
    naturalSize,
    setNaturalSize,
    changeObject(value: string) {
      setObject(value);
      setObjectError(null);
    },
    /** What is wrong with the name, said beside its field and in the page's toast. */
    refuseName(message: string) {
      setObjectError(message);
      onError(message);
      objectRef.current?.focus();
    },
    /** A new picture starts a new mask. */
    clearMask() {
      setStrokes([]);
      setNaturalSize(null);
    },
  };
}
