// A user's plan as of now, from what the billing module stored on the User row: `plan` with
// `planUntil`, the moment that PREMIUM stops (a trial's or a paid period's end). Deriving it
// on every request (a date comparison, no query) is what makes a trial end, or a cancelled
// subscription lapse, exactly on time with no job running at that moment.
import type { Plan, SubscriptionStatus } from '../../shared/db/generated/enums.js';

/** A paid period's end is given this long before it counts: a renewal's webhook may come a little late. */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

export function effectivePlan(user: { plan: Plan; planUntil: Date | null }, now = Date.now()): Plan {
  return user.plan === 'PREMIUM' && user.planUntil !== null && user.planUntil.getTime() <= now ? 'FREE' : user.plan;
}

/** The user as of now: their plan is the one in effect (the row may still say PREMIUM past planUntil). */
export function inEffect<U extends { plan: Plan; planUntil: Date | null }>(user: U, now = Date.now()): U {
  const plan = effectivePlan(user, now);
  return plan === user.plan ? user : { ...user, plan };
}

export interface SubscriptionState {
  /** 'demo' trials end exactly; a paid provider's trial may convert (its news comes by webhook, a little late). */
  provider?: string;
  plan: Plan;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * The (plan, planUntil) a subscription gives its user. A trial, or a subscription set to end,
 * gives PREMIUM up to its end exactly; an active one that renews, up to its period's end plus
 * a grace for the renewal's news; past due or cancelled, nothing.
 */
export function planFields(s: SubscriptionState): { plan: Plan; planUntil: Date | null } {
  if (s.plan !== 'PREMIUM' || s.status === 'CANCELED' || s.status === 'PAST_DUE') return { plan: 'FREE', planUntil: null };
  if (s.status === 'TRIALING') {
    const end = (s.trialEnd ?? s.currentPeriodEnd).getTime();
    const converts = s.provider !== undefined && s.provider !== 'demo' && !s.cancelAtPeriodEnd;
    return { plan: 'PREMIUM', planUntil: new Date(converts ? end + RENEWAL_GRACE_MS : end) };
  }
  if (s.cancelAtPeriodEnd) return { plan: 'PREMIUM', planUntil: s.currentPeriodEnd };
  return { plan: 'PREMIUM', planUntil: new Date(s.currentPeriodEnd.getTime() + RENEWAL_GRACE_MS) };
}
