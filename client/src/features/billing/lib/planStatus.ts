import type { BillingFieldsFragment } from '../../../gql/graphql';

export type BillingInfo = BillingFieldsFragment;

/** "December 7, 2026": one fixed format, so the page and its tests say the same thing everywhere. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * The plan in one line, as the account page and the sidebar say it:
 * Free / Premium trial — N days left / Premium, renews on <date> / Cancelled — access until <date>.
 */
export function planHeadline(b: BillingInfo): string {
  if (b.plan !== 'PREMIUM') return 'Free';
  const end = formatDate(b.currentPeriodEnd);
  // Cancelled but still within the period: access continues to its end.
  if (b.cancelAtPeriodEnd) return end ? `Cancelled — access until ${end}` : 'Cancelled';
  if (b.status === 'TRIALING') return b.daysLeft != null ? `Premium trial — ${days(b.daysLeft)} left` : 'Premium trial';
  if (b.status === 'PAST_DUE') return 'Premium — payment past due';
  // Under Clerk Billing the period may not be known to us.
  return end ? `Premium, renews on ${end}` : 'Premium';
}

/** A second line with what happens next, or null when the headline says it all. */
export function planDetail(b: BillingInfo): string | null {
  if (b.plan !== 'PREMIUM') return b.status === 'CANCELED' ? 'Your Premium access has ended. Every Premium tool unlocks again when you subscribe.' : null;
  const end = formatDate(b.currentPeriodEnd);
  if (b.cancelAtPeriodEnd) return `You keep every Premium tool until ${end}, then your account returns to Free. Resume any time before then.`;
  if (b.status === 'TRIALING') {
    const trialEnd = formatDate(b.trialEndsAt ?? b.currentPeriodEnd);
    return trialEnd ? `Your trial ends on ${trialEnd}.` : null;
  }
  if (b.status === 'PAST_DUE') return 'The last payment failed. Update your payment method to keep Premium.';
  return null;
}

/**
 * Whether our cancel / resume buttons apply: a live subscription in demo billing. Stripe's
 * are changed in its Customer Portal, Clerk's in Clerk.
 */
export const canCancel = (b: BillingInfo) => b.mode === 'DEMO' && b.plan === 'PREMIUM' && !b.cancelAtPeriodEnd && b.status != null && b.status !== 'CANCELED';
export const canResume = (b: BillingInfo) => b.mode === 'DEMO' && b.plan === 'PREMIUM' && b.cancelAtPeriodEnd;
