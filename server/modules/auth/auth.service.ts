// Built-in accounts: sign-up and sign-in with scrypt-hashed passwords and JWTs.
import { z } from 'zod';
import type { Services } from '../../context.js';
import type { User } from '../../shared/db/generated/client.js';
import { Prisma } from '../../shared/db/prisma.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { emailSchema, labelledText, parseInput } from '../../shared/platform/validation.js';
import { NAME_MAX_LENGTH } from '../../shared/platform/constants.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.js';
import { issueToken } from '../../auth/tokens.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { userChanged } from '../user/user.service.js';
import { createAccount } from '../moderation/roles.js';

const signUpSchema = z.object({
  email: emailSchema,
  password: z.string(),
  firstName: labelledText('First name', NAME_MAX_LENGTH),
  lastName: labelledText('Last name', NAME_MAX_LENGTH),
});

export interface AuthResult {
  token: string;
  user: User;
}

// A fixed hash to compare against when the e-mail is unknown, so sign-in takes as long either way.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export class AuthService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly services: Services,
    /** After a sign-up (the verification e-mail: docs/email.md); never fails it. */
    private readonly afterSignUp: (user: User, origin: string | undefined) => Promise<void> = async () => undefined,
  ) {
    this.throttle = new SignInThrottle(services);
  }

  private requireBuiltin(): void {
    if (this.services.identity.kind !== 'builtin') {
      throw new AppError(ErrorCode.FORBIDDEN, 'Built-in accounts are turned off: sign in with Clerk');
    }
  }

  async signUp(input: unknown, ip = 'unknown', origin?: string): Promise<AuthResult> {
    this.requireBuiltin();
    await this.throttle.address(ip);
    const data = parseInput(signUpSchema, input);
    const problem = passwordProblem(data.password, data.email);
    if (problem) throw new AppError(ErrorCode.BAD_USER_INPUT, problem, { field: 'password' });
    const passwordHash = await hashPassword(data.password);
    try {
      // The first account of a fresh instance is its administrator (docs/moderation.md, "Roles").
      const user = await createAccount(this.services.db, {
        authProvider: 'local',
        externalId: crypto.randomUUID(),
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
        passwordHash,
      });
      await this.afterSignUp(user, origin);
      return { user, token: await issueToken(this.services.tokenSecret, user.id) };
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
        throw new AppError(ErrorCode.BAD_USER_INPUT, 'An account with this e-mail already exists', { field: 'email', reason: 'EMAIL_TAKEN' });
      }
      throw e;
    }
  }

  async signIn(rawEmail: string, password: string, ip = 'unknown'): Promise<AuthResult> {
    this.requireBuiltin();
    const check = await this.throttle.beforeSignIn(ip, rawEmail);
    let user: User | null;
    let ok: boolean;
    try {
      const address = emailSchema.safeParse(rawEmail);
      user = address.success ? await this.services.db.user.findUnique({ where: { authProvider_email: { authProvider: 'local', email: address.data } } }) : null;
      ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    } catch (e) {
      await this.throttle.release(check).catch(() => undefined);
      throw e;
    }
    if (!user || !ok) {
      await this.throttle.failed(check);
      throw new AppError(ErrorCode.UNAUTHENTICATED, 'Wrong e-mail or password');
    }
    await this.throttle.succeeded(check);
    return { user, token: await issueToken(this.services.tokenSecret, user.id) };
  }

  /**
   * Changes a built-in account's password after checking the current one. Every session
   * issued before now ends (tokens refused, open sockets closed); this one continues with the
   * new token returned.
   */
  async changePassword(user: User, currentPassword: string, newPassword: string, ip = 'unknown'): Promise<AuthResult> {
    this.requireBuiltin();
    await this.throttle.beforePasswordCheck(ip, user.id);
    if (!user.passwordHash || !(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'Your current password is not right', { field: 'currentPassword' });
    }
    const problem = passwordProblem(newPassword, user.email ?? '');
    if (problem) throw new AppError(ErrorCode.BAD_USER_INPUT, problem, { field: 'newPassword' });
    // Whole seconds, as tokens' issue times are: the new token (issued after) is valid, every older one is not.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const updated = await this.services.db.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword(newPassword), sessionsValidFrom: now },
    });
    await userChanged(this.services, user.id, 'a password change');
    return { user: updated, token: await issueToken(this.services.tokenSecret, user.id) };
  }
}
