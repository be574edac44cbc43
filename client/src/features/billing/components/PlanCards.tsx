import { useMutation } from '@apollo/client/react';
import { Check, Crown, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Plan } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { ChangePlanMutation } from '../api/operations';

interface PlanInfo {
  plan: Plan;
  name: string;
  tagline: string;
  price: string;
  features: string[];
}

// Prices are not part of the product (spec §9); the cards say what each plan unlocks.
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
    features: ['All tools included', 'Unlimited text generations', 'AI Image Generation', 'Background and Object Removal', 'Resume Review'],
  },
];

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * Our own Free/Premium cards for built-in billing. Signed out, choosing a plan goes to
 * sign-in (and back here after); signed in, it calls `changePlan` and the returned
 * User {id plan} updates `me` in the cache, so every plan display follows.
 */
export function PlanCards({ headingLevel: Heading = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const { user, plan: current } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [changePlan, { loading }] = useMutation(ChangePlanMutation);
  const [pending, setPending] = useState<Plan | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function choose(plan: Plan) {
    if (!user) {
      navigate(`/sign-in?redirect=${encodeURIComponent(pathname)}`);
      return;
    }
    setPending(plan);
    setStatus(null);
    try {
      await changePlan({ variables: { plan } });
      setStatus({ ok: true, text: plan === 'PREMIUM' ? "You're on Premium now!" : "You're on the Free plan now." });
    } catch (err) {
      setStatus({ ok: false, text: toAppError(err).message });
    } finally {
      setPending(null);
    }
  }

  return (
    <div>
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        {PLANS.map((p) => {
          const premium = p.plan === 'PREMIUM';
          const isCurrent = !!user && (current ?? 'FREE') === p.plan;
          const label = isCurrent ? 'Current plan' : !user ? (premium ? 'Upgrade to Premium' : 'Get started') : premium ? 'Upgrade to Premium' : 'Switch to Free';
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
                disabled={isCurrent || loading}
                onClick={() => void choose(p.plan)}
                className={`mt-8 inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold disabled:cursor-not-allowed ${focusRing} ${
                  premium ? 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 disabled:opacity-60' : 'border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-60'
                }`}
              >
                {pending === p.plan ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
                {label}
              </button>
            </section>
          );
        })}
      </div>
      <p role={status && !status.ok ? 'alert' : 'status'} className={`mt-4 min-h-6 text-center text-sm font-medium ${status?.ok ? 'text-emerald-700' : 'text-rose-700'}`}>
        {status?.text}
      </p>
    </div>
  );
}
