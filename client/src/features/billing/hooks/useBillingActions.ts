import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { Plan } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { CancelSubscriptionMutation, OpenBillingPortalMutation, ResumeSubscriptionMutation, StartCheckoutMutation, StartTrialMutation } from '../api/operations';
import { leaveFor } from '../lib/leaveFor';

/** Demo billing: startTrial, cancel, resume. Stripe: checkout and portal, which leave for Stripe's pages. */
export type BillingAction = 'startTrial' | 'cancel' | 'resume' | 'checkout' | 'portal';

/**
 * Start a trial, cancel, resume (demo billing); or go to Stripe Checkout or the Customer
 * Portal (Stripe billing), whose URL the server makes for this user. A demo action's answer is the new Billing (a cache singleton, so the
 * account page and the sidebar follow); the effective plan is also written onto `me`,
 * which the tool locks and badges read, so a tool unlocks without a reload.
 */
export function useBillingActions() {
  const { user } = useAuth();
  const [pending, setPending] = useState<BillingAction | null>(null);
  const [error, setError] = useState<string | null>(null);

  const syncPlan = (cache: ApolloCache, plan: Plan | undefined) => {
    if (!user || !plan) return;
    cache.modify({ id: cache.identify({ __typename: 'User', id: user.id }), fields: { plan: () => plan } });
  };
  const [startTrial] = useMutation(StartTrialMutation, { update: (cache, { data }) => syncPlan(cache, data?.startTrial.plan) });
  const [cancel] = useMutation(CancelSubscriptionMutation, { update: (cache, { data }) => syncPlan(cache, data?.cancelSubscription.plan) });
  const [resume] = useMutation(ResumeSubscriptionMutation, { update: (cache, { data }) => syncPlan(cache, data?.resumeSubscription.plan) });
  const [checkout] = useMutation(StartCheckoutMutation);
  const [portal] = useMutation(OpenBillingPortalMutation);

  async function leave(action: 'checkout' | 'portal'): Promise<void> {
    const { data } = action === 'checkout' ? await checkout() : await portal();
    const url = data ? ('startCheckout' in data ? data.startCheckout : data.openBillingPortal) : null;
    if (!url || !leaveFor(url)) throw new Error('The billing page could not be opened. Please try again.');
  }

  async function run(action: BillingAction): Promise<boolean> {
    setPending(action);
    setError(null);
    // Leaving for Stripe keeps the button busy until the browser is gone.
    let leaving = false;
    try {
      if (action === 'checkout' || action === 'portal') {
        await leave(action);
        leaving = true;
        return true;
      }
      await (action === 'startTrial' ? startTrial() : action === 'cancel' ? cancel() : resume());
      return true;
    } catch (err) {
      setError(toAppError(err).message);
      return false;
    } finally {
      if (!leaving) setPending(null);
    }
  }

  return { run, pending, error };
}
