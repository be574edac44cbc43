import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { attemptsOf } from '../../shared/webhooks/delivery-log.js';
import { WebhookAttemptObject, WebhookDeliveryObject, WebhookEndpointObject } from './webhook.types.js';
import type { WebhookDelivery, WebhookEndpoint, WebhookService } from './webhook.service.js';

/** `origin`: the request's own origin (app.ts): an endpoint's links start with it when PUBLIC_URL is unset. */
type WebhookContext = Context<{ webhooks: WebhookService }> & { origin?: string };

@Resolver(() => WebhookEndpointObject)
export class WebhookResolver {
  @Query(() => [WebhookEndpointObject], { description: "The signed-in user's webhook endpoints, newest first" })
  webhookEndpoints(@Ctx() ctx: WebhookContext): Promise<WebhookEndpoint[]> {
    return ctx.app.webhooks.list(requireUser(ctx).id);
  }

  @Query(() => [WebhookDeliveryObject], { description: "An endpoint's latest deliveries, newest first" })
  webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('first', () => Int, { defaultValue: 20 }) first: number,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookDelivery[]> {
    return ctx.app.webhooks.deliveries(requireUser(ctx).id, endpointId, first);
  }

  @Mutation(() => WebhookEndpointObject, { description: 'Registers a URL for the chosen events; the answer carries its signing secret' })
  createWebhookEndpoint(
    @Arg('url', () => String) url: string,
    @Arg('events', () => [String]) events: string[],
    @Arg('description', () => String, { nullable: true }) description: string | null,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookEndpoint> {
    return ctx.app.webhooks.create(requireUser(ctx).id, { url, events, description }, ctx.origin);
  }

  @Mutation(() => WebhookEndpointObject, { description: 'Changes what is given; the rest stays' })
  updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('url', () => String, { nullable: true }) url: string | null,
    @Arg('events', () => [String], { nullable: true }) events: string[] | null,
    @Arg('enabled', () => Boolean, { nullable: true }) enabled: boolean | null,
    @Arg('description', () => String, { nullable: true }) description: string | null,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookEndpoint> {
    return ctx.app.webhooks.update(requireUser(ctx).id, id, { url, events, enabled, description });
  }

  @Mutation(() => Boolean, { description: 'Deletes an endpoint with its delivery log' })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<boolean> {
    return ctx.app.webhooks.remove(requireUser(ctx).id, id);
  }

  @Mutation(() => WebhookEndpointObject, { description: 'Gives the endpoint a new signing secret; the old one stops at once' })
  rotateWebhookSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<WebhookEndpoint> {
    return ctx.app.webhooks.rotateSecret(requireUser(ctx).id, id);
  }

  @Mutation(() => WebhookDeliveryObject, { description: 'Queues a webhook.test event to the endpoint and returns its delivery' })
  sendTestWebhook(@Arg('endpointId', () => ID) endpointId: string, @Ctx() ctx: WebhookContext): Promise<WebhookDelivery> {
    return ctx.app.webhooks.sendTest(requireUser(ctx).id, endpointId);
  }
}

@Resolver(() => WebhookDeliveryObject)
export class WebhookDeliveryResolver {
  @FieldResolver(() => [WebhookAttemptObject], { description: 'Every attempt, oldest first' })
  attemptLog(@Root() delivery: WebhookDelivery): WebhookAttemptObject[] {
    return attemptsOf(delivery.attemptLog).map((a) => ({ at: new Date(a.at), responseCode: a.status, durationMs: a.ms, error: a.error }));
  }
}
