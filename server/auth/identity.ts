// One way in for every transport: a bearer token becomes a User row (upserted on first
// sight), whichever identity provider is active (DESIGN.md §2).
import { createClerkClient, verifyToken as verifyClerkToken } from '@clerk/backend';
import type { Config } from '../config.js';
import type { Db } from '../db/prisma.js';
import type { User } from '../db/generated/client.js';
import { AppError, ErrorCode } from '../errors.js';
import type { Logger } from '../logger.js';
import { isUuid } from '../validation.js';
import { tokenId, verifyTokenClaims, type TokenClaims } from './tokens.js';
import { UserCache } from './user-cache.js';

export type { User };

export interface IdentityProvider {
  readonly kind: 'builtin' | 'clerk';
  /** The user a token belongs to; throws UNAUTHENTICATED for a bad or expired token. */
  authenticate(token: string): Promise<User>;
  /** Forgets what is remembered of a user that changed (see UserCache). */
  forget(userId: string): void;
}

/** Whether the session of the token named `id` (tokenId) was signed out. */
export const isSignedOut = (user: Pick<User, 'revokedTokens'>, id: string | undefined): boolean =>
  id !== undefined && user.revokedTokens.some((entry) => entry.startsWith(`${id}:`));

const SIGNED_OUT = 'You signed out of this session: please sign in again';

const unauthenticated = (why = 'Your session is invalid or has expired: please sign in again') =>
  new AppError(ErrorCode.UNAUTHENTICATED, why);

/** "Bearer abc" → "abc"; undefined when no credentials were sent. */
export function bearerToken(header: unknown): string | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match?.[1]) throw unauthenticated('The Authorization header must read "Bearer <token>"');
  return match[1];
}

export class BuiltinIdentity implements IdentityProvider {
  readonly kind = 'builtin' as const;
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly users = new UserCache(0),
  ) {}

  forget(userId: string): void {
    this.users.forget(userId);
  }

  async authenticate(token: string): Promise<User> {
    let claims: TokenClaims;
    try {
      claims = await verifyTokenClaims(this.secret, token);
    } catch {
      throw unauthenticated();
    }
    const userId = claims.sub;
    // Correctly signed but naming no possible user (our ids are UUIDs): Postgres would refuse the lookup.
    if (!isUuid(userId)) throw unauthenticated();
    const user = await this.users.get(userId, () => this.db.user.findUnique({ where: { id: userId } }));
    if (!user || user.authProvider !== 'local') throw unauthenticated('This account no longer exists');
    if (isSignedOut(user, tokenId(token))) throw unauthenticated(SIGNED_OUT);
    return user;
  }
}

interface ClerkClaims {
  sub: string;
  email?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  image_url?: unknown;
  /** Clerk Billing puts the active plan here, e.g. "u:premium". */
  pla?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export class ClerkIdentity implements IdentityProvider {
  readonly kind = 'clerk' as const;
  private readonly clerk;
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'CLERK_SECRET_KEY' | 'CLERK_JWT_KEY'>,
    private readonly log: Logger,
    private readonly users = new UserCache(0),
  ) {
    this.clerk = config.CLERK_SECRET_KEY ? createClerkClient({ secretKey: config.CLERK_SECRET_KEY }) : null;
  }

  forget(userId: string): void {
    this.users.forget(userId);
  }

  async authenticate(token: string): Promise<User> {
    let claims: ClerkClaims;
    try {
      // With CLERK_JWT_KEY the signature is checked locally, with no network call.
      claims = (await verifyClerkToken(token, {
        jwtKey: this.config.CLERK_JWT_KEY,
        secretKey: this.config.CLERK_SECRET_KEY,
      })) as unknown as ClerkClaims;
    } catch {
      throw unauthenticated();
    }
    const plan = typeof claims.pla === 'string' && /premium/i.test(claims.pla) ? 'PREMIUM' : undefined;
    const key = { authProvider_externalId: { authProvider: 'clerk', externalId: claims.sub } };
    const cacheKey = `clerk:${claims.sub}`;
    const existing = await this.users.get(cacheKey, () => this.db.user.findUnique({ where: key }));
    if (existing) {
      if (!plan || existing.plan === plan) return existing;
      const updated = await this.db.user.update({ where: { id: existing.id }, data: { plan } });
      this.users.set(cacheKey, updated);
      return updated;
    }
    const profile = await this.profile(claims);
    try {
      return await this.db.user.create({ data: { authProvider: 'clerk', externalId: claims.sub, plan, ...profile } });
    } catch {
      // A concurrent first request created the row.
      return this.db.user.findUniqueOrThrow({ where: key });
    }
  }

  /** Names and e-mail from the token's claims, or from Clerk's API when a secret key is set. */
  private async profile(claims: ClerkClaims) {
    const fromClaims = {
      email: str(claims.email),
      firstName: str(claims.first_name),
      lastName: str(claims.last_name),
      imageUrl: str(claims.image_url),
    };
    if (fromClaims.email || !this.clerk) return fromClaims;
    try {
      const u = await this.clerk.users.getUser(claims.sub);
      return {
        email: u.primaryEmailAddress?.emailAddress ?? u.emailAddresses[0]?.emailAddress ?? null,
        firstName: u.firstName,
        lastName: u.lastName,
        imageUrl: u.imageUrl,
      };
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'could not fetch the Clerk profile; using token claims');
      return fromClaims;
    }
  }
}
