import type { ReactNode } from 'react';
import { PageIntro, SitePage } from './ui';

export interface StaticSection {
  heading: string;
  body: ReactNode;
}

/** A tidy text page: title, intro and numbered sections. */
export function StaticPage({ eyebrow, title, intro, updated, sections }: { eyebrow?: string; title: string; intro: ReactNode; updated?: string; sections: StaticSection[] }) {
  return (
    <SitePage>
      <PageIntro eyebrow={eyebrow} title={title} intro={intro} />
      {updated ? <p className="mt-3 text-center text-sm text-slate-500">Last updated: {updated}</p> : null}
      <article className="mx-auto mt-10 max-w-3xl space-y-4 sm:mt-12">
        {sections.map((s) => (
          <section key={s.heading} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
            <h2 className="text-lg font-semibold text-slate-900 sm:text-xl">{s.heading}</h2>
            <div className="mt-3 space-y-3 text-sm leading-7 text-slate-600 sm:text-base [&_li]:ml-5 [&_li]:list-disc">{s.body}</div>
          </section>
        ))}
      </article>
    </SitePage>
  );
}
