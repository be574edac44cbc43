import { Palette } from 'lucide-react';
import { useEffect, useState } from 'react';
import { startedFromPrerender } from '../../../lib/prerendered';

/** The moving picture repaints every frame: it waits until the page has loaded and the browser is idle. */
function useWhenSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setSettled(true), { timeout: 3000 });
      else timer = setTimeout(() => setSettled(true), 1000);
    };
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
    return () => {
      window.removeEventListener('load', settle);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return settled;
}

/**
 * The hero's background "video": an animated SVG drawn in-repo (a still poster under reduced
 * motion) that fades in once it has loaded, so nothing pops in half-drawn. The browser draws an
 * SVG picture on the page's main thread, at every frame while it moves: the moving one is asked
 * for only once the page has loaded and gone idle, so the first paint and hydration do not pay
 * for it. Positioned absolutely: it cannot shift the layout.
 */
export function HeroBackdrop() {
  const [loaded, setLoaded] = useState(false);
  const animate = useWhenSettled();
  return (
    <>
      <div
        aria-hidden
        data-testid="hero-backdrop"
        data-loaded={loaded}
        className={`pointer-events-none absolute inset-0 -z-10 transition-opacity duration-1000 ease-out motion-reduce:transition-none ${loaded ? 'opacity-100' : 'opacity-0'}`}
      >
        <picture>
          <source media="(prefers-reduced-motion: reduce)" srcSet="/media/hero/backdrop-poster.svg" />
          <img
            // A prerendered page may have loaded it (the poster, under reduced motion) before React was there to hear `load`.
            ref={(img) => {
              if (startedFromPrerender && img?.complete && img.currentSrc) setLoaded(true);
            }}
            src={animate ? '/media/hero/backdrop.svg' : undefined}
            alt=""
            width={1440}
            height={800}
            decoding="async"
            fetchPriority="low"
            onLoad={() => setLoaded(true)}
            className="size-full object-cover"
          />
        </picture>
      </div>
      <p className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white/80 px-2.5 py-1 text-[11px] font-medium text-slate-600 shadow-sm backdrop-blur sm:right-5 sm:bottom-5">
        <Palette aria-hidden className="size-3.5 text-indigo-500" />
        Background design: Atelier Studio
      </p>
    </>
  );
}
