import { useEffect, useState } from 'react';
import { startedFromPrerender } from '../../../lib/prerendered';

const QUERY = '(prefers-reduced-motion: reduce)';

/** True while the user asks for reduced motion; follows changes to the setting. */
export function useReducedMotion(): boolean {
  // Prerendered HTML (and so hydration) cannot know the setting: it starts false, the effect corrects it.
  const [reduced, setReduced] = useState(
    () => !startedFromPrerender && typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(QUERY);
    const onChange = () => setReduced(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}
