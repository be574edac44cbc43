import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context.js';
import { AuthConfig, AuthPayload, SignUpInput } from './auth.types.js';
import type { AuthResult } from './auth.service.js';

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Creates a built-in account' })
  signUp(@Arg('input', () => SignUpInput) input: SignUpInput, @Ctx() ctx: Context): Promise<AuthResult> {
    return ctx.app.auth.signUp(input, ctx.ip);
  }

  @Mutation(() => AuthPayload, { description: 'Signs in to a built-in account' })
  signIn(@Arg('email') email: string, @Arg('password') password: string, @Ctx() ctx: Context): Promise<AuthResult> {
    return ctx.app.auth.signIn(email, password, ctx.ip);
  }

  @Query(() => AuthConfig)
  authConfig(@Ctx() ctx: Context): AuthConfig {
    const { identity, config } = ctx.app.services;
    return {
      provider: identity.kind,
      clerkPublishableKey: identity.kind === 'clerk' ? (config.CLERK_PUBLISHABLE_KEY ?? null) : null,
    };
  }
}
