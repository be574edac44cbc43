import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import type { User } from '../../shared/db/generated/client.js';
import { UserObject } from './user.types.js';
import { fullNameOf, type UserService } from './user.service.js';

type UserContext = Context<{ users: UserService }>;

@Resolver(() => UserObject)
export class UserResolver {
  @Query(() => UserObject, { nullable: true, description: 'The signed-in user; null when signed out' })
  me(@Ctx() ctx: UserContext): User | null {
    return ctx.user;
  }

  @Mutation(() => Boolean, {
    description:
      "Signs out this session of a built-in account: its token stops working on every server and the sockets opened with it close (4403); the account's other sessions stay. With Clerk, Clerk ends its own sessions (false).",
  })
  signOut(@Ctx() ctx: UserContext): Promise<boolean> {
    return ctx.app.users.signOut(requireUser(ctx), ctx.session);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes the signed-in built-in account, after its password: creations, likes, files and sessions; open sockets close. Clerk accounts are deleted in Clerk.',
  })
  deleteAccount(@Arg('password', () => String) password: string, @Ctx() ctx: UserContext): Promise<boolean> {
    return ctx.app.users.deleteAccount(requireUser(ctx), password, ctx.ip);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the address was confirmed by a link sent to it (docs/email.md); always true for Clerk accounts, whose addresses Clerk verifies',
  })
  emailVerified(@Root() u: User): boolean {
    return u.authProvider !== 'local' || u.emailVerifiedAt !== null;
  }

  @FieldResolver(() => String, { nullable: true })
  fullName(@Root() u: User): string | null {
    return fullNameOf(u);
  }
}
