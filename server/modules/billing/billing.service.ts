// Plans that mean something (docs/real-services.md, "Billing (plans)"): the user's plan comes from
// their subscription, never from a request to change it. With Clerk as the identity, Clerk Billing
// decides (its `pla` claim); with STRIPE_SECRET_KEY, Stripe (Checkout to subscribe, its Customer
// Portal to change or cancel, webhooks to tell us: stripe-webhooks.ts); otherwise the built-in demo
// billing: a 14-day trial with no card, cancel (access kept to the period's end) and resume. The
// demo takes no money.
import type { Services } from '../../context.js';
import type { Subscription, User } from '../../shared/db/generated/client.js';
import type { SubscriptionStatus } from '../../shared/db/generated/enums.js';
import { TRIAL_DAYS } from '../../shared/platform/constants.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { currentMonth } from '../../shared/jobs/job.kinds.js';
import { usageOf } from '../../shared/jobs/usage.js';
import { userChanged } from '../user/user.service.js';
import { effectivePlan } from './billing.plan.js';
import { saveSubscription } from './billing.store.js';
import { createStripeClient, portalConfiguration, stripeSettings, type Stripe, type StripeSettings } from './stripe.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BillingMode = 'DEMO' | 'CLERK' | 'STRIPE';

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

const STRIPE_MANAGES = 'Your subscription is managed by Stripe: use Subscribe (startCheckout) to start it and Manage billing (openBillingPortal) to change or cancel it';

export class BillingService {
  /** Stripe's client and settings when Stripe bills (STRIPE_SECRET_KEY, built-in identity); else null. */
  readonly stripe: { client: Stripe; settings: StripeSettings } | null;
  /** The portal configuration's id, looked up (or made) once per process. */
  private portalConfig: Promise<string> | null = null;

  constructor(
    private readonly services: Services,
    /** The clock: tests move it to see trials and periods end. */
    private readonly now: () => number = Date.now,
  ) {
    const settings = stripeSettings(services.config);
    this.stripe = settings && services.identity.kind === 'builtin' ? { client: createStripeClient(settings.secretKey, services.config.STRIPE_API_URL), settings } : null;
  }

  get mode(): BillingMode {
    if (this.services.identity.kind === 'clerk') return 'CLERK';
    return this.stripe ? 'STRIPE' : 'DEMO';
  }

