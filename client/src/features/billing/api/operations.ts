import { graphql } from '../../../gql';

// Billing has no id: it is the signed-in user's one record, kept as a singleton in the
// cache (lib/apollo's typePolicies), so every mutation's answer updates every display.
export const BillingFieldsFragment = graphql(`
  fragment BillingFields on Billing {
    mode
    plan
    status
    trialEndsAt
    currentPeriodEnd
    cancelAtPeriodEnd
    daysLeft
    canStartTrial
    textUsedThisMonth
    freeTextQuota
  }
`);

export const BillingQuery = graphql(`
  query Billing {
    billing {
      ...BillingFields
    }
  }
`);

export const StartTrialMutation = graphql(`
  mutation StartTrial {
    startTrial {
      ...BillingFields
    }
  }
`);

export const CancelSubscriptionMutation = graphql(`
  mutation CancelSubscription {
    cancelSubscription {
      ...BillingFields
    }
  }
`);

export const ResumeSubscriptionMutation = graphql(`
  mutation ResumeSubscription {
    resumeSubscription {
      ...BillingFields
    }
  }
`);
