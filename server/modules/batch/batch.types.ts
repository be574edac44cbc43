import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { JobPhase } from '../../graphql/enums.js';
import { CreationObject } from '../creation/creation.types.js';

@ObjectType('BatchStep', { description: "One image step of a batch: a tool's kind and that tool's own options" })
export class BatchStepObject {
  @Field({ description: 'The tool: background-removal, object-removal or upscale-image' })
  tool!: string;

  @Field({ description: 'The tool\'s options as JSON (its own input fields, e.g. {"scale":2})' })
  options!: string;
}

@InputType('BatchStepInput', { description: 'One image step of a new batch, as BatchStep gives it back' })
export class BatchStepInput {
  @Field({ description: 'The tool: background-removal, object-removal or upscale-image' })
  tool!: string;

  @Field(() => String, { nullable: true, description: 'The tool\'s options as JSON (its own input fields, e.g. {"scale":2}); none: its defaults' })
  options?: string | null;
}

@ObjectType('BatchCounts', { description: 'How many pictures of a batch are where' })
export class BatchCountsObject {
  @Field(() => Int)
  total!: number;
  @Field(() => Int)
  queued!: number;
  @Field(() => Int)
  running!: number;
  @Field(() => Int)
  completed!: number;
  @Field(() => Int)
  failed!: number;
  @Field(() => Int)
  cancelled!: number;
}

@ObjectType('BatchPicture', { description: 'One picture of a batch: its own job, progress and result' })
export class BatchPictureObject {
  @Field(() => Int, { description: 'Its place in the batch, from 0' })
  index!: number;

  @Field(() => ID, { description: 'Its job (follow it alone with jobProgress)' })
  jobId!: string;

  @Field(() => String, { nullable: true })
  filename!: string | null;

  @Field(() => JobPhase)
  phase!: JobPhase;

  @Field(() => Int)
  percent!: number;

  @Field(() => Int, { nullable: true, description: 'Which step of its chain it is in (from 1) while it works' })
  step!: number | null;

  @Field(() => String, { nullable: true })
  message!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it failed' })
  error!: string | null;

  @Field(() => String, { nullable: true, description: "The failure's error code" })
  errorCode!: string | null;

  @Field(() => CreationObject, { nullable: true, description: 'The result, once COMPLETED' })
  creation?: CreationObject | null;

  creationId!: string | null;
}

@ObjectType('Batch', { description: 'Up to 50 pictures run through the same one to three image steps (docs/batches.md)' })
export class BatchObject {
  @Field(() => ID)
  id!: string;

  @Field({ description: "The first step's tool" })
  kind!: string;

  @Field(() => [BatchStepObject])
  steps!: BatchStepObject[];

  @Field({ description: 'RUNNING, COMPLETED (every picture ended) or CANCELLED' })
  status!: string;

  @Field(() => BatchCountsObject)
  counts!: BatchCountsObject;

  @Field(() => [BatchPictureObject])
  pictures!: BatchPictureObject[];

  @Field(() => Int, { description: 'Tool runs it uses: pictures × steps' })
  runs!: number;

  @Field({ description: 'Where its owner downloads the zip of its pictures (bearer token)' })
  zipUrl!: string;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}
