import { Palette } from 'lucide-react';
import { useState } from 'react';
import { startedFromPrerender } from '../../../lib/prerendered';

// The three colour glows of the design (centre and radius in its 1440 × 800 frame), each
// drifting on its own period.
const GLOWS = [
  { cx: 360, cy: 220, r: 380, color: '129 140 248 / .55', seconds: 18, direction: 'alternate' },
  { cx: 1100, cy: 180, r: 360, color: '232 121 249 / .45', seconds: 23, direction: 'alternate-reverse' },
  { cx: 760, cy: 620, r: 420, color: '56 189 248 / .4', seconds: 29, direction: 'alternate' },
] as const;

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;

/**
 * The hero's background "video", drawn in-repo: colour glows that drift and wave lines that
 * slide, all moved by compositor transforms (LandingStyles), so the motion costs the page's
 * main thread nothing after the first paint (an animated SVG image is repainted there every
 * frame). The wave image is what "loaded" waits for: the backdrop fades in once it is there.
 * Under reduced motion the picture is a still poster of the whole design and the glows are
 * hidden. Positioned absolutely: it cannot shift the layout.
 */
export function HeroBackdrop() {
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <div
        aria-hidden
        data-testid="hero-backdrop"
        data-loaded={loaded}
        className={`atelier-hero-frame pointer-events-none absolute inset-0 -z-10 overflow-hidden transition-opacity duration-1000 ease-out motion-reduce:transition-none ${loaded ? 'opacity-100' : 'opacity-0'}`}
      >
        <div className="atelier-hero-stage">
          {GLOWS.map((g) => (
            <div
              key={g.cx}
              className="atelier-glow"
              style={{
                left: pct((g.cx - g.r) / 1440),
                top: pct((g.cy - g.r) / 800),
                width: pct((2 * g.r) / 1440),
                height: pct((2 * g.r) / 800),
                background: `radial-gradient(closest-side, rgb(${g.color}), transparent)`,
                animationDuration: `${g.seconds}s`,
                animationDirection: g.direction,
              }}
            />
          ))}
          <picture>
            <source media="(prefers-reduced-motion: reduce)" srcSet="/media/hero/backdrop-poster.svg" />
            <img
              // A prerendered page may have loaded it before React was there to hear `load`.
              ref={(img) => {
                if (startedFromPrerender && img?.complete) setLoaded(true);
              }}
              src="/media/hero/backdrop.svg"
              alt=""
              width={2160}
              height={800}
              decoding="async"
              fetchPriority="low"
              onLoad={() => setLoaded(true)}
              className="atelier-waves"
            />
          </picture>
        </div>
      </div>
      <p className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white/80 px-2.5 py-1 text-[11px] font-medium text-slate-600 shadow-sm backdrop-blur sm:right-5 sm:bottom-5">
        <Palette aria-hidden className="size-3.5 text-indigo-500" />
        Background design: Atelier Studio
      </p>
    </>
  );
}
