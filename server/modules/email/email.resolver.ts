import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import type { User } from '../../shared/db/generated/client.js';
import { AuthPayload } from '../auth/auth.types.js';
import { UserObject } from '../user/user.types.js';
import type { EmailService, ResetResult } from './email.service.js';

/** `origin`: the request's own origin (app.ts), where links point when PUBLIC_URL is unset and mail goes to the outbox. */
type EmailContext = Context<{ email: EmailService }> & { origin?: string };

/** Account e-mail of built-in accounts (docs/email.md); refused (FORBIDDEN) when Clerk is the identity provider. */
@Resolver()
export class EmailResolver {
  @Mutation(() => Boolean, {
    description:
      'Sends a password reset link to the address if a built-in account has it. The answer is true either way (nothing tells whether the address has an account); RATE_LIMITED past the limits.',
  })
  requestPasswordReset(@Arg('email') email: string, @Ctx() ctx: EmailContext): Promise<boolean> {
    return ctx.app.email.requestPasswordReset(email, ctx.ip, ctx.origin);
  }

  @Mutation(() => AuthPayload, {
    description:
      "Sets a new password with a reset link's token, once: every other session of the account ends, and this caller is signed in with the token returned. A used, expired or unknown link is BAD_USER_INPUT with reason LINK_USED, LINK_EXPIRED or LINK_INVALID.",
  })
  resetPassword(@Arg('token') token: string, @Arg('newPassword') newPassword: string, @Ctx() ctx: EmailContext): Promise<ResetResult> {
    return ctx.app.email.resetPassword(token, newPassword, ctx.ip);
  }

  @Mutation(() => Boolean, { description: "Verifies the account's address with the token of the link sent to it, once (reasons as resetPassword's)." })
  verifyEmail(@Arg('token') token: string, @Ctx() ctx: EmailContext): Promise<boolean> {
    return ctx.app.email.verifyEmail(token, ctx.ip);
  }

  @Mutation(() => Boolean, { description: "Sends the signed-in built-in account a new link to verify its address ('Resend')." })
  resendVerificationEmail(@Ctx() ctx: EmailContext): Promise<boolean> {
    return ctx.app.email.resendVerification(requireUser(ctx), ctx.ip, ctx.origin);
  }

  @Mutation(() => Boolean, {
    description:
      "Asks to change the signed-in built-in account's address, after its password: a link goes to the new address and the change happens when it is opened. True whether or not the new address has an account.",
  })
  requestEmailChange(@Arg('newEmail') newEmail: string, @Arg('password') password: string, @Ctx() ctx: EmailContext): Promise<boolean> {
    return ctx.app.email.requestEmailChange(requireUser(ctx), newEmail, password, ctx.ip, ctx.origin);
  }

  @Mutation(() => UserObject, {
    description: "Makes the new address the account's, with the token of the link sent to it, once; the old address is told (reasons as resetPassword's, or EMAIL_TAKEN).",
  })
  confirmEmailChange(@Arg('token') token: string, @Ctx() ctx: EmailContext): Promise<User> {
    return ctx.app.email.confirmEmailChange(token, ctx.ip);
  }
}
