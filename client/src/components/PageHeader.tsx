import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCurrentTool } from '../tools/current';

/** A tool page's title row: icon, heading, FREE/PREMIUM badge (product §1; a tool page's comes from its catalogue entry). */
export function PageHeader({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  const tool = useCurrentTool();
  const badge = tool?.plan;
  return (
    <header className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">{icon}</span>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {badge && (
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tracking-wide ${badge === 'FREE' ? 'bg-emerald-100 text-emerald-700' : 'bg-amber-100 text-amber-800'}`}
          >
            {tool.locked ? <Lock aria-hidden className="size-3" /> : null}
            {badge}
            {tool.locked ? <span className="sr-only"> (locked)</span> : null}
          </span>
        )}
      </div>
      {children && <p className="text-slate-500">{children}</p>}
    </header>
  );
}
