// The current plan's card: its icon, headline and what happens next.
import { Crown, Zap } from 'lucide-react';

/** "Current plan": a crown for Premium (a bolt otherwise), the headline, and the detail line when there is one. */
export function CurrentPlanCard({ premium, headline, detail }: { premium: boolean; headline: string; detail: string | null }) {
  return (
    <div className={`mt-4 flex items-start gap-3 rounded-xl border p-4 ${premium ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-slate-50'}`}>
      {premium ? <Crown aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-500" /> : <Zap aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-500" />}
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Current plan</p>
        <p data-testid="plan-headline" className="text-base font-semibold text-slate-900">
          {headline}
        </p>
        {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
      </div>
    </div>
  );
}
