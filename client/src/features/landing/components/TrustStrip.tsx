import type { ReactNode } from 'react';

/**
 * Drawn wordmarks (no external assets), monochrome via currentColor. The words are HTML text and
 * only the symbols are SVG: laid out as SVG <text>, the 24 words of the strip cost a phone's
 * main thread more than the whole hero (docs/benchmarks.md, "Landing page").
 */
interface LogoMark {
  name: string;
  word: string;
  /** Weight, spacing and face of the word; sizes in em of the strip's type size. */
  wordClass: string;
  /** The symbol before the word, drawn in a 32-unit-high box. */
  mark?: { width: number; art: ReactNode };
  /** Drawn over the word (IBM's stripes) or under it (Amazon's smile). */
  overlay?: ReactNode;
}

const LOGOS: LogoMark[] = [
  { name: 'Google', word: 'Google', wordClass: 'font-medium tracking-[-0.025em]' },
  {
    name: 'Apple',
    word: 'Apple',
    wordClass: 'font-medium',
    mark: {
      width: 28,
      art: (
        <>
          <path d="M12 10c-5 0-8 4-8 8.5S7 29 10.5 29c1.6 0 2.2-.9 3.5-.9s1.9.9 3.5.9C21 29 24 23 24 18.5S21 10 16 10c-1.6 0-2.4.8-2 .8S13.6 10 12 10z" />
          <path d="M14.5 9c0-2.5 1.6-4.5 4-5-.1 2.6-1.6 4.6-4 5z" />
        </>
      ),
    },
  },
  {
    name: 'Microsoft',
    word: 'Microsoft',
    wordClass: 'font-medium',
    mark: {
      width: 24,
      art: (
        <>
          <rect x="2" y="7" width="8" height="8" />
          <rect x="11" y="7" width="8" height="8" opacity=".75" />
          <rect x="2" y="16" width="8" height="8" opacity=".75" />
          <rect x="11" y="16" width="8" height="8" opacity=".55" />
        </>
      ),
    },
  },
  { name: 'Netflix', word: 'NETFLIX', wordClass: 'inline-block scale-y-115 font-black tracking-[0.025em]' },
  {
    name: 'Instagram',
    word: 'Instagram',
    wordClass: 'font-serif font-medium italic',
    mark: {
      width: 27,
      art: (
        <g fill="none" stroke="currentColor" strokeWidth="2.2">
          <rect x="3" y="6" width="20" height="20" rx="6" />
          <circle cx="13" cy="16" r="4.6" />
          <circle cx="18.6" cy="10.4" r="1.3" fill="currentColor" stroke="none" />
        </g>
      ),
    },
  },
  { name: 'Samsung', word: 'SAMSUNG', wordClass: 'text-[0.85em] font-extrabold tracking-[0.12em]' },
  {
    name: 'Threads',
    word: 'Threads',
    wordClass: 'font-semibold',
    mark: {
      width: 27,
      art: (
        <g fill="none" stroke="currentColor" strokeLinecap="round">
          <circle cx="13" cy="16" r="9.5" strokeWidth="2.4" />
          <path d="M17 16a4 4 0 1 1-4-4c3 0 4 2 4 5s-1 6 4 4" strokeWidth="2.2" />
        </g>
      ),
    },
  },
  {
    name: 'NVIDIA',
    word: 'NVIDIA',
    wordClass: 'text-[0.9em] font-extrabold tracking-[0.03em]',
    mark: {
      width: 26,
      art: (
        <>
          <path d="M3 16c4-6 12-8 19-6v12c-7 2-15 0-19-6z" opacity=".85" />
          <ellipse cx="13" cy="16" rx="4.5" ry="3.4" fill="#fff" />
        </>
      ),
    },
  },
  {
    name: 'IBM',
    word: 'IBM',
    wordClass: 'text-[1.2em] font-black tracking-[0.04em]',
    // Three white bars across the letters, as in the striped mark.
    overlay: <span className="absolute inset-x-0 top-[30%] h-[36%] bg-[repeating-linear-gradient(to_bottom,transparent_0_28%,#fff_28%_44%)]" />,
  },
  {
    name: 'Amazon',
    word: 'amazon',
    wordClass: 'font-bold tracking-[-0.025em]',
    overlay: (
      <svg
        viewBox="0 0 72 8"
        className="absolute top-[88%] left-[6%] h-[0.4em] w-[75%] overflow-visible"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M0 1c14 6 46 6 62-1" />
        <path d="M58-3l5 3-3 4.5" />
      </svg>
    ),
  },
  {
    name: 'Spotify',
    word: 'Spotify',
    wordClass: 'font-bold',
    mark: {
      width: 27,
      art: (
        <>
          <circle cx="13" cy="16" r="11" />
          <g fill="none" stroke="#fff" strokeLinecap="round">
            <path d="M6.5 12.5q6.5-2.5 13 1" strokeWidth="2.4" />
            <path d="M7.5 16.5q5.5-2 11 1" strokeWidth="2" />
            <path d="M8.5 20.2q4.5-1.6 9 .9" strokeWidth="1.6" />
          </g>
        </>
      ),
    },
  },
  {
    name: 'Adobe',
    word: 'Adobe',
    wordClass: 'font-bold',
    mark: {
      width: 28,
      art: (
        <>
          <path d="M2 27 11 5h5L6.5 27zM24 27 15 5h-2l4 10 4 12z" />
          <path d="M12 20h5l2 4h-8z" />
        </>
      ),
    },
  },
];

function Logo({ logo, decorative }: { logo: LogoMark; decorative?: boolean }) {
  return (
    <li className="flex shrink-0 items-center px-6 text-slate-500 transition-colors hover:text-slate-700 sm:px-9">
      <span
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': logo.name })}
        className="flex h-7 items-center gap-[0.1em] text-[17.5px] leading-none whitespace-nowrap sm:h-8 sm:text-xl"
      >
        {logo.mark && (
          <svg viewBox={`0 0 ${logo.mark.width} 32`} width={logo.mark.width} height="32" fill="currentColor" className="h-[1.6em] w-auto shrink-0">
            {logo.mark.art}
          </svg>
        )}
        <span className={`relative ${logo.wordClass}`}>
          {logo.word}
          {logo.overlay}
        </span>
      </span>
    </li>
  );
}

export function TrustStrip() {
  return (
    <section aria-labelledby="trust-heading" className="border-y border-slate-200/70 bg-white py-10">
      {/* On a phone the heading keeps clear of the floating 'Get help' (bottom-right), which sits on it on the first screen. */}
      <h2 id="trust-heading" className="px-16 text-center text-sm font-semibold tracking-widest text-balance text-slate-500 uppercase sm:px-0">
        Trusted by innovative teams
      </h2>
      <div className="atelier-marquee-wrap relative mt-7 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)]">
        {/* The row is doubled and slides by half its width, so the loop is seamless. */}
        <ul className="atelier-marquee flex w-max">
          {LOGOS.map((logo) => (
            <Logo key={logo.name} logo={logo} />
          ))}
          {LOGOS.map((logo) => (
            <Logo key={`${logo.name}-copy`} logo={logo} decorative />
          ))}
        </ul>
      </div>
    </section>
  );
}
