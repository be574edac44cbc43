import { Gem, MessageSquareHeart, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Plan } from '../../../gql/graphql';

function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
      <div className="min-w-0">
        <p className="text-sm text-slate-500">{title}</p>
        {children}
      </div>
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">{icon}</span>
    </div>
  );
}

interface Props {
  /** null while loading. */
  total: number | null;
  /** More exist than were counted (the list is paged). */
  more: boolean;
  plan: Plan | null;
}

export function StatCards({ total, more, plan }: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard title="Total Creations" icon={<Sparkles aria-hidden className="size-5" />}>
        <p className="text-2xl font-semibold text-slate-900">{total === null ? '—' : `${total}${more ? '+' : ''}`}</p>
      </StatCard>
      <StatCard title="Active Plan" icon={<Gem aria-hidden className="size-5" />}>
        <p className="text-2xl font-semibold text-slate-900">{plan === 'PREMIUM' ? 'Premium' : 'Free'}</p>
        <Link
          to="/ai/account"
          className="rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {plan === 'PREMIUM' ? 'Manage plan' : 'Try Premium free'}
        </Link>
      </StatCard>
      <StatCard title="Feedback" icon={<MessageSquareHeart aria-hidden className="size-5" />}>
        <Link
          to="/feedback"
          className="mt-1 inline-flex rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Send Feedback
        </Link>
      </StatCard>
    </div>
  );
}
