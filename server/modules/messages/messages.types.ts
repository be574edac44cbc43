import { Field, InputType, Int } from 'type-graphql';

@InputType()
export class FeedbackInput {
  @Field()
  name!: string;

  @Field()
  email!: string;

  @Field()
  message!: string;

  @Field({ defaultValue: 'general_feedback', description: 'One of the product §3 category values' })
  category!: string;

  @Field(() => Int)
  rating!: number;

  @Field({ defaultValue: 'feedback' })
  type!: string;
}

@InputType()
export class ContactInput {
  @Field()
  name!: string;

  @Field()
  email!: string;

  @Field()
  subject!: string;

  @Field()
  message!: string;
}
