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

/** Stripe mode: the URL of a Checkout page for Premium; Stripe sends the browser back to /ai/account?checkout=… */
export const StartCheckoutMutation = graphql(`
  mutation StartCheckout {
    startCheckout
  }
`);

/** Stripe mode: the URL of the user's Customer Portal (change plan, cancel, card, invoices). */
export const OpenBillingPortalMutation = graphql(`
  mutation OpenBillingPortal {
    openBillingPortal
  }
`);
