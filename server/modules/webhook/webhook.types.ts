import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DeliveryStatus } from '../../shared/webhooks/delivery-log.js';

registerEnumType(DeliveryStatus, { name: 'WebhookDeliveryStatus', description: 'PENDING (queued or waiting for a retry), DELIVERED (a 2xx answer) or FAILED (no attempt left)' });

@ObjectType('WebhookEndpoint', { description: 'A URL that receives signed webhooks (docs/webhooks.md)' })
export class WebhookEndpointObject {
  @Field(() => ID)
  id!: string;

  @Field()
  url!: string;

  @Field(() => [String], { description: 'Any of job.completed, job.failed, job.cancelled, creation.published, batch.completed' })
  events!: string[];

  @Field()
  description!: string;

  @Field({ description: 'Disabled endpoints get no events (a test event is still sent when asked)' })
  enabled!: boolean;

  @Field({ description: 'The Standard Webhooks signing secret (whsec_…): verify every delivery with it' })
  secret!: string;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('WebhookAttempt', { description: 'One attempt to deliver a webhook' })
export class WebhookAttemptObject {
  @Field()
  at!: Date;

  @Field(() => Int, { nullable: true, description: "The answer's HTTP status; null when there was none" })
  responseCode!: number | null;

  @Field(() => Int)
  durationMs!: number;

  @Field(() => String, { nullable: true, description: 'Why it failed (with a short excerpt of the answer); null when delivered' })
  error!: string | null;
}

@ObjectType('WebhookDelivery', { description: 'One event for one endpoint, and every attempt to deliver it' })
export class WebhookDeliveryObject {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  endpointId!: string;

  @Field({ description: 'The webhook-id header: the same on every attempt' })
  messageId!: string;

  @Field({ description: 'job.completed, job.failed, job.cancelled, creation.published, batch.completed or webhook.test' })
  eventType!: string;

  @Field(() => DeliveryStatus)
  status!: DeliveryStatus;

  @Field(() => Int)
  attempts!: number;

  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status" })
  responseCode!: number | null;

  @Field(() => String, { nullable: true })
  lastError!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the next attempt is due, while PENDING after a failed one' })
  nextAttemptAt!: Date | null;

  @Field(() => Date, { nullable: true })
  deliveredAt!: Date | null;

  @Field()
  createdAt!: Date;

  attemptLog!: unknown;
}
