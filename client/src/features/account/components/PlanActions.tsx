// The row of plan actions: manage, subscribe or start a trial, manage billing, cancel, resume.
import { Sparkles } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { BillingAction } from '../../billing/account';
import type { BillingInfo } from '../../billing/account';
import { Busy, primaryButton, secondaryButton } from '../../../components/buttons';

interface Props {
  billing: BillingInfo;
  premium: boolean;
  /** The action under way, if any: every button waits for it. */
  pending: BillingAction | null;
  /** Whether the cancel confirmation is open (then its button is hidden). */
  confirming: boolean;
  canCancel: boolean;
  canResume: boolean;
  cancelRef: Ref<HTMLButtonElement>;
  /** Runs `action`; once it succeeds, shows `message`'s text (if any). */
  act: (action: BillingAction, message: (b: BillingInfo) => string) => Promise<void>;
  onCancel: () => void;
}

/** The actions that apply to this plan in this billing mode; Cancel opens the confirmation instead of acting. */
export function PlanActions({ billing, premium, pending, confirming, canCancel, canResume, cancelRef, act, onCancel }: Props) {
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {billing.mode === 'CLERK' ? (
        <Link to="/product/pricing" className={secondaryButton}>
          Manage plan
        </Link>
      ) : null}
      {billing.mode === 'STRIPE' && !premium ? (
        <button type="button" className={primaryButton} disabled={pending !== null} onClick={() => void act('checkout', () => '')}>
          <Busy on={pending === 'checkout'} />
          {billing.canStartTrial ? 'Start 14-day free trial (no card)' : 'Subscribe to Premium'}
        </button>
      ) : null}
      {billing.mode === 'STRIPE' && (premium || billing.status != null) ? (
        <button type="button" className={secondaryButton} disabled={pending !== null} onClick={() => void act('portal', () => '')}>
          <Busy on={pending === 'portal'} />
          Manage billing
        </button>
      ) : null}
      {billing.mode === 'DEMO' && !premium && billing.canStartTrial ? (
        <button type="button" className={primaryButton} disabled={pending !== null} onClick={() => void act('startTrial', () => 'Your 14-day Premium trial has started.')}>
          <Busy on={pending === 'startTrial'} />
          {pending === 'startTrial' ? null : <Sparkles aria-hidden className="size-4" />}
          Start 14-day free trial (no card)
        </button>
      ) : null}
      {billing.mode === 'DEMO' && !premium && !billing.canStartTrial ? <p className="text-sm text-slate-600">You have already used your free trial.</p> : null}
      {canCancel && !confirming ? (
        <button ref={cancelRef} type="button" className={secondaryButton} disabled={pending !== null} onClick={onCancel}>
          {billing.status === 'TRIALING' ? 'Cancel trial' : 'Cancel subscription'}
        </button>
      ) : null}
      {canResume ? (
        <button type="button" className={primaryButton} disabled={pending !== null} onClick={() => void act('resume', () => 'Your Premium plan continues.')}>
          <Busy on={pending === 'resume'} />
          Resume subscription
        </button>
      ) : null}
    </div>
  );
}
