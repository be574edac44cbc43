import { useCallback, useEffect, useState } from 'react';

export interface InViewOptions {
  /** Share of the element that must be visible (0–1). */
  threshold?: number;
  /** Grows or shrinks the viewport box, as in IntersectionObserver (e.g. '0px 0px 100px 0px'). */
  rootMargin?: string;
  /** Stop watching after the first time the element shows (reveal-once effects). */
  once?: boolean;
}

/**
 * Whether an element is in the viewport: the one IntersectionObserver wrapper of the app.
 * Returns a callback ref for the element and the current answer. Where the browser has no
 * IntersectionObserver the element counts as visible, so nothing stays hidden for good.
 */
export function useInView<T extends Element>({ threshold = 0, rootMargin = '0px', once = false }: InViewOptions = {}) {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  const ref = useCallback((node: T | null) => setElement(node), []);

  useEffect(() => {
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        // isIntersecting alone is true for a zero-area touch; the ratio honours the threshold.
        const visible = entry.isIntersecting && entry.intersectionRatio >= threshold;
        setInView(visible);
        if (visible && once) observer.disconnect();
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, threshold, rootMargin, once]);

  return [ref, inView] as const;
}
