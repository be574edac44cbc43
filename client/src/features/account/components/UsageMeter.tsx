import type { BillingInfo } from '../../billing/account';

/** This month's text generations against the free quota (product §9: 10 a month on Free). */
export function UsageMeter({ billing }: { billing: BillingInfo }) {
  const { textUsedThisMonth: used, freeTextQuota: quota } = billing;
  if (billing.plan === 'PREMIUM') {
    return (
      <p className="text-sm text-slate-600">
        {used} text {used === 1 ? 'generation' : 'generations'} this month · <span className="font-medium text-slate-900">Unlimited on Premium</span>
      </p>
    );
  }
  const shown = Math.min(used, quota);
  const percent = quota > 0 ? Math.round((shown / quota) * 100) : 100;
  const full = used >= quota;
  return (
    <div className="flex flex-col gap-2">
      <p id="usage-label" className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{shown}</span> of {quota} free text generations used this month
      </p>
      <div role="progressbar" aria-labelledby="usage-label" aria-valuemin={0} aria-valuemax={quota} aria-valuenow={shown} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full rounded-full ${full ? 'bg-rose-500' : 'bg-indigo-500'}`} style={{ width: `${percent}%` }} />
      </div>
      {full ? <p className="text-sm text-rose-700">You have used this month's free generations. They start again next month, or unlimited with Premium.</p> : null}
    </div>
  );
}
