import { Field, ID, ObjectType } from 'type-graphql';
import { Plan } from '../../graphql/enums.js';

@ObjectType('User')
export class UserObject {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  firstName!: string | null;

  @Field(() => String, { nullable: true })
  lastName!: string | null;

  @Field(() => String, { nullable: true })
  imageUrl!: string | null;

  @Field(() => Plan)
  plan!: Plan;
}
