// For component tests: Billing answers as the server gives them (all fields, __typename).
import type { BillingFieldsFragment } from '../../gql/graphql';

export type BillingAnswer = BillingFieldsFragment & { __typename: 'Billing' };

export const freeBilling = (over: Partial<BillingFieldsFragment> = {}): BillingAnswer => ({
  __typename: 'Billing',
  mode: 'DEMO',
  plan: 'FREE',
  status: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  daysLeft: null,
  canStartTrial: true,
  textUsedThisMonth: 3,
  freeTextQuota: 10,
  ...over,
});

/** Noon UTC, so the date reads the same in every time zone the tests run in. */
export const PERIOD_END = '2026-12-07T12:00:00.000Z';

export const trialBilling = (over: Partial<BillingFieldsFragment> = {}): BillingAnswer =>
  freeBilling({ plan: 'PREMIUM', status: 'TRIALING', trialEndsAt: PERIOD_END, currentPeriodEnd: PERIOD_END, daysLeft: 14, canStartTrial: false, ...over });
