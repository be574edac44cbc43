import { Crown, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ACCOUNT_PATH } from './ToolGate';

export type UpgradeReason = 'PREMIUM_REQUIRED' | 'QUOTA_EXCEEDED';

/** Refusals that an upgrade answers: shown as an {@link UpgradePrompt}, not as an error. */
export const isUpgradeCode = (code: string | null | undefined): code is UpgradeReason => code === 'PREMIUM_REQUIRED' || code === 'QUOTA_EXCEEDED';

const COPY: Record<UpgradeReason, { title: string; body: string }> = {
  PREMIUM_REQUIRED: { title: 'This is a Premium tool', body: 'Start a 14-day free trial (no credit card needed) to unlock it, along with every other AI tool.' },
  QUOTA_EXCEEDED: {
    title: "You've used this month's free generations",
    body: 'Premium has unlimited generations: try it free for 14 days, or come back next month.',
  },
};

interface Props {
  reason: UpgradeReason;
  /**
   * No longer called: upgrading happens on the account page (a trial or a subscription),
   * never here, and the tool page is fresh when the user comes back. Kept so the tools'
   * result panels need not change.
   */
  onUpgraded?: () => void;
}

/** What a refused request shows instead of a raw error: why, and the way out (the account page). */
export function UpgradePrompt({ reason }: Props) {
  const copy = COPY[reason];
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <div className="flex items-start gap-3">
        <Crown aria-hidden className="size-7 shrink-0 text-amber-500" />
        <div>
          <p className="font-semibold text-amber-900">{copy.title}</p>
          <p className="text-sm text-amber-800">{copy.body}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-10">
        <Link
          to={ACCOUNT_PATH}
          className="inline-flex items-center gap-1.5 rounded-lg bg-amber-500 px-3 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
        >
          <Sparkles aria-hidden className="size-4" />
          Upgrade to Premium
        </Link>
        <Link
          to="/product/pricing"
          className="inline-flex items-center rounded-lg border border-amber-300 bg-white px-3 py-2 text-sm font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
        >
          See plans
        </Link>
      </div>
    </div>
  );
}
