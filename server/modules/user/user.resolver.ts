import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import type { User } from '../../db/generated/client.js';
import { Plan } from '../../graphql-enums.js';
import { UserObject } from './user.types.js';
import { fullNameOf, type UserService } from './user.service.js';

type UserContext = Context<{ users: UserService }>;

@Resolver(() => UserObject)
export class UserResolver {
  @Query(() => UserObject, { nullable: true, description: 'The signed-in user; null when signed out' })
  me(@Ctx() ctx: UserContext): User | null {
    return ctx.user;
  }

  @Mutation(() => UserObject, { description: 'Switches plan (built-in billing only)' })
  changePlan(@Arg('plan', () => Plan) plan: Plan, @Ctx() ctx: UserContext): Promise<User> {
    return ctx.app.users.changePlan(requireUser(ctx), plan);
  }

  @FieldResolver(() => String, { nullable: true })
  fullName(@Root() u: User): string | null {
    return fullNameOf(u);
  }
}
