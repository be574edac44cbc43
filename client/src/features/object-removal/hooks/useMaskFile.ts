// The brushed strokes as the mask file the server takes, drawn at the picture's own size.
import { useState } from 'react';
import { toAppError } from '../../../lib/graphqlError';
import type { NaturalSize } from '../components/MaskPainter';
import { renderMask, type Stroke } from '../lib/mask';

/** `render` gives undefined with nothing brushed, null when drawing failed (said through `onError`); `preparing` while it draws. */
export function useMaskFile(onError: (message: string) => void) {
  const [preparing, setPreparing] = useState(false);
  async function render(strokes: Stroke[], size: NaturalSize | null): Promise<File | undefined | null> {
    if (strokes.length === 0 || !size) return undefined;
    setPreparing(true);
    try {
      return await renderMask(strokes, size.width, size.height);
    } catch (err) {
      onError(toAppError(err).message);
      return null;
    } finally {
      setPreparing(false);
    }
  }
  return { preparing, render };
}
