import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { JobPhase } from '../../graphql/enums.js';

@ObjectType('AdminJob', { description: 'A job as admins see it' })
export class AdminJobObject {
  @Field(() => ID)
  id!: string;

  @Field()
  kind!: string;

  @Field(() => JobPhase)
  phase!: JobPhase;

  @Field(() => String, { nullable: true, description: 'Why it failed: its code' })
  errorCode!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it failed, as its owner was told' })
  error!: string | null;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true, description: 'Its owner’s address' })
  userEmail!: string | null;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}

@ObjectType('AdminWebhookEndpoint', { description: 'A webhook endpoint whose deliveries fail' })
export class AdminWebhookEndpointObject {
  @Field(() => ID)
  id!: string;

  @Field()
  url!: string;

  @Field()
  enabled!: boolean;

  @Field(() => String, { nullable: true, description: 'Its owner’s address' })
  userEmail!: string | null;

  @Field(() => Int, { description: 'Deliveries that ran out of attempts, in the last 7 days' })
  failed!: number;

  @Field(() => Int, { description: 'Deliveries still being retried after a failed attempt' })
  retrying!: number;

  @Field(() => String, { nullable: true, description: 'The latest failure’s error' })
  lastError!: string | null;

  @Field(() => Int, { nullable: true, description: 'The latest failure’s HTTP status; null when there was no answer' })
  lastStatus!: number | null;

  @Field()
  lastFailureAt!: Date;
}

@ObjectType('AdminQueueFigures', { description: 'One job queue, now' })
export class AdminQueueFiguresObject {
  @Field({ description: 'The tool kind, or "webhooks"' })
  name!: string;

  @Field(() => Int)
  waiting!: number;

  @Field(() => Int)
  active!: number;

  @Field(() => Int)
  delayed!: number;

  @Field(() => Int)
  failed!: number;

  @Field(() => Float, { description: 'How long its oldest waiting job has waited, in seconds' })
  oldestWaitingSeconds!: number;
}

@ObjectType('AdminFigures', { description: 'Storage, content and queue figures, now' })
export class AdminFiguresObject {
  @Field(() => Int)
  users!: number;

  @Field(() => Int)
  suspendedUsers!: number;

  @Field(() => Int)
  creations!: number;

  @Field(() => Int)
  publishedCreations!: number;

  @Field(() => Int)
  heldCreations!: number;

  @Field(() => Int)
  hiddenCreations!: number;

  @Field(() => Int)
  openReports!: number;

  @Field({ description: 'Where files live: local, s3 or cloudinary' })
  storage!: string;

  @Field(() => Int, { description: 'Image files creations point at' })
  files!: number;

  @Field(() => Float, { nullable: true, description: 'Bytes under DATA_DIR/files (local storage only; null otherwise)' })
  localBytes!: number | null;

  @Field(() => Int, { description: 'Jobs that failed in the last 24 hours' })
  failedJobs24h!: number;

  @Field(() => [AdminQueueFiguresObject])
  queues!: AdminQueueFiguresObject[];
}
