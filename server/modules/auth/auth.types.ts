import { Field, InputType, ObjectType } from 'type-graphql';
import { UserObject } from '../user/user.types.js';

@InputType()
export class SignUpInput {
  @Field()
  email!: string;

  @Field()
  password!: string;

  @Field()
  firstName!: string;

  @Field()
  lastName!: string;
}

@ObjectType()
export class AuthPayload {
  @Field()
  token!: string;

  @Field(() => UserObject)
  user!: UserObject;
}

@ObjectType({ description: 'Which identity provider is active, with its public settings only' })
export class AuthConfig {
  @Field({ description: '"builtin" or "clerk"' })
  provider!: string;

  @Field(() => String, { nullable: true })
  clerkPublishableKey!: string | null;
}
