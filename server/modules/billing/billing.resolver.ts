import 'reflect-metadata';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import type { BillingService, BillingStatus } from './billing.service.js';
import { BillingObject } from './billing.types.js';
import type { User } from '../../db/generated/client.js';
import { Plan } from '../../graphql-enums.js';
import { UserObject } from '../user/user.types.js';

type BillingContext = Context<{ billing: BillingService }>;

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

  @Mutation(() => BillingObject, { description: 'Undoes a cancellation before the period ends' })
  resumeSubscription(@Ctx() ctx: BillingContext): Promise<BillingStatus> {
    return ctx.app.billing.resume(requireUser(ctx));
  }
}
