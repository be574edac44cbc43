import { useQuery } from '@apollo/client/react';
import { Crown, Zap } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BillingQuery } from '../../features/billing/api/operations';
import type { Plan } from '../../gql/graphql';

/**
 * Spec §4's plan panel, on real figures: Premium shows Full Access and MAX with a full bar;
 * Free shows Limited and the share of this month's free text generations still left, with
 * a quota line under it. `plan` (from `me`) decides until billing has loaded.
 */
export function PlanPanel({ plan }: { plan: Plan | null }) {
  const { data } = useQuery(BillingQuery);
  const billing = data?.billing;
  const premium = (billing?.plan ?? plan) === 'PREMIUM';
  const trial = premium && billing?.status === 'TRIALING';

  let power = premium ? 100 : null;
  let powerText = premium ? 'MAX' : '…';
  let quotaLine = premium ? 'Unlimited text generations' : null;
  if (!premium && billing) {
    const used = Math.min(billing.textUsedThisMonth, billing.freeTextQuota);
    const left = billing.freeTextQuota - used;
    power = billing.freeTextQuota > 0 ? Math.round((left / billing.freeTextQuota) * 100) : 0;
    powerText = `${power}%`;
    quotaLine = `${used} of ${billing.freeTextQuota} free text generations used this month`;
  }

  return (
    <div className={`rounded-xl border p-3 ${premium ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-slate-50'}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          {premium ? <Crown aria-hidden className="size-4 text-amber-500" /> : <Zap aria-hidden className="size-4 text-indigo-500" />}
          {trial ? 'Premium trial' : premium ? 'Premium' : 'Free Plan'}
        </p>
        <span className={`text-xs font-medium ${premium ? 'text-amber-700' : 'text-slate-500'}`}>
          {trial && billing?.daysLeft != null ? `${billing.daysLeft} ${billing.daysLeft === 1 ? 'day' : 'days'} left` : premium ? 'Full Access' : 'Limited'}
        </span>
      </div>
      <div className="mt-2 flex items-center justify-between text-xs text-slate-500">
        <span id="ai-power-label">AI Power</span>
        <span className="font-semibold text-slate-700">{powerText}</span>
      </div>
      <div
        role="meter"
        aria-labelledby="ai-power-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={power ?? undefined}
        aria-valuetext={quotaLine ? `${powerText}: ${quotaLine}` : powerText}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full transition-[width] ${premium ? 'bg-amber-500' : 'bg-indigo-500'}`} style={{ width: `${power ?? 0}%` }} />
      </div>
      {quotaLine ? (
        <p data-testid="quota-line" className="mt-1.5 text-xs text-slate-600">
          {quotaLine}
        </p>
      ) : null}
      {!premium && billing ? (
        <Link
          to="/ai/account"
          className="mt-2 inline-block rounded text-xs font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {billing.canStartTrial ? 'Try Premium free for 14 days' : 'Upgrade to Premium'}
        </Link>
      ) : null}
    </div>
  );
}
