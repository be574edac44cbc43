// The creation viewer's page-wide keys: Escape closes, the arrow keys go to the previous or next creation.
import { useEffect } from 'react';

/** Escape calls `onClose`; ArrowLeft / ArrowRight move `index` by one, wrapping, when there is more than one creation. */
export function useViewerKeys(index: number, count: number, onIndexChange: (index: number) => void, onClose: () => void) {
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'ArrowLeft' && count > 1) {
        e.preventDefault();
        onIndexChange((index - 1 + count) % count);
      } else if (e.key === 'ArrowRight' && count > 1) {
        e.preventDefault();
        onIndexChange((index + 1) % count);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange, onClose]);
}
