import { Palette } from 'lucide-react';
import { useState } from 'react';
import { startedFromPrerender } from '../../../lib/prerendered';

/**
 * The hero's background "video": an animated SVG drawn in-repo (a still poster under reduced
 * motion) that fades in once it has loaded, so nothing pops in half-drawn. Positioned absolutely:
 * it cannot shift the layout.
 */
export function HeroBackdrop() {
  const [loaded, setLoaded] = useState(false);
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
            // A prerendered page may have loaded it before React was there to hear `load`.
            ref={(img) => {
              if (startedFromPrerender && img?.complete) setLoaded(true);
            }}
            src="/media/hero/backdrop.svg"
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
