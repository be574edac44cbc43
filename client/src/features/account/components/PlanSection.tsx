import { Crown, Info, LoaderCircle, Sparkles, Zap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useBillingActions, type BillingAction } from '../../billing/hooks/useBillingActions';
import { canCancel, canResume, formatDate, planDetail, planHeadline, type BillingInfo } from '../../billing/lib/planStatus';
import { UsageMeter } from './UsageMeter';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const primary = `inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
const secondary = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
const danger = `inline-flex items-center justify-center gap-2 rounded-lg bg-rose-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-rose-500 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

function Busy({ on }: { on: boolean }) {
  return on ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null;
}

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
            <strong>Demo billing: no payment is taken.</strong> Trials, renewals and cancellations here work as they would with a real subscription, but no card is asked for and nothing is charged.
          </span>
        </p>
      ) : null}

      <div className={`mt-4 flex items-start gap-3 rounded-xl border p-4 ${premium ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-slate-50'}`}>
        {premium ? <Crown aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-500" /> : <Zap aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-500" />}
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Current plan</p>
          <p data-testid="plan-headline" className="text-base font-semibold text-slate-900">
            {planHeadline(billing)}
          </p>
          {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
        </div>
      </div>

      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {billing.mode === 'CLERK' ? (
          <Link to="/product/pricing" className={secondary}>
            Manage plan
          </Link>
        ) : null}
        {billing.mode === 'STRIPE' && !premium ? (
          <button type="button" className={primary} disabled={pending !== null} onClick={() => void act('checkout', () => '')}>
            <Busy on={pending === 'checkout'} />
            {billing.canStartTrial ? 'Start 14-day free trial (no card)' : 'Subscribe to Premium'}
          </button>
        ) : null}
        {billing.mode === 'STRIPE' && (premium || billing.status != null) ? (
          <button type="button" className={secondary} disabled={pending !== null} onClick={() => void act('portal', () => '')}>
            <Busy on={pending === 'portal'} />
            Manage billing
          </button>
        ) : null}
        {billing.mode === 'DEMO' && !premium && billing.canStartTrial ? (
          <button type="button" className={primary} disabled={pending !== null} onClick={() => void act('startTrial', () => 'Your 14-day Premium trial has started.')}>
            <Busy on={pending === 'startTrial'} />
            {pending === 'startTrial' ? null : <Sparkles aria-hidden className="size-4" />}
            Start 14-day free trial (no card)
          </button>
        ) : null}
        {billing.mode === 'DEMO' && !premium && !billing.canStartTrial ? <p className="text-sm text-slate-600">You have already used your free trial.</p> : null}
        {canCancel(billing) && !confirming ? (
          <button ref={cancelRef} type="button" className={secondary} disabled={pending !== null} onClick={() => setConfirming(true)}>
            {billing.status === 'TRIALING' ? 'Cancel trial' : 'Cancel subscription'}
          </button>
        ) : null}
        {canResume(billing) ? (
          <button type="button" className={primary} disabled={pending !== null} onClick={() => void act('resume', () => 'Your Premium plan continues.')}>
            <Busy on={pending === 'resume'} />
            Resume subscription
          </button>
        ) : null}
      </div>
      {billing.mode === 'STRIPE' ? (
        <p className="mt-2 text-sm text-slate-500">Payments, plan changes (prorated) and cancellation are handled securely by Stripe; cancelling keeps Premium until the end of the billing period.</p>
      ) : null}

      {confirming ? (
        <div id="cancel-confirm" role="group" aria-labelledby="cancel-confirm-title" className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-4">
          <p id="cancel-confirm-title" className="font-semibold text-rose-900">
            Cancel your Premium {billing.status === 'TRIALING' ? 'trial' : 'subscription'}?
          </p>
          <p className="mt-1 text-sm text-rose-800">
            You keep every Premium tool until {formatDate(billing.currentPeriodEnd)}; after that your account returns to the Free plan. Your creations stay.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <button ref={confirmRef} type="button" className={danger} disabled={pending !== null} onClick={() => void act('cancel', (b) => `Cancelled. You keep Premium until ${formatDate(b.currentPeriodEnd)}.`)}>
              <Busy on={pending === 'cancel'} />
              Yes, cancel
            </button>
            <button type="button" className={secondary} disabled={pending !== null} onClick={closeConfirm}>
              Keep Premium
            </button>
          </div>
        </div>
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
