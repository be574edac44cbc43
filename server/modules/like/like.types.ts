import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('LikeChange')
export class LikeChange {
  @Field(() => ID)
  creationId!: string;

  @Field(() => Int)
  likeCount!: number;

  @Field()
  likedByMe!: boolean;
}
