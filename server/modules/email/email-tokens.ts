// The tokens in e-mailed links (docs/email.md, "Links"): 256 random bits each, of which only the
// SHA-256 is stored, with what the link is for, whose it is, the address it went to, when it
// expires and when it was used. A link works once: using it is one conditional UPDATE (unused and
// not expired), so two uses at the same moment cannot both pass.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Prisma } from '../../shared/db/prisma.js';
import type { EmailToken, EmailTokenPurpose } from '../../shared/db/generated/client.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';

export type { EmailTokenPurpose };

/** base64url of 32 random bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Why a link was refused, in `extensions.reason`, with a message a person can act on. */
export type LinkRefusal = 'LINK_INVALID' | 'LINK_USED' | 'LINK_EXPIRED';

const AGAIN: Record<EmailTokenPurpose, string> = {
  RESET_PASSWORD: 'Ask for a new one from the sign-in page ("Forgot password?").',
  VERIFY_EMAIL: 'Sign in and choose "Resend" to get a new one.',
  CHANGE_EMAIL: 'Ask for the change again from your account page.',
};

export function refused(reason: LinkRefusal, purpose: EmailTokenPurpose): AppError {
  const what = { LINK_INVALID: 'This link is not valid', LINK_USED: 'This link was already used', LINK_EXPIRED: 'This link has expired' }[reason];
  return new AppError(ErrorCode.BAD_USER_INPUT, `${what}. ${AGAIN[purpose]}`, { reason, field: 'token' });
}

type Tx = Db | Prisma.TransactionClient;

/** A new token for `purpose`: the row keeps its hash; the token itself goes only into the e-mail. */
export async function issueEmailToken(db: Tx, userId: string, purpose: EmailTokenPurpose, email: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.emailToken.create({ data: { userId, purpose, email, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) } });
  return token;
}

/**
 * The row of a token for `purpose` that may still be used; refuses a malformed, unknown, used or
 * expired one (each with its reason). Only a look: `useEmailToken` takes it.
 */
export async function findUsableToken(db: Tx, token: string, purpose: EmailTokenPurpose): Promise<EmailToken> {
  if (!TOKEN_SHAPE.test(token)) throw refused('LINK_INVALID', purpose);
  const row = await db.emailToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.purpose !== purpose) throw refused('LINK_INVALID', purpose);
  if (row.usedAt) throw refused('LINK_USED', purpose);
  if (row.expiresAt.getTime() <= Date.now()) throw refused('LINK_EXPIRED', purpose);
  return row;
}

/**
 * Takes the token: marks it used if, at this moment, it is unused and unexpired (one statement),
 * and refuses it otherwise. Inside the transaction that does what the link is for, so a failure
 * after it gives the link back.
 */
export async function useEmailToken(tx: Tx, token: string, purpose: EmailTokenPurpose): Promise<EmailToken> {
  const now = new Date();
  const tokenHash = hashToken(token);
  const { count } = await tx.emailToken.updateMany({ where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  // Lost the race (or never was usable): say why.
  if (count !== 1) await findUsableToken(tx, token, purpose);
  if (count !== 1) throw refused('LINK_USED', purpose);
  return tx.emailToken.findUniqueOrThrow({ where: { tokenHash } });
}
