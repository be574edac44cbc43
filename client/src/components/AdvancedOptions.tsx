import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A form's "Advanced" disclosure: a native <details>/<summary>, so it opens with Enter or
 * Space and screen readers announce it expanded or collapsed. Shown only with something in it.
 */
export function AdvancedOptions({ children, hint }: { children: ReactNode; hint?: string }) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-slate-50/60">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden className="size-4 text-indigo-600" />
          Advanced
          {hint && <span className="font-normal text-slate-500">· {hint}</span>}
        </span>
        <ChevronDown aria-hidden className="size-4 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="flex flex-col gap-4 border-t border-slate-200 px-4 py-4">{children}</div>
    </details>
  );
}
