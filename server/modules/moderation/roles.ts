// Who may do what in the community's moderation (docs/moderation.md, "Roles"): a user's role is
// the one stored on its row, or ADMIN when its verified address is in ADMIN_EMAILS; the first
// account of a fresh instance is stored as ADMIN when it is made.
import type { Config } from '../../shared/platform/config.js';
import type { Db, Prisma } from '../../shared/db/prisma.js';
import type { User } from '../../shared/db/generated/client.js';
import type { Role } from '../../shared/db/generated/enums.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';

/** What a moderation or admin field needs: MODERATOR lets moderators and admins in, ADMIN only admins. */
export type Access = 'MODERATOR' | 'ADMIN';

const RANK: Record<Role, number> = { USER: 0, MODERATOR: 1, ADMIN: 2 };

const parsed = new Map<string, ReadonlySet<string>>();

/** ADMIN_EMAILS as a set of lower-case addresses (parsed once per value). */
export function adminEmails(config: Pick<Config, 'ADMIN_EMAILS'>): ReadonlySet<string> {
  let set = parsed.get(config.ADMIN_EMAILS);
  if (!set) {
    set = new Set(
      config.ADMIN_EMAILS.split(',')
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    );
    parsed.set(config.ADMIN_EMAILS, set);
  }
  return set;
}

type RoleFields = Pick<User, 'role' | 'email' | 'authProvider' | 'emailVerifiedAt'>;
type GuardFields = RoleFields & Pick<User, 'suspendedAt' | 'suspendedReason'>;

/**
 * The role in effect: ADMIN_EMAILS counts only once the address is verified (a built-in account
 * could be signed up with anyone's address before its owner does), and Clerk verifies its own.
 */
export function roleOf(user: RoleFields, config: Pick<Config, 'ADMIN_EMAILS'>): Role {
  if (user.role === 'ADMIN') return 'ADMIN';
  const verified = user.authProvider !== 'local' || user.emailVerifiedAt !== null;
  if (verified && user.email && adminEmails(config).has(user.email.toLowerCase())) return 'ADMIN';
  return user.role;
}

/** Whether the role lets its holder in where `access` is needed. */
export const allows = (role: Role, access: Access): boolean => RANK[role] >= RANK[access];

/**
 * FORBIDDEN unless the signed-in user's role is at least `access` (a signed-out caller too: no
 * role); a suspended moderator or administrator is refused with ACCOUNT_SUSPENDED.
 */
export function requireRole<U extends GuardFields>(user: U | null, config: Pick<Config, 'ADMIN_EMAILS'>, access: Access): U {
  if (!user || !allows(roleOf(user, config), access)) {
    throw new AppError(ErrorCode.FORBIDDEN, access === 'ADMIN' ? 'Only an administrator may do this' : 'Only a moderator or an administrator may do this', { access });
  }
  // Not context.ts's requireActive: identity.ts imports this file, and context.ts imports identity's types.
  if (user.suspendedAt) throw new AppError(ErrorCode.ACCOUNT_SUSPENDED, 'Your account is suspended: you cannot moderate while it is');
  return user;
}

/** The advisory lock every account creation takes, so that exactly one first account is made ADMIN. */
const FIRST_ACCOUNT_LOCK = 0x61746c72;

/**
 * Creates an account; the first of a fresh instance (no account exists yet) is stored as ADMIN.
 * Account creations take one lock in turn, so two first sign-ups at once make one admin.
 */
export async function createAccount(db: Db, data: Prisma.UserUncheckedCreateInput): Promise<User> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK}::bigint)`;
    const someone = await tx.user.findFirst({ select: { id: true } });
    return tx.user.create({ data: someone ? data : { ...data, role: 'ADMIN' } });
  });
}
