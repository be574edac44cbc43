import 'reflect-metadata';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import type { BillingService, BillingStatus } from './billing.service.js';
import { BillingObject } from './billing.types.js';
import type { User } from '../../shared/db/generated/client.js';
import { Plan } from '../../graphql/enums.js';
import { UserObject } from '../user/user.types.js';

/** `origin`: the request's own origin (app.ts), where Stripe sends the browser back when PUBLIC_URL is unset. */
type BillingContext = Context<{ billing: BillingService }> & { origin?: string };

@Resolver(() => BillingObject)
export class BillingResolver {
  @Query(() => BillingObject, { description: "The signed-in user's plan, subscription and usage" })
  billing(@Ctx() ctx: BillingContext): Promise<BillingStatus> {
    return ctx.app.billing.status(requireUser(ctx));
  }

  @Mutation(() => BillingObject, { description: `Demo billing: starts the free trial (Premium, no card), once per account` })
  startTrial(@Ctx() ctx: BillingContext): Promise<BillingStatus> {
    return ctx.app.billing.startTrial(requireUser(ctx));
  }

  @Mutation(() => BillingObject, { description: 'Ends the subscription at the end of its period; Premium until then' })
  cancelSubscription(@Ctx() ctx: BillingContext): Promise<BillingStatus> {
    return ctx.app.billing.cancel(requireUser(ctx));
  }

  @Mutation(() => UserObject, {
    description: 'Deprecated: the plan follows the subscription. PREMIUM is refused (start a trial from the account page); FREE cancels at the period end',
    deprecationReason: 'Use startTrial / cancelSubscription',
  })
  changePlan(@Arg('plan', () => Plan) plan: Plan, @Ctx() ctx: BillingContext): Promise<User> {
    return ctx.app.billing.changePlan(requireUser(ctx), plan);
  }

  @Mutation(() => String, {
    description:
      'Stripe billing: the URL of a Stripe Checkout page for Premium (a 14-day trial with no card, if the account never had one). The browser comes back to /ai/account?checkout=success or =cancel',
  })
  startCheckout(@Ctx() ctx: BillingContext): Promise<string> {
    return ctx.app.billing.startCheckout(requireUser(ctx), ctx.origin);
  }

  @Mutation(() => String, { description: "Stripe billing: the URL of the user's Stripe Customer Portal (change plan, cancel at period end, card, invoices)" })
  openBillingPortal(@Ctx() ctx: BillingContext): Promise<string> {
    return ctx.app.billing.openBillingPortal(requireUser(ctx), ctx.origin);
  }

  @Mutation(() => BillingObject, { description: 'Undoes a cancellation before the period ends' })
  resumeSubscription(@Ctx() ctx: BillingContext): Promise<BillingStatus> {
    return ctx.app.billing.resume(requireUser(ctx));
  }
}
