import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import { AuthConfig, AuthPayload, SignUpInput } from './auth.types.js';
import type { AuthResult, AuthService } from './auth.service.js';

/** `origin`: the request's own origin (app.ts), for the verification link when PUBLIC_URL is unset. */
type AuthContext = Context<{ auth: AuthService; services: Pick<Services, 'identity' | 'config'> }> & { origin?: string };

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Creates a built-in account; a link to verify its address is sent to it (docs/email.md)' })
  signUp(@Arg('input', () => SignUpInput) input: SignUpInput, @Ctx() ctx: AuthContext): Promise<AuthResult> {
    return ctx.app.auth.signUp(input, ctx.ip, ctx.origin);
  }

  @Mutation(() => AuthPayload, { description: 'Signs in to a built-in account' })
  signIn(@Arg('email') email: string, @Arg('password') password: string, @Ctx() ctx: AuthContext): Promise<AuthResult> {
    return ctx.app.auth.signIn(email, password, ctx.ip);
  }

  @Mutation(() => AuthPayload, { description: 'Changes the password of the signed-in built-in account: every other session ends; this one goes on with the token returned' })
  changePassword(@Arg('currentPassword') currentPassword: string, @Arg('newPassword') newPassword: string, @Ctx() ctx: AuthContext): Promise<AuthResult> {
    return ctx.app.auth.changePassword(requireUser(ctx), currentPassword, newPassword, ctx.ip);
  }

  @Query(() => AuthConfig)
  authConfig(@Ctx() ctx: AuthContext): AuthConfig {
    const { identity, config } = ctx.app.services;
    return {
      provider: identity.kind,
      clerkPublishableKey: identity.kind === 'clerk' ? (config.CLERK_PUBLISHABLE_KEY ?? null) : null,
    };
  }
}
