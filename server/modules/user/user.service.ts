// The user module owns the User table.
import type { Services } from '../../context.js';
import type { User } from '../../shared/db/generated/client.js';
import type { Session } from '../../auth/tokens.js';
import { verifyPassword } from '../../auth/passwords.js';
import { SignInThrottle } from '../auth/sign-in-throttle.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { ACCOUNT_GONE_MESSAGE } from '../../shared/db/account-gone.js';
import { type Db } from '../../shared/db/prisma.js';
import { Topic, type PubSub } from '../../shared/platform/pubsub.js';
import { deleteFileIfUnused } from '../../shared/creations/unused-files.js';
import type { Storage } from '../../shared/storage/types.js';

export const fullNameOf = (u: Pick<User, 'firstName' | 'lastName'>): string | null => [u.firstName, u.lastName].filter(Boolean).join(' ') || null;

export class UserService {
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly services: Services,
    /** Where the account's images are removed from when it is deleted. */
    private readonly files: Pick<Storage, 'remove'>,
    /** Ends what must end before an account goes (its paid subscription); throws to stop the deletion. */
    private readonly beforeDeletion: (userId: string) => Promise<void> = async () => undefined,
  ) {
    this.throttle = new SignInThrottle(services);
  }

  /**
   * Deletes the signed-in built-in account after checking its password: creations, likes,
   * files, usage and sessions go, and its open sockets close (USER_CHANGED). A Clerk account is
   * deleted in Clerk (its webhook deletes ours).
   */
  async deleteAccount(user: User, password: string, ip = 'unknown'): Promise<boolean> {
    if (user.authProvider !== 'local' || !user.passwordHash) {
      throw new AppError(ErrorCode.FORBIDDEN, 'Your account is managed by Clerk: delete it from your Clerk profile');
    }
    await this.throttle.beforePasswordCheck(ip, user.id);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'The password is not right', { field: 'password' });
    }
    await this.beforeDeletion(user.id);
    const deleted = await deleteUser(this.services.db, this.services.pubsub, user.id, this.files);
    this.services.identity.forget(user.id);
    if (!deleted) throw new AppError(ErrorCode.UNAUTHENTICATED, ACCOUNT_GONE_MESSAGE);
    return true;
  }

  /**
   * Signs out one built-in session: its token is refused from now on, on every API process,
   * and the sockets opened with it close (USER_CHANGED); the account's other sessions stay.
   * The list keeps a token until it expires (one statement: concurrent sign-outs all count).
   */
  async signOut(user: User, session: Session | null): Promise<boolean> {
    if (user.authProvider !== 'local' || !session) return false;
    const { db } = this.services;
    const count = await db.$executeRaw`
      UPDATE "User" SET "revokedTokens" = ARRAY(
        SELECT t FROM unnest("revokedTokens") AS t WHERE split_part(t, ':', 2)::bigint > extract(epoch FROM now())
      ) || ${`${session.id}:${session.expiresAt}`}::text
      WHERE id = ${user.id}::uuid`;
    if (!count) throw new AppError(ErrorCode.UNAUTHENTICATED, ACCOUNT_GONE_MESSAGE);
    await userChanged(this.services, user.id, 'a sign-out');
    return true;
  }
}

/** Every API process forgets its cached copy of the user and re-reads it for their open sockets (closed if it is gone). */
export const announceUserChange = (pubsub: Pick<PubSub, 'publish'>, userId: string) => pubsub.publish(Topic.USER_CHANGED, { userId });

/**
 * After a change to a user (`what`, for the log): this process forgets them at once, the others
 * through pub/sub; should that message be lost, they see it within USER_CACHE_TTL_MS.
 */
export async function userChanged(services: Pick<Services, 'identity' | 'pubsub' | 'log'>, userId: string, what: string): Promise<void> {
  services.identity.forget(userId);
  await announceUserChange(services.pubsub, userId).catch((e: Error) =>
    services.log.warn({ err: e.message }, `could not announce ${what}; other processes see it within USER_CACHE_TTL_MS`),
  );
}

/**
 * Deletes an account with what it owns (creations and their images, likes, jobs, usage; its
 * feedback stays, unlinked) and announces it, so every API process closes its open sockets at once. False
 * when there was no such user. `files` is the file store the images are removed from (with S3 it
 * must be given, or published copies would stay public).
 */
export async function deleteUser(db: Db, pubsub: Pick<PubSub, 'publish'>, userId: string, files?: Pick<Storage, 'remove'>): Promise<boolean> {
  const images = files ? await db.creation.findMany({ where: { userId, file: { not: null } }, select: { file: true } }) : [];
  const { count } = await db.user.deleteMany({ where: { id: userId } });
  if (count) await announceUserChange(pubsub, userId);
  // Their images are no longer served (no creation points at them); with their store given, they go too.
  for (const { file } of images) {
    await deleteFileIfUnused(db, files!, file).catch(() => undefined);
  }
  return count > 0;
}
