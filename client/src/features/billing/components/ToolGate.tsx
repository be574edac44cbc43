import { Lock, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CurrentTool, useCurrentTool } from '../../../tools/current';
import { useAuth } from '../../auth';

/** The way into Premium: the account page starts the trial (or shows Clerk's plans). */
export const ACCOUNT_PATH = '/ai/account';

/**
 * A Premium tool for someone without Premium is locked before they try it: the panel says so
 * and leads to the account page, and the tool's form is disabled (a disabled fieldset
 * disables every control in it), so nothing is sent only to be refused.
 */
export function ToolGate({ plan, children }: { plan: 'FREE' | 'PREMIUM'; children: ReactNode }) {
  const { plan: userPlan } = useAuth();
  const current = useCurrentTool();
  if (plan !== 'PREMIUM' || userPlan === 'PREMIUM') return <>{children}</>;
  return (
    // The tool's header shows its badge with a lock.
    <CurrentTool.Provider value={{ slot: current?.slot ?? '', plan, locked: true }}>
      <div className="flex flex-col gap-6">
        <LockPanel />
        <fieldset disabled aria-describedby="tool-lock-title" className="m-0 min-w-0 border-0 p-0">
          {children}
        </fieldset>
      </div>
    </CurrentTool.Provider>
  );
}

function LockPanel() {
  return (
    <section aria-labelledby="tool-lock-title" className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Lock aria-hidden className="size-5" />
        </span>
        <div>
          <h2 id="tool-lock-title" className="font-semibold text-amber-900">
            Premium tool — start your 14-day free trial
          </h2>
          <p className="text-sm text-amber-800">This tool is part of Premium. Try every Premium tool free for 14 days; no credit card needed.</p>
        </div>
      </div>
      <Link
        to={ACCOUNT_PATH}
        className="inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg bg-amber-500 px-4 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        <Sparkles aria-hidden className="size-4" /> Unlock with a free trial
      </Link>
    </section>
  );
}
