// What the account page uses of billing (a public entry of this feature, apart from index.ts so the
// landing page's bundle does not take it).
export { BillingQuery, CancelSubscriptionMutation, OpenBillingPortalMutation, ResumeSubscriptionMutation, StartCheckoutMutation, StartTrialMutation } from './api/operations';
export { useBillingActions, type BillingAction } from './hooks/useBillingActions';
export { canCancel, canResume, formatDate, planDetail, planHeadline, type BillingInfo } from './lib/planStatus';
