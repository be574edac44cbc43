import { Field, ID, Int, ObjectType } from 'type-graphql';

// Plain fields, read straight off the object: no resolver wrapper per field per subscriber.
@ObjectType('LikeChange', { simpleResolvers: true })
export class LikeChange {
  @Field(() => ID)
  creationId!: string;

  @Field(() => Int)
  likeCount!: number;

  @Field()
  likedByMe!: boolean;
}
