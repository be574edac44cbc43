import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import type { Plan } from '../../../gql/graphql';
import { toAppError } from '../../../lib/graphqlError';
import { useAuth } from '../../auth';
import { CancelSubscriptionMutation, ResumeSubscriptionMutation, StartTrialMutation } from '../api/operations';

export type BillingAction = 'startTrial' | 'cancel' | 'resume';

/**
 * Start a trial, cancel, resume. The answer is the new Billing (a cache singleton, so the
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

  async function run(action: BillingAction): Promise<boolean> {
    setPending(action);
    setError(null);
    try {
      await (action === 'startTrial' ? startTrial() : action === 'cancel' ? cancel() : resume());
      return true;
    } catch (err) {
      setError(toAppError(err).message);
      return false;
    } finally {
      setPending(null);
    }
  }

  return { run, pending, error };
}
