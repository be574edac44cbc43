import { Crown, Zap } from 'lucide-react';
import type { Plan } from '../../gql/graphql';

/** Spec §4: Premium shows Full Access and MAX with a full bar; Free shows Limited and 50%. */
export function PlanPanel({ plan }: { plan: Plan | null }) {
  const premium = plan === 'PREMIUM';
  const power = premium ? 100 : 50;
  return (
    <div className={`rounded-xl border p-3 ${premium ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-slate-50'}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          {premium ? <Crown aria-hidden className="size-4 text-amber-500" /> : <Zap aria-hidden className="size-4 text-indigo-500" />}
          {premium ? 'Premium' : 'Free Plan'}
        </p>
        <span className={`text-xs font-medium ${premium ? 'text-amber-700' : 'text-slate-500'}`}>{premium ? 'Full Access' : 'Limited'}</span>
      </div>
      <div className="mt-2 flex items-center justify-between text-xs text-slate-500">
        <span id="ai-power-label">AI Power</span>
        <span className="font-semibold text-slate-700">{premium ? 'MAX' : '50%'}</span>
      </div>
      <div
        role="meter"
        aria-labelledby="ai-power-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={power}
        aria-valuetext={premium ? 'MAX' : '50%'}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${premium ? 'bg-amber-500' : 'bg-indigo-500'}`} style={{ width: `${power}%` }} />
      </div>
    </div>
  );
}
