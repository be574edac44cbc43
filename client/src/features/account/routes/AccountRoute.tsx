import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingPanel } from '../../../components/Spinner';
import { LoadError } from '../../../components/LoadError';
import { ApiKeysSection } from '../../api-keys';
import { useAuth } from '../../auth';
import { BillingQuery } from '../../billing/account';
import { EmailSection } from '../../email';
import { WebhooksSection } from '../../webhooks';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { PasswordSection } from '../components/PasswordSection';
import { PlanSection } from '../components/PlanSection';
import { ProfileCard } from '../components/ProfileCard';

const ClerkUserProfile = lazy(() => import('../components/ClerkUserProfile'));

/**
 * /ai/account (product §2: the sidebar's avatar and name open it): who is signed in, the plan
 * with its trial or renewal date, start trial / cancel / resume, and this month's usage.
 * Under Clerk, Clerk's own profile replaces ours for identity.
 */
export function AccountRoute() {
  const { user, provider, changePassword } = useAuth();
  const { data, error, loading, refetch, startPolling, stopPolling } = useQuery(BillingQuery, { fetchPolicy: 'cache-and-network' });
  const billing = data?.billing;
  // Back from Stripe Checkout: its webhook may land a moment after the browser does.
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const waitingForStripe = checkout === 'success' && billing?.plan !== 'PREMIUM';
  useEffect(() => {
    if (!waitingForStripe) return;
    startPolling(2000);
    const giveUp = setTimeout(stopPolling, 30_000);
    return () => {
      clearTimeout(giveUp);
      stopPolling();
    };
  }, [waitingForStripe, startPolling, stopPolling]);

  return (
    <div className="flex flex-col gap-6">
      <title>Account · Atelier</title>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Account</h1>
        <p className="text-slate-500">Your profile, your plan and what you have used this month.</p>
      </header>
      {checkout === 'success' ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {waitingForStripe ? 'Thanks! Stripe is confirming your subscription; this page updates by itself.' : 'Thanks! Your Premium subscription is active.'}
        </p>
      ) : checkout === 'cancel' ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          Checkout was cancelled; nothing was charged.
        </p>
      ) : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        {provider === 'clerk' ? (
          <section aria-label="Profile" className="min-w-0 overflow-x-auto lg:col-span-2 lg:row-start-2">
            <Suspense fallback={<LoadingPanel label="Loading your profile…" />}>
              <ClerkUserProfile />
            </Suspense>
          </section>
        ) : user ? (
          <ProfileCard user={user} />
        ) : null}
        {billing ? (
          <PlanSection billing={billing} />
        ) : error ? (
          <section aria-labelledby="plan-heading" className="rounded-2xl border border-rose-200 bg-rose-50 p-5 sm:p-6">
            <h2 id="plan-heading" className="text-lg font-semibold text-rose-900">
              Plan and usage
            </h2>
            <div className="mt-2">
              <LoadError what="Your plan" error={error} onRetry={() => void refetch().catch(() => {})} boxed={false} />
            </div>
          </section>
        ) : loading ? (
          <section aria-label="Plan and usage" aria-busy="true" className="rounded-2xl border border-slate-200 bg-white">
            <LoadingPanel label="Loading your plan…" />
          </section>
        ) : null}
        {user ? <ApiKeysSection /> : null}
        {/* Clerk accounts are deleted in Clerk's profile above. */}
        {provider === 'builtin' && user ? <EmailSection /> : null}
        {provider === 'builtin' && user && changePassword ? <PasswordSection changePassword={changePassword} /> : null}
        {provider === 'builtin' && user ? <DeleteAccountSection /> : null}
        {user ? <WebhooksSection /> : null}
      </div>
    </div>
  );
}
