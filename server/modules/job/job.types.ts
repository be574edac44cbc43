import { Field, ID, Int, ObjectType } from 'type-graphql';
import { JobPhase } from '../../graphql/enums.js';
import { CreationObject } from '../creation/creation.types.js';

@ObjectType('Job', { description: 'A tool run: queued at once, worked on by a worker, followed through jobProgress' })
export class JobObject {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Which tool ran it: its kind, e.g. article (one BullMQ queue per kind)' })
  kind!: string;

  @Field(() => JobPhase)
  phase!: JobPhase;

  @Field(() => Int)
  percent!: number;

  @Field(() => String, { nullable: true, description: 'What is happening now, or why it ended' })
  message!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it failed, for the UI' })
  error!: string | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  creationId!: string | null;
}

@ObjectType('JobProgress')
export class JobProgress {
  @Field(() => ID)
  jobId!: string;

  @Field(() => JobPhase)
  phase!: JobPhase;

  @Field(() => Int)
  percent!: number;

  @Field({ description: 'Text streamed since the last event; the first event carries all text so far' })
  delta!: string;

  @Field(() => Int, { description: 'Where delta goes in the full text (equal to the text received so far, except after a retry rewrote it)' })
  offset!: number;

  @Field(() => String, { nullable: true })
  message!: string | null;

  @Field(() => String, { nullable: true, description: 'The picture as it forms (a small JPEG data URL) when the image engine sends previews' })
  preview?: string | null;

  @Field(() => CreationObject, { nullable: true, description: 'The result, once COMPLETED' })
  creation?: CreationObject | null;

  creationId!: string | null;
}
