import type { ReactNode } from 'react';

/** Simple drawn wordmarks (no external assets), monochrome via currentColor. */
interface LogoMark {
  name: string;
  width: number;
  art: ReactNode;
}

const text = (x: number, label: string, props: Record<string, string | number> = {}) => (
  <text x={x} y="23" fontFamily="ui-sans-serif, system-ui, sans-serif" fontSize="20" fontWeight="600" fill="currentColor" {...props}>
    {label}
  </text>
);

const LOGOS: LogoMark[] = [
  { name: 'Google', width: 92, art: text(2, 'Google', { fontWeight: 500, letterSpacing: -0.5 }) },
  {
    name: 'Apple',
    width: 92,
    art: (
      <>
        <path d="M12 10c-5 0-8 4-8 8.5S7 29 10.5 29c1.6 0 2.2-.9 3.5-.9s1.9.9 3.5.9C21 29 24 23 24 18.5S21 10 16 10c-1.6 0-2.4.8-2 .8S13.6 10 12 10z" fill="currentColor" />
        <path d="M14.5 9c0-2.5 1.6-4.5 4-5-.1 2.6-1.6 4.6-4 5z" fill="currentColor" />
        {text(30, 'Apple', { fontWeight: 500 })}
      </>
    ),
  },
  {
    name: 'Microsoft',
    width: 132,
    art: (
      <>
        <rect x="2" y="7" width="8" height="8" fill="currentColor" />
        <rect x="11" y="7" width="8" height="8" fill="currentColor" opacity=".75" />
        <rect x="2" y="16" width="8" height="8" fill="currentColor" opacity=".75" />
        <rect x="11" y="16" width="8" height="8" fill="currentColor" opacity=".55" />
        {text(26, 'Microsoft', { fontWeight: 500 })}
      </>
    ),
  },
  { name: 'Netflix', width: 104, art: text(2, 'NETFLIX', { fontWeight: 900, letterSpacing: 0.5, transform: 'scale(1 1.15) translate(0 -3)' }) },
  {
    name: 'Instagram',
    width: 130,
    art: (
      <>
        <rect x="3" y="6" width="20" height="20" rx="6" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <circle cx="13" cy="16" r="4.6" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <circle cx="18.6" cy="10.4" r="1.3" fill="currentColor" />
        {text(29, 'Instagram', { fontStyle: 'italic', fontFamily: 'Georgia, serif', fontWeight: 500 })}
      </>
    ),
  },
  { name: 'Samsung', width: 118, art: text(2, 'SAMSUNG', { fontWeight: 800, letterSpacing: 2, fontSize: 17 }) },
  {
    name: 'Threads',
    width: 118,
    art: (
      <>
        <circle cx="13" cy="16" r="9.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
        <path d="M17 16a4 4 0 1 1-4-4c3 0 4 2 4 5s-1 6 4 4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        {text(29, 'Threads', { fontWeight: 600 })}
      </>
    ),
  },
  {
    name: 'NVIDIA',
    width: 112,
    art: (
      <>
        <path d="M3 16c4-6 12-8 19-6v12c-7 2-15 0-19-6z" fill="currentColor" opacity=".85" />
        <ellipse cx="13" cy="16" rx="4.5" ry="3.4" fill="#fff" />
        {text(28, 'NVIDIA', { fontWeight: 800, letterSpacing: 0.5, fontSize: 18 })}
      </>
    ),
  },
  {
    name: 'IBM',
    width: 60,
    art: (
      <>
        {text(2, 'IBM', { fontWeight: 900, fontSize: 24, letterSpacing: 1, y: 25 })}
        {[9, 14, 19].map((y) => (
          <rect key={y} x="0" y={y} width="60" height="1.6" fill="#fff" />
        ))}
      </>
    ),
  },
  {
    name: 'Amazon',
    width: 96,
    art: (
      <>
        {text(2, 'amazon', { fontWeight: 700, letterSpacing: -0.5, y: 21 })}
        <path d="M8 25c14 6 46 6 62-1" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        <path d="M66 21l5 3-3 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </>
    ),
  },
  {
    name: 'Spotify',
    width: 110,
    art: (
      <>
        <circle cx="13" cy="16" r="11" fill="currentColor" />
        <path d="M6.5 12.5q6.5-2.5 13 1" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <path d="M7.5 16.5q5.5-2 11 1" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <path d="M8.5 20.2q4.5-1.6 9 .9" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
        {text(29, 'Spotify', { fontWeight: 700 })}
      </>
    ),
  },
  {
    name: 'Adobe',
    width: 96,
    art: (
      <>
        <path d="M2 27 11 5h5L6.5 27zM24 27 15 5h-2l4 10 4 12z" fill="currentColor" />
        <path d="M12 20h5l2 4h-8z" fill="currentColor" />
        {text(30, 'Adobe', { fontWeight: 700 })}
      </>
    ),
  },
];

function Logo({ logo, decorative }: { logo: LogoMark; decorative?: boolean }) {
  return (
    <li className="flex shrink-0 items-center px-6 text-slate-400 transition-colors hover:text-slate-700 sm:px-9">
      <svg
        viewBox={`0 0 ${logo.width} 32`}
        height="32"
        width={logo.width}
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': logo.name })}
        className="h-7 w-auto sm:h-8"
      >
        {logo.art}
      </svg>
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
