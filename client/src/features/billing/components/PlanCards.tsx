import { Check, Crown } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Plan } from '../../../gql/graphql';
import { useAuth } from '../../auth';
import { ACCOUNT_PATH } from './ToolGate';

interface PlanInfo {
  plan: Plan;
  name: string;
  tagline: string;
  price: string;
  features: string[];
}

// Prices are not part of the product (product §9); the cards say what each plan unlocks.
export const PLANS: PlanInfo[] = [
  {
    plan: 'FREE',
    name: 'Free',
    tagline: 'For trying Atelier out',
    price: '$0',
    features: ['10 text generations a month', 'AI Article Writer', 'Blog Title Generator', 'Community gallery'],
  },
  {
    plan: 'PREMIUM',
    name: 'Premium',
    tagline: 'For creators who use AI every day',
    price: 'Unlock every tool',
    features: [
      '14-day free trial, no credit card needed',
      'All tools included',
      'Unlimited text generations',
      'AI Image Generation',
      'Background and Object Removal',
      'Resume Review',
    ],
  },
];

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * Our own Free/Premium cards for built-in billing. Plans change only on the account page
 * (a trial, a cancellation, a subscription), never by a click here: signed out, choosing a
 * plan goes to sign-in (and then to the account page for Premium); signed in, to the account page.
 */
export function PlanCards({ headingLevel: Heading = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { user, plan: current } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  function choose(plan: Plan) {
    if (!user) {
      const back = plan === 'PREMIUM' ? ACCOUNT_PATH : pathname;
      navigate(`/sign-in?redirect=${encodeURIComponent(back)}`);
      return;
    }
    navigate(ACCOUNT_PATH);
  }

  return (
    <div>
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {PLANS.map((p) => {
          const premium = p.plan === 'PREMIUM';
          const isCurrent = !!user && (current ?? 'FREE') === p.plan;
          const label = isCurrent ? 'Current plan' : premium ? 'Start 14-day free trial' : user ? 'Manage plan' : 'Get started';
          return (
            <section
              key={p.plan}
              aria-labelledby={`plan-${p.plan}`}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 ${premium ? 'border-indigo-500 ring-2 ring-indigo-500/20' : 'border-slate-200'}`}
            >
              {premium ? (
                <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">
                  <Crown aria-hidden className="size-3.5" /> Most popular
                </span>
              ) : null}
              <Heading id={`plan-${p.plan}`} className="text-xl font-bold text-slate-900">
                {p.name}
              </Heading>
              <p className="mt-1 text-sm text-slate-500">{p.tagline}</p>
              <p className={`mt-5 font-bold text-slate-900 ${premium ? 'text-lg' : 'text-3xl'}`}>
                {p.price}
                {premium ? null : <span className="text-base font-medium text-slate-500"> / month</span>}
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {p.features.map((f) => (
                  <li key={f} className="flex items-start gap-2 text-sm text-slate-700">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-500" />
                    {f}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                disabled={isCurrent}
                onClick={() => choose(p.plan)}
                className={`mt-8 inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold disabled:cursor-not-allowed ${focusRing} ${
                  premium
                    ? 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 disabled:opacity-60'
                    : 'border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-60'
                }`}
              >
                {label}
              </button>
            </section>
          );
        })}
      </div>
      <p className="mx-auto mt-6 max-w-4xl text-center text-sm text-slate-600">
        14-day free trial, no credit card needed. Plan changes are prorated. Cancel anytime — you keep access until the end of the billing period.
      </p>
    </div>
  );
}
