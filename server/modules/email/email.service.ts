// Account e-mail for built-in accounts (docs/email.md): the address confirmed at sign-up, a
// forgotten password reset by a link, a change of address confirmed at the new one. With Clerk,
// Clerk does all of this and these requests are refused.
//
// Requests that name an address (password reset) answer the same whether or not it has an
// account, after the same work (one lookup, one write); the message itself is sent after the
// answer, so a slow SMTP server shows in neither. Each request is counted per client address
// (EMAIL_RATE_PER_HOUR) and per address written to (EMAILS_PER_ADDRESS_PER_HOUR), account or not.
import { createHash } from 'node:crypto';
import type { Services } from '../../context.js';
import type { User } from '../../shared/db/generated/client.js';
import { Prisma } from '../../shared/db/prisma.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { emailSchema } from '../../shared/platform/validation.js';
import { EMAIL_CHANGE_TTL_MS, EMAIL_VERIFY_TTL_MS, EMAILS_PER_ADDRESS_PER_HOUR, PASSWORD_RESET_TTL_MS } from '../../shared/platform/constants.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.js';
import { issueToken } from '../../auth/tokens.js';
import { enforceRate } from '../../rate-limit.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { emailChangedNotice, emailChangeMessage, emailTakenNotice, passwordResetMessage, verificationMessage } from '../../mail/messages.js';
import { SignInThrottle } from '../auth/sign-in-throttle.js';
import { fullNameOf, userChanged } from '../user/user.service.js';
import { findUsableToken, hashToken, issueEmailToken, refused, useEmailToken, type EmailTokenPurpose } from './email-tokens.js';

const HOUR_MS = 60 * 60_000;

/** The client's pages the links open (client/src/features/email). */
const PAGES: Record<EmailTokenPurpose, string> = {
  VERIFY_EMAIL: '/verify-email',
  RESET_PASSWORD: '/reset-password',
  CHANGE_EMAIL: '/confirm-email',
};

export interface ResetResult {
  token: string;
  user: User;
}

