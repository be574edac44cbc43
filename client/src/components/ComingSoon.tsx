import { Hammer } from 'lucide-react';

/** Placeholder for a tool whose screen is not built yet; it still sits inside the /ai layout. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Hammer aria-hidden className="size-8 text-indigo-500" />
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-slate-500">Coming soon: this tool is being built.</p>
    </section>
  );
}
