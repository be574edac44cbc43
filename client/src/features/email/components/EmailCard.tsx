import type { ReactNode } from 'react';

/** The card the e-mail pages (forgot, reset, verify, confirm) show in the site's layout. */
export function EmailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex w-full flex-1 justify-center py-10 sm:py-14 lg:py-20">
      <div className="w-full max-w-md self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

export const linkClass =
  'rounded font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export function ErrorNote({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}