  async status(user: User): Promise<BillingStatus> {
    const { db, config } = this.services;
    const now = this.now();
    const [sub, used] = await Promise.all([db.subscription.findUnique({ where: { userId: user.id } }), usageOf(db, user.id, { kind: 'text', month: currentMonth(new Date(now)) })]);
    const base = { mode: this.mode, plan: effectivePlan(user, now), textUsedThisMonth: used, freeTextQuota: config.FREE_TEXT_QUOTA };
    if (!sub) return { ...base, status: null, trialEndsAt: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, daysLeft: null, canStartTrial: this.mode !== 'CLERK' };
    const status = statusNow(sub, now);
    return {
      ...base,
      status,
      trialEndsAt: sub.trialEnd,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      daysLeft: status === 'CANCELED' ? 0 : Math.max(0, Math.ceil((sub.currentPeriodEnd.getTime() - now) / DAY_MS)),
      canStartTrial: this.mode !== 'CLERK' && !sub.trialUsed,
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
   * Stripe: a Checkout Session for the Premium subscription; its URL, where the browser goes.
   * A 14-day trial with no card (payment_method_collection if_required) unless the user has
   * had one. The user is tied to what Stripe creates by client_reference_id and the
   * subscription's metadata.userId (the webhooks read them); a known customer is reused.
   */
  async startCheckout(user: User, origin: string | undefined): Promise<string> {
    const { client, settings } = this.requireStripe();
    const sub = await this.services.db.subscription.findUnique({ where: { userId: user.id } });
    // A second subscription would bill twice; a payment problem is fixed in the portal.
    if (sub?.provider === 'stripe' && statusNow(sub, this.now()) !== 'CANCELED') {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'You already have a subscription: use Manage billing to change or cancel it');
    }
    const base = this.returnBase(origin);
    const customer = sub?.providerCustomerId ?? null;
    const session = await client.checkout.sessions
      .create({
        mode: 'subscription',
        ...(customer ? { customer } : user.email ? { customer_email: user.email } : {}),
        client_reference_id: user.id,
        line_items: [{ price: settings.premiumPrice, quantity: 1 }],
        subscription_data: {
          // A trial that ends with no card added is cancelled (customer.subscription.deleted → FREE), not left owing an invoice.
          ...(sub?.trialUsed ? {} : { trial_period_days: TRIAL_DAYS, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } }),
          metadata: { userId: user.id },
        },
        payment_method_collection: 'if_required',
        success_url: `${base}/ai/account?checkout=success`,
        cancel_url: `${base}/ai/account?checkout=cancel`,
      })
      .catch((e: unknown) => this.stripeFailed(e, 'start a checkout'));
    if (!session.url) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, 'Stripe did not give a checkout page; please try again');
    return session.url;
  }

  /** Stripe: a Customer Portal session (plan changes, cancellation at period end, invoices, card); its URL. */
  async openBillingPortal(user: User, origin: string | undefined): Promise<string> {
    const { client } = this.requireStripe();
    const sub = await this.services.db.subscription.findUnique({ where: { userId: user.id } });
    if (!sub?.providerCustomerId) throw new AppError(ErrorCode.BAD_USER_INPUT, 'You have no Stripe subscription yet: subscribe first');
    const configuration = await this.portalConfiguration();
    const portal = await client.billingPortal.sessions
      .create({ customer: sub.providerCustomerId, return_url: `${this.returnBase(origin)}/ai/account`, ...(configuration ? { configuration } : {}) })
      .catch((e: unknown) => this.stripeFailed(e, 'open the billing portal'));
    return portal.url;
  }

  /**
   * Before an account is deleted: its Stripe subscription ends now, so nobody is billed for an
   * account that no longer exists (the webhooks could not find its user afterwards). Throws,
   * and the deletion should not go on, when Stripe cannot be reached. Not prorated: no refund.
   */
  async endBeforeAccountDeletion(userId: string): Promise<void> {
    if (!this.stripe) return;
    const sub = await this.services.db.subscription.findUnique({ where: { userId } });
    if (sub?.provider !== 'stripe' || !sub.providerSubscriptionId || sub.status === 'CANCELED') return;
    await this.stripe.client.subscriptions.cancel(sub.providerSubscriptionId, { invoice_now: false, prorate: false }).catch((e: { code?: string }) => {
      if (e.code === 'resource_missing') return; // already gone at Stripe
      this.stripeFailed(e, 'end your subscription before deleting the account');
    });
  }

  /**
   * Our portal configuration (cancel at period end, prorated price switch); null when Stripe
   * would not make one (say, a restricted key): the account's default portal is used then.
   */
  private async portalConfiguration(): Promise<string | null> {
    const { client, settings } = this.requireStripe();
    this.portalConfig ??= portalConfiguration(client, settings.premiumPrice);
    return this.portalConfig.catch((e: { type?: string; message?: string }) => {
      this.portalConfig = null;
      this.services.log.warn({ type: e.type, why: e.message?.slice(0, 200) }, "Stripe: could not set up the portal configuration; the account's default portal is used");
      return null;
    });
  }

  /** After a provider changed a user's subscription: this process forgets them, the others hear of it. */
  announce(userId: string): Promise<void> {
    return userChanged(this.services, userId, 'a plan change');
  }

  /**
   * The old plan switch, kept for older clients: Premium is never given by asking (a trial or
   * a subscription gives it); FREE cancels at the period's end, as cancel does.
   */
  async changePlan(user: User, plan: User['plan']): Promise<User> {
    if (this.mode === 'CLERK') throw new AppError(ErrorCode.FORBIDDEN, 'Plans are managed in your Clerk account');
    if (this.mode === 'STRIPE') throw new AppError(ErrorCode.BAD_USER_INPUT, STRIPE_MANAGES);
    if (plan === user.plan) return user;
    if (plan === 'PREMIUM') throw new AppError(ErrorCode.FORBIDDEN, 'Start a trial or subscribe from your account page');
    await this.cancel(user);
    return user;
  }

  private requireDemo(): void {
    if (this.mode === 'CLERK') throw new AppError(ErrorCode.FORBIDDEN, 'Your plan is managed in your Clerk account');
    if (this.mode === 'STRIPE') throw new AppError(ErrorCode.BAD_USER_INPUT, STRIPE_MANAGES);
  }

  private requireStripe(): NonNullable<BillingService['stripe']> {
    if (!this.stripe) throw new AppError(ErrorCode.BAD_USER_INPUT, this.mode === 'CLERK' ? 'Your plan is managed in your Clerk account' : 'Stripe billing is not configured here');
    return this.stripe;
  }

  /** Where Checkout and the Portal send the browser back: PUBLIC_URL, else the request's origin. */
  private returnBase(origin: string | undefined): string {
    const base = this.services.config.PUBLIC_URL ?? origin;
    if (!base) throw new AppError(ErrorCode.BAD_USER_INPUT, 'This server does not know its public address (set PUBLIC_URL)');
    return base.replace(/\/+$/, '');
  }

  /** Stripe refused or could not be reached: a sentence for the user, the details (never the key) in the log. */
  private stripeFailed(e: unknown, what: string): never {
    const err = e as { type?: string; message?: string; statusCode?: number };
    this.services.log.warn({ type: err.type, status: err.statusCode, why: err.message?.slice(0, 200) }, `Stripe: could not ${what}`);
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, `Stripe could not ${what} just now; please try again in a moment`);
  }

  /** The user's subscription that has not ended; BAD_USER_INPUT when there is none. */
  private async live(user: User): Promise<Subscription> {
    const sub = await this.services.db.subscription.findUnique({ where: { userId: user.id } });
    if (!sub || statusNow(sub, this.now()) === 'CANCELED') throw new AppError(ErrorCode.BAD_USER_INPUT, 'You have no active subscription');
    return sub;
  }

  private async save(
    user: User,
    s: Pick<Subscription, 'plan' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'trialEnd' | 'cancelAtPeriodEnd'> & { trialUsed?: boolean },
  ): Promise<void> {
    const { plan, status, currentPeriodStart, currentPeriodEnd, trialEnd, cancelAtPeriodEnd, trialUsed } = s;
    // A user deleted since the token was checked breaks the foreign key: the GraphQL error
    // formatter answers that as signed out (isMissingUserReference), on both transports.
    await saveSubscription(this.services.db, user.id, {
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
    // This process at once, the others through pub/sub: the next request and every socket sees the plan.
    await this.announce(user.id);
  }

  private async reload(user: User): Promise<User> {
    return (await this.services.db.user.findUnique({ where: { id: user.id } })) ?? user;
  }
}
