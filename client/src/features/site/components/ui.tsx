import type { ReactNode } from 'react';

/** Page frame for the public info pages: its own width so it reads well whatever the layout does. */
export function SitePage({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-5xl py-10 sm:py-16 ${className}`}>{children}</div>;
}

export function PageIntro({ eyebrow, title, intro }: { eyebrow?: string; title: string; intro?: ReactNode }) {
  return (
    <header className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {intro ? <p className="mt-4 text-base leading-7 text-slate-600 sm:text-lg">{intro}</p> : null}
    </header>
  );
}

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
