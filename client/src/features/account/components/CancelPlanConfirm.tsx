// The confirmation shown before cancelling a Premium trial or subscription.
import type { Ref } from 'react';
import { Busy, dangerButton, secondaryButton } from '../../../components/buttons';

interface Props {
  trial: boolean;
  /** The day Premium ends if cancelled, formatted. */
  periodEnd: string;
  /** Whether a billing action is under way (the buttons wait). */
  waiting: boolean;
  /** Whether the cancellation itself is under way. */
  cancelling: boolean;
  confirmRef: Ref<HTMLButtonElement>;
  onConfirm: () => void;
  onKeep: () => void;
}

/** "Cancel your Premium …?": what is kept until when, with Yes, cancel and Keep Premium. */
export function CancelPlanConfirm({ trial, periodEnd, waiting, cancelling, confirmRef, onConfirm, onKeep }: Props) {
  return (
    <div id="cancel-confirm" role="group" aria-labelledby="cancel-confirm-title" className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-4">
      <p id="cancel-confirm-title" className="font-semibold text-rose-900">
        Cancel your Premium {trial ? 'trial' : 'subscription'}?
      </p>
      <p className="mt-1 text-sm text-rose-800">You keep every Premium tool until {periodEnd}; after that your account returns to the Free plan. Your creations stay.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <button ref={confirmRef} type="button" className={dangerButton} disabled={waiting} onClick={onConfirm}>
          <Busy on={cancelling} />
          Yes, cancel
        </button>
        <button type="button" className={secondaryButton} disabled={waiting} onClick={onKeep}>
          Keep Premium
        </button>
      </div>
    </div>
  );
}
