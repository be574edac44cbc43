import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { SubscriptionStatus } from '../../shared/db/generated/enums.js';
import { Plan } from '../../graphql/enums.js';
import type { BillingMode as Mode } from './billing.service.js';

const BillingModeEnum = { DEMO: 'DEMO', CLERK: 'CLERK', STRIPE: 'STRIPE' } as const satisfies Record<Mode, Mode>;
registerEnumType(BillingModeEnum, {
  name: 'BillingMode',
  description:
    'Who decides the plan: DEMO, the built-in demo billing (no money is taken); CLERK, Clerk Billing; STRIPE, Stripe (Checkout to subscribe, its Customer Portal to change or cancel)',
});
registerEnumType(SubscriptionStatus, { name: 'SubscriptionStatus', description: 'A subscription now: a trial or cancelled period that has run out is CANCELED' });

@ObjectType('Billing', { description: "The signed-in user's plan, subscription and usage this month" })
export class BillingObject {
  @Field(() => BillingModeEnum)
  mode!: Mode;

  @Field(() => Plan, { description: 'The plan in effect now' })
  plan!: Plan;

  @Field(() => SubscriptionStatus, { nullable: true, description: 'Null: never subscribed' })
  status!: SubscriptionStatus | null;

  @Field(() => Date, { nullable: true })
  trialEndsAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When access ends or renews' })
  currentPeriodEnd!: Date | null;

  @Field(() => Boolean, { description: 'The subscription ends at currentPeriodEnd (access kept until then)' })
  cancelAtPeriodEnd!: boolean;

  @Field(() => Int, { nullable: true, description: 'Whole days until currentPeriodEnd' })
  daysLeft!: number | null;

  @Field(() => Boolean, { description: 'A free trial can be started (never had one): DEMO with startTrial, STRIPE as part of startCheckout' })
  canStartTrial!: boolean;

  @Field(() => Int)
  textUsedThisMonth!: number;

  @Field(() => Int, { description: "The FREE plan's text generations per calendar month" })
  freeTextQuota!: number;
}
