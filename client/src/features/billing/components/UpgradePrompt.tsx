import { useMutation } from '@apollo/client/react';
import { Crown, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { ChangePlanMutation } from '../api/operations';

export type UpgradeReason = 'PREMIUM_REQUIRED' | 'QUOTA_EXCEEDED';

/** Refusals that an upgrade answers: shown as an {@link UpgradePrompt}, not as an error. */
export const isUpgradeCode = (code: string | null | undefined): code is UpgradeReason => code === 'PREMIUM_REQUIRED' || code === 'QUOTA_EXCEEDED';

const COPY: Record<UpgradeReason, { title: string; body: string }> = {
  PREMIUM_REQUIRED: { title: 'This is a Premium tool', body: 'Upgrade to Premium to unlock it, along with every other AI tool.' },
  QUOTA_EXCEEDED: {
    title: "You've used this month's free generations",
    body: 'Upgrade to Premium for unlimited generations, or come back next month.',
  },
};

interface Props {
  reason: UpgradeReason;
  /** Called once the plan is Premium, e.g. to retry what was refused. */
  onUpgraded?: () => void;
}

/** What a refused request shows instead of a raw error: why, and the way out. */
export function UpgradePrompt({ reason, onUpgraded }: Props) {
  const { provider } = useAuth();
  const [changePlan, { loading }] = useMutation(ChangePlanMutation);
  const copy = COPY[reason];

  async function upgrade() {
    try {
      // The returned User {id plan} updates `me` in the cache, so the plan panel follows.
      await changePlan({ variables: { plan: 'PREMIUM' } });
      toast.success("You're on Premium now!");
      onUpgraded?.();
    } catch (err) {
      toast.error(toAppError(err).message);
    }
  }

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
        {/* Only built-in billing can switch plans here; with Clerk, plans live in the Clerk account. */}
        {provider === 'builtin' ? (
          <button
            type="button"
            onClick={upgrade}
            disabled={loading}
            className="inline-flex items-center gap-1.5 rounded-lg bg-amber-500 px-3 py-2 text-sm font-semibold text-white hover:bg-amber-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:opacity-60"
          >
            {loading && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
            Upgrade to Premium
          </button>
        ) : null}
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
