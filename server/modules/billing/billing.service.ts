// Plans that mean something (issue 16): the user's plan comes from their subscription, never
// from a request to change it. With Clerk as the identity, Clerk Billing decides (its `pla`
// claim); otherwise the built-in demo billing: a 14-day trial with no card, cancel (access
// kept to the period's end) and resume. Nothing here takes money.
import type { Services } from '../../context.js';
import type { Subscription, User } from '../../db/generated/client.js';
import type { SubscriptionStatus } from '../../db/generated/enums.js';
import { TRIAL_DAYS } from '../../constants.js';
import { AppError, ErrorCode } from '../../errors.js';
import { ACCOUNT_GONE_MESSAGE } from '../../db/account-gone.js';
import { Prisma } from '../../db/prisma.js';
import { currentMonth } from '../job/job.kinds.js';
import { usageOf } from '../job/usage.js';
import { announceUserChange } from '../user/user.service.js';
import { effectivePlan } from './billing.plan.js';
import { saveSubscription } from './billing.store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BillingMode = 'DEMO' | 'CLERK';

export interface BillingStatus {
  mode: BillingMode;
  plan: User['plan'];
  status: SubscriptionStatus | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  daysLeft: number | null;
  canStartTrial: boolean;
  textUsedThisMonth: number;
  freeTextQuota: number;
}

/** What a subscription is now: a trial or a cancelled period that has run out has ended (CANCELED). */
export function statusNow(s: Pick<Subscription, 'status' | 'currentPeriodEnd' | 'trialEnd' | 'cancelAtPeriodEnd'>, now: number): SubscriptionStatus {
  const ended = (s.status === 'TRIALING' && (s.trialEnd ?? s.currentPeriodEnd).getTime() <= now) || (s.cancelAtPeriodEnd && s.currentPeriodEnd.getTime() <= now);
  return ended ? 'CANCELED' : s.status;
}

export class BillingService {
  constructor(
    private readonly services: Services,
    /** The clock: tests move it to see trials and periods end. */
    private readonly now: () => number = Date.now,
  ) {}

  get mode(): BillingMode {
    return this.services.identity.kind === 'clerk' ? 'CLERK' : 'DEMO';
  }

  async status(user: User): Promise<BillingStatus> {
    const { db, config } = this.services;
    const now = this.now();
    const [sub, used] = await Promise.all([
      db.subscription.findUnique({ where: { userId: user.id } }),
      usageOf(db, user.id, { kind: 'text', month: currentMonth(new Date(now)) }),
    ]);
    const base = { mode: this.mode, plan: effectivePlan(user, now), textUsedThisMonth: used, freeTextQuota: config.FREE_TEXT_QUOTA };
    if (!sub) return { ...base, status: null, trialEndsAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, daysLeft: null, canStartTrial: this.mode === 'DEMO' };
    const status = statusNow(sub, now);
    return {
      ...base,
      status,
      trialEndsAt: sub.trialEnd,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      daysLeft: status === 'CANCELED' ? 0 : Math.max(0, Math.ceil((sub.currentPeriodEnd.getTime() - now) / DAY_MS)),
      canStartTrial: this.mode === 'DEMO' && !sub.trialUsed,
    };
  }

  /** Demo billing: PREMIUM for TRIAL_DAYS from now, no card; once per account. */
  async startTrial(user: User): Promise<BillingStatus> {
    this.requireDemo();
    const existing = await this.services.db.subscription.findUnique({ where: { userId: user.id } });
    if (existing?.trialUsed) throw new AppError(ErrorCode.BAD_USER_INPUT, 'You have already used your free trial');
    const now = new Date(this.now());
    const end = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    await this.save(user, { plan: 'PREMIUM', status: 'TRIALING', currentPeriodStart: now, currentPeriodEnd: end, trialEnd: end, cancelAtPeriodEnd: false, trialUsed: true });
    return this.status(await this.reload(user));
  }

  /** Ends the subscription at its period's end: PREMIUM until then. */
  async cancel(user: User): Promise<BillingStatus> {
    this.requireDemo();
    const sub = await this.live(user);
    if (!sub.cancelAtPeriodEnd) await this.save(user, { ...sub, cancelAtPeriodEnd: true });
    return this.status(await this.reload(user));
  }

  /** Undoes a cancellation before the period ends. */
  async resume(user: User): Promise<BillingStatus> {
    this.requireDemo();
    const sub = await this.live(user);
    if (sub.cancelAtPeriodEnd) await this.save(user, { ...sub, cancelAtPeriodEnd: false });
    return this.status(await this.reload(user));
  }

  /**
   * The old plan switch, kept for older clients: Premium is never given by asking (a trial or
   * a subscription gives it); FREE cancels at the period's end, as cancel does.
   */
  async changePlan(user: User, plan: User['plan']): Promise<User> {
    if (this.mode === 'CLERK') throw new AppError(ErrorCode.FORBIDDEN, 'Plans are managed in your Clerk account');
    if (plan === user.plan) return user;
    if (plan === 'PREMIUM') throw new AppError(ErrorCode.FORBIDDEN, 'Start a trial or subscribe from your account page');
    await this.cancel(user);
    return user;
  }

  private requireDemo(): void {
    if (this.mode === 'CLERK') throw new AppError(ErrorCode.FORBIDDEN, 'Your plan is managed in your Clerk account');
  }

  /** The user's subscription that has not ended; BAD_USER_INPUT when there is none. */
  private async live(user: User): Promise<Subscription> {
    const sub = await this.services.db.subscription.findUnique({ where: { userId: user.id } });
    if (!sub || statusNow(sub, this.now()) === 'CANCELED') throw new AppError(ErrorCode.BAD_USER_INPUT, 'You have no active subscription');
    return sub;
  }

  private async save(user: User, s: Pick<Subscription, 'plan' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'trialEnd' | 'cancelAtPeriodEnd'> & { trialUsed?: boolean }): Promise<void> {
    const { plan, status, currentPeriodStart, currentPeriodEnd, trialEnd, cancelAtPeriodEnd, trialUsed } = s;
    const saving = saveSubscription(this.services.db, user.id, {
      provider: 'demo',
      plan,
      status,
      currentPeriodStart,
      currentPeriodEnd,
      trialEnd,
      cancelAtPeriodEnd,
      trialUsed,
      providerUpdatedAt: new Date(this.now()),
    });
    await saving.catch((e: unknown) => {
      // Deleted since the token was checked (no row to update, or none to refer to): the caller is signed out, not a bug of ours.
      if (e instanceof Prisma.PrismaClientKnownRequestError && ['P2025', 'P2003'].includes(e.code)) throw new AppError(ErrorCode.UNAUTHENTICATED, ACCOUNT_GONE_MESSAGE);
      throw e;
    });
    // This process at once, the others through pub/sub: the next request and every socket sees the plan.
    this.services.identity.forget(user.id);
    await announceUserChange(this.services.pubsub, user.id).catch((e: Error) =>
      this.services.log.warn({ err: e.message }, 'could not announce a plan change; other processes see it within USER_CACHE_TTL_MS'),
    );
  }

  private async reload(user: User): Promise<User> {
    return (await this.services.db.user.findUnique({ where: { id: user.id } })) ?? user;
  }
}