export class EmailService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly services: Services,
    readonly mailer: Mailer,
  ) {
    this.throttle = new SignInThrottle(services);
  }

  private requireBuiltin(): void {
    if (this.services.identity.kind !== 'builtin') {
      throw new AppError(ErrorCode.FORBIDDEN, 'Account e-mail is handled by Clerk on this server');
    }
  }

  /**
   * Where links start: PUBLIC_URL; with no SMTP server (the outbox, read by the operator) the
   * request's own origin may stand in, as config.ts requires PUBLIC_URL with SMTP_URL.
   */
  private linkTo(purpose: EmailTokenPurpose, token: string, origin: string | undefined): string {
    const base = this.services.config.PUBLIC_URL ?? (this.mailer.kind === 'outbox' ? origin : undefined);
    if (!base) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'This server does not know its public address (set PUBLIC_URL)');
    return `${base.replace(/\/+$/, '')}${PAGES[purpose]}?${new URLSearchParams({ token })}`;
  }

  /** Sends after the answer: a failure is logged (never the message, which holds the link). */
  private deliver(message: MailMessage): void {
    void this.mailer.send(message).catch((e: Error) => this.services.log.warn({ kind: message.kind, err: e.message }, 'could not send an account e-mail'));
  }

  /** Counts a request for e-mail: per client address, and per address written to (hashed: any text may come in). */
  private async count(ip: string, address: string): Promise<void> {
    const { redis, config } = this.services;
    const base = `${config.REDIS_PREFIX}:rate:email`;
    await enforceRate(redis, `${base}:ip:${ip}`, config.EMAIL_RATE_PER_HOUR, HOUR_MS, 'e-mail requests');
    const to = createHash('sha256').update(address.trim().toLowerCase()).digest('base64url').slice(0, 22);
    await enforceRate(redis, `${base}:to:${to}`, EMAILS_PER_ADDRESS_PER_HOUR, HOUR_MS, 'e-mails to this address');
  }

  /** After sign-up: the verification link to the new account's address. Never fails the sign-up. */
  async afterSignUp(user: User, origin: string | undefined): Promise<void> {
    if (!user.email) return;
    try {
      const token = await issueEmailToken(this.services.db, user.id, 'VERIFY_EMAIL', user.email, EMAIL_VERIFY_TTL_MS);
      this.deliver(verificationMessage(user.email, fullNameOf(user), this.linkTo('VERIFY_EMAIL', token, origin)));
    } catch (e) {
      this.services.log.warn({ err: (e as Error).message }, 'could not send the verification e-mail after a sign-up');
    }
  }

  /** "Resend" on the banner: a new verification link for the signed-in account's address. */
  async resendVerification(user: User, ip: string, origin: string | undefined): Promise<boolean> {
    this.requireBuiltin();
    if (user.authProvider !== 'local' || !user.email) throw new AppError(ErrorCode.FORBIDDEN, 'Only built-in accounts verify their address here');
    if (user.emailVerifiedAt) throw new AppError(ErrorCode.BAD_USER_INPUT, 'Your e-mail address is already verified', { reason: 'ALREADY_VERIFIED' });
    await this.count(ip, user.email);
    const token = await issueEmailToken(this.services.db, user.id, 'VERIFY_EMAIL', user.email, EMAIL_VERIFY_TTL_MS);
    this.deliver(verificationMessage(user.email, fullNameOf(user), this.linkTo('VERIFY_EMAIL', token, origin)));
    return true;
  }

  /** The verification link: the address it was sent to is verified, once, if it is still the account's. */
  async verifyEmail(token: string, ip: string): Promise<boolean> {
    this.requireBuiltin();
    await this.throttle.address(ip);
    const userId = await this.services.db.$transaction(async (tx) => {
      const row = await useEmailToken(tx, token, 'VERIFY_EMAIL');
      const { count } = await tx.user.updateMany({ where: { id: row.userId, email: row.email }, data: { emailVerifiedAt: new Date() } });
      // The account's address changed since (or the account is gone): the link is void.
      if (count !== 1) throw refused('LINK_INVALID', 'VERIFY_EMAIL');
      return row.userId;
    });
    await userChanged(this.services, userId, 'an e-mail verification');
    return true;
  }

  /**
   * "Forgot password?": a reset link to the address if a built-in account has it. The answer is
   * the same either way, after the same work: one lookup and one write (the token, or a delete
   * that matches nothing).
   */
  async requestPasswordReset(rawEmail: string, ip: string, origin: string | undefined): Promise<boolean> {
    this.requireBuiltin();
    await this.count(ip, rawEmail);
    const address = emailSchema.safeParse(rawEmail);
    if (!address.success) throw new AppError(ErrorCode.BAD_USER_INPUT, address.error.issues[0]?.message ?? 'Please enter a valid e-mail address', { field: 'email' });
    const { db } = this.services;
    const user = await db.user.findUnique({ where: { authProvider_email: { authProvider: 'local', email: address.data } } });
    if (!user) {
      await db.emailToken.deleteMany({ where: { tokenHash: hashToken(address.data) } });
      return true;
    }
    const token = await issueEmailToken(db, user.id, 'RESET_PASSWORD', address.data, PASSWORD_RESET_TTL_MS);
    this.deliver(passwordResetMessage(address.data, fullNameOf(user), this.linkTo('RESET_PASSWORD', token, origin)));
    return true;
  }

  /**
   * The reset link's page: sets the new password, once. Every session issued before now ends
   * (as a password change does); the caller is signed in with the token returned. The address
   * the link went to is verified by its use.
   */
  async resetPassword(token: string, newPassword: string, ip: string): Promise<ResetResult> {
    this.requireBuiltin();
    await this.throttle.address(ip);
    const { db, tokenSecret } = this.services;
    const row = await findUsableToken(db, token, 'RESET_PASSWORD');
    const user = await db.user.findUnique({ where: { id: row.userId } });
    // Sent to an address the account no longer has: void.
    if (!user || user.authProvider !== 'local' || user.email !== row.email) throw refused('LINK_INVALID', 'RESET_PASSWORD');
    const problem = passwordProblem(newPassword, row.email);
    if (problem) throw new AppError(ErrorCode.BAD_USER_INPUT, problem, { field: 'newPassword' });
    const passwordHash = await hashPassword(newPassword);
    // Whole seconds, as tokens' issue times are: the token issued below is valid, every older one is not.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const updated = await db.$transaction(async (tx) => {
      await useEmailToken(tx, token, 'RESET_PASSWORD');
      // The account's other reset links die with this one.
      await tx.emailToken.updateMany({ where: { userId: user.id, purpose: 'RESET_PASSWORD', usedAt: null }, data: { usedAt: new Date() } });
      return tx.user.update({ where: { id: user.id }, data: { passwordHash, sessionsValidFrom: now, emailVerifiedAt: user.emailVerifiedAt ?? new Date() } });
    });
    await userChanged(this.services, user.id, 'a password reset');
    return { user: updated, token: await issueToken(tokenSecret, user.id) };
  }

  /**
   * A change of address, after the current password: a link to the new address, which becomes
   * the account's when it is opened. An address another account has gets a note instead, and the
   * answer is the same.
   */
  async requestEmailChange(user: User, rawEmail: string, password: string, ip: string, origin: string | undefined): Promise<boolean> {
    this.requireBuiltin();
    if (user.authProvider !== 'local' || !user.passwordHash) throw new AppError(ErrorCode.FORBIDDEN, 'Only built-in accounts change their address here');
    const address = emailSchema.safeParse(rawEmail);
    if (!address.success) throw new AppError(ErrorCode.BAD_USER_INPUT, address.error.issues[0]?.message ?? 'Please enter a valid e-mail address', { field: 'email' });
    if (address.data === user.email) throw new AppError(ErrorCode.BAD_USER_INPUT, 'This is already your e-mail address', { field: 'email' });
    await this.throttle.beforePasswordCheck(ip, user.id);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'The password is not right', { field: 'password' });
    }
    await this.count(ip, address.data);
    const { db } = this.services;
    const taken = await db.user.findUnique({ where: { authProvider_email: { authProvider: 'local', email: address.data } }, select: { id: true } });
    if (taken) {
      await db.emailToken.deleteMany({ where: { tokenHash: hashToken(address.data) } });
      this.deliver(emailTakenNotice(address.data));
      return true;
    }
    const token = await issueEmailToken(db, user.id, 'CHANGE_EMAIL', address.data, EMAIL_CHANGE_TTL_MS);
    this.deliver(emailChangeMessage(address.data, fullNameOf(user), this.linkTo('CHANGE_EMAIL', token, origin)));
    return true;
  }

  /** The change link: the new address becomes the account's (verified), once; the old one is told. */
  async confirmEmailChange(token: string, ip: string): Promise<User> {
    this.requireBuiltin();
    await this.throttle.address(ip);
    const { db } = this.services;
    let before: User | null = null;
    let updated: User;
    try {
      updated = await db.$transaction(async (tx) => {
        const row = await useEmailToken(tx, token, 'CHANGE_EMAIL');
        before = await tx.user.findUnique({ where: { id: row.userId } });
        if (!before || before.authProvider !== 'local') throw refused('LINK_INVALID', 'CHANGE_EMAIL');
        return tx.user.update({ where: { id: row.userId }, data: { email: row.email, emailVerifiedAt: new Date() } });
      });
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
        throw new AppError(ErrorCode.BAD_USER_INPUT, 'Another account uses this address now: nothing was changed', { reason: 'EMAIL_TAKEN', field: 'email' });
      }
      throw e;
    }
    const old = (before as User | null)?.email;
    if (old && old !== updated.email) this.deliver(emailChangedNotice(old, fullNameOf(updated), updated.email!));
    await userChanged(this.services, updated.id, 'a change of e-mail address');
    return updated;
  }
}
