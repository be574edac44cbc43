import { Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useBillingActions, type BillingAction } from '../../billing/account';
import { canCancel, canResume, formatDate, planDetail, planHeadline, type BillingInfo } from '../../billing/account';
import { CancelPlanConfirm } from './CancelPlanConfirm';
import { CurrentPlanCard } from './CurrentPlanCard';
import { PlanActions } from './PlanActions';
import { UsageMeter } from './UsageMeter';

/** The plan, what happens next, the one action that applies, and this month's usage. */
export function PlanSection({ billing }: { billing: BillingInfo }) {
  const { run, pending, error } = useBillingActions();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const premium = billing.plan === 'PREMIUM';

  // The confirmation takes focus when it opens, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  async function act(action: BillingAction, message: (b: BillingInfo) => string) {
    setDone(null);
    if (await run(action)) {
      setConfirming(false);
      const text = message(billing);
      if (text) setDone(text);
    }
  }

  function closeConfirm() {
    setConfirming(false);
    // Back to the button that opened it.
    requestAnimationFrame(() => cancelRef.current?.focus());
  }

  const detail = planDetail(billing);
  return (
    <section aria-labelledby="plan-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
        Plan and usage
      </h2>

      {billing.mode === 'DEMO' ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>Demo billing: no payment is taken.</strong> Trials, renewals and cancellations here work as they would with a real subscription, but no card is asked for and
            nothing is charged.
          </span>
        </p>
      ) : null}

      <CurrentPlanCard premium={premium} headline={planHeadline(billing)} detail={detail} />

      <PlanActions
        billing={billing}
        premium={premium}
        pending={pending}
        confirming={confirming}
        canCancel={canCancel(billing)}
        canResume={canResume(billing)}
        cancelRef={cancelRef}
        act={act}
        onCancel={() => setConfirming(true)}
      />
      {billing.mode === 'STRIPE' ? (
        <p className="mt-2 text-sm text-slate-500">
          Payments, plan changes (prorated) and cancellation are handled securely by Stripe; cancelling keeps Premium until the end of the billing period.
        </p>
      ) : null}

      {confirming ? (
        <CancelPlanConfirm
          trial={billing.status === 'TRIALING'}
          periodEnd={formatDate(billing.currentPeriodEnd)}
          waiting={pending !== null}
          cancelling={pending === 'cancel'}
          confirmRef={confirmRef}
          onConfirm={() => void act('cancel', (b) => `Cancelled. You keep Premium until ${formatDate(b.currentPeriodEnd)}.`)}
          onKeep={closeConfirm}
        />
      ) : null}

      <p role={error ? 'alert' : 'status'} className={`mt-3 min-h-5 text-sm font-medium ${error ? 'text-rose-700' : 'text-emerald-700'}`}>
        {error ?? done}
      </p>

      <h3 className="mt-4 text-sm font-semibold text-slate-900">Usage this month</h3>
      <div className="mt-2">
        <UsageMeter billing={billing} />
      </div>
    </section>
  );
}
