import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { CreationType, ModerationState } from '../../graphql/enums.js';
import { PAGE_SIZE_DEFAULT } from '../../shared/platform/constants.js';

/** The public face of a creation's owner: a first name and nothing else. */
@ObjectType('CreationAuthor')
export class CreationAuthor {
  @Field(() => String, { nullable: true })
  firstName!: string | null;
}

@ObjectType('Creation')
export class CreationObject {
  @Field(() => ID)
  id!: string;

  @Field(() => CreationType)
  type!: CreationType;

  @Field()
  prompt!: string;

  /** Resolved by CreationResolver.content: a private image's URL is signed per viewer request. */
  content!: string;

  @Field()
  published!: boolean;

  @Field(() => ModerationState, {
    description: 'VISIBLE when the gallery shows it (or would, once published); HELD for review or HIDDEN only its owner ever sees (docs/screening.md)',
  })
  moderation!: ModerationState;

  @Field({ description: 'Screening found the picture sensitive: the gallery shows it blurred, with a "Sensitive" label a viewer can reveal it from' })
  sensitive!: boolean;

  @Field(() => Int)
  likeCount!: number;

  @Field()
  createdAt!: Date;

  /** Kept for the field resolvers; not exposed. */
  userId!: string;
  metadata!: unknown;
}

@ObjectType('CreationEdge')
export class CreationEdge {
  @Field()
  cursor!: string;

  @Field(() => CreationObject)
  node!: CreationObject;
}

@ObjectType('PageInfo')
export class PageInfo {
  @Field()
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

@ObjectType('CreationConnection')
export class CreationConnection {
  @Field(() => [CreationEdge])
  edges!: CreationEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: PAGE_SIZE_DEFAULT })
  first!: number;

  @Field(() => String, { nullable: true })
  after?: string | null;
}
