// One way in for every transport: a bearer token becomes a User row (upserted on first
// sight), whichever identity provider is active (docs/real-services.md).
import { createClerkClient, verifyToken as verifyClerkToken } from '@clerk/backend';
import { isClerkAPIResponseError } from '@clerk/backend/errors';
import { decodeJwt, verifyJwt } from '@clerk/backend/jwt';
import type { Config } from '../shared/platform/config.js';
import type { Db } from '../shared/db/prisma.js';
import type { User } from '../shared/db/generated/client.js';
import { Prisma } from '../shared/db/prisma.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import type { Logger } from '../shared/platform/logger.js';
import { isUuid } from '../shared/platform/validation.js';
import { inEffect } from '../modules/billing/billing.plan.js';
import { createAccount } from '../modules/moderation/roles.js';
import { ClerkJwks } from './clerk-jwks.js';
import { profileChanges, profileFromClaims, profileFromUserJson, type ClerkUserJson, type Profile } from './clerk-profile.js';
import { ClerkReachability, clerkUnavailable, DEFAULT_CLERK_TIMING, type ClerkTiming } from './clerk-reachability.js';
import { sessionOf, verifyTokenClaims, type Session, type TokenClaims } from './tokens.js';
import { UserCache } from './user-cache.js';

export type { User };

export interface IdentityProvider {
  readonly kind: 'builtin' | 'clerk';
  /** The user a token belongs to; throws UNAUTHENTICATED for a bad or expired token. */
  authenticate(token: string): Promise<User>;
  /** Forgets what is remembered of a user that changed (see UserCache). */
  forget(userId: string): void;
}

/** Whether a session (its tokenId and legacyTokenId, tokens.ts) was signed out. */
export const isSignedOut = (user: Pick<User, 'revokedTokens'>, session: Pick<Session, 'id' | 'legacyId'> | undefined): boolean =>
  session !== undefined && user.revokedTokens.some((entry) => entry.startsWith(`${session.id}:`) || entry.startsWith(`${session.legacyId}:`));

const SIGNED_OUT = 'You signed out of this session: please sign in again';
const PASSWORD_CHANGED = 'Your password was changed: please sign in again';
const SUSPENDED = 'Your account was suspended, which ended its sessions: sign in again to read why';

/** Tokens issued before this (epoch s) are refused: the password was changed then (0: none). */
export const sessionsValidFrom = (user: Pick<User, 'sessionsValidFrom'>): number => (user.sessionsValidFrom ? Math.floor(user.sessionsValidFrom.getTime() / 1000) : 0);

const unauthenticated = (why = 'Your session is invalid or has expired: please sign in again') => new AppError(ErrorCode.UNAUTHENTICATED, why);

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
    if (isSignedOut(user, sessionOf(token))) throw unauthenticated(SIGNED_OUT);
    if (claims.iatS < sessionsValidFrom(user)) throw unauthenticated(user.suspendedAt ? SUSPENDED : PASSWORD_CHANGED);
    // The plan as of this moment: a trial or cancelled period that ran out is FREE now.
    return inEffect(user);
  }
}

interface ClerkClaims {
  sub: string;
  iat?: number;
  /** Clerk Billing puts the active plan here, e.g. "u:premium"; none or another plan: free. */
  pla?: unknown;
  [claim: string]: unknown;
}

/** Clerk's default API address; CLERK_API_URL replaces it (a test server). */
const CLERK_API = 'https://api.clerk.com';
/** Clerk's category of machine-to-machine tokens: not a user's session. */
const M2M_TOKEN_CATEGORY = 'cl_B7d4PD333AAA';
/** Per-user memories (profile reads, newest token applied) are capped: a map, oldest first. */
const MEMORY_CAP = 50_000;

const planOf = (pla: unknown) => (typeof pla === 'string' && /premium/i.test(pla) ? 'PREMIUM' : 'FREE');

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  if (map.size >= MEMORY_CAP) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

/** A Backend API failure that says Clerk (or our key) is not usable now, as opposed to "no such user". */
const isOutage = (e: unknown) => !isClerkAPIResponseError(e) || !e.status || e.status >= 500 || [401, 403, 429].includes(e.status);

/**
 * Clerk's session tokens. The plan follows the `pla` claim of every token (up and down), and
 * the profile follows Clerk: from the token's custom claims when it carries them, else from
 * the Backend API, re-read once older than profileMaxAgeMs or after a failed read. A change
 * is written, dropped from the cache and announced (`announce`, USER_CHANGED) so every API
 * process sees it. Webhooks (clerk-webhooks.ts) push changes between tokens.
 */
export class ClerkIdentity implements IdentityProvider {
  readonly kind = 'clerk' as const;
  private readonly clerk;
  private readonly jwks: ClerkJwks | null;
  private readonly reach: ClerkReachability;
  private readonly timing: ClerkTiming;
  private readonly authorizedParties: string[] | undefined;
  /** When each user's profile was last read from the Backend API (ok: false when the read failed). */
  private readonly profileReads = new Map<string, { at: number; ok: boolean }>();
  private readonly profileInflight = new Map<string, Promise<Profile | null>>();
  /** The issue time of the newest token whose claims were applied, per Clerk user: an older token never undoes a newer one. */
  private readonly newestToken = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'CLERK_SECRET_KEY' | 'CLERK_JWT_KEY' | 'CLERK_API_URL' | 'CLERK_AUTHORIZED_PARTIES'>,
    private readonly log: Logger,
    private readonly users = new UserCache(0),
    private readonly announce: (userId: string) => Promise<unknown> = async () => undefined,
    timing: Partial<ClerkTiming> = {},
  ) {
    this.timing = { ...DEFAULT_CLERK_TIMING, ...timing };
    const apiUrl = (config.CLERK_API_URL ?? CLERK_API).replace(/\/+$/, '');
    this.reach = new ClerkReachability(this.timing, log, apiUrl);
    this.clerk = config.CLERK_SECRET_KEY ? createClerkClient({ secretKey: config.CLERK_SECRET_KEY, apiUrl }) : null;
    // With CLERK_JWT_KEY the signature is checked locally, with no network call.
    this.jwks = config.CLERK_SECRET_KEY && !config.CLERK_JWT_KEY ? new ClerkJwks(apiUrl, config.CLERK_SECRET_KEY, this.reach) : null;
    const parties = config.CLERK_AUTHORIZED_PARTIES?.split(',')
      .map((p) => p.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    this.authorizedParties = parties?.length ? parties : undefined;
  }

  forget(userId: string): void {
    this.users.forget(userId);
  }

  /** The token's claims; UNAUTHENTICATED when it is not a valid session token of ours, SERVICE_UNAVAILABLE when Clerk's keys cannot be had. */
  private async verify(token: string): Promise<ClerkClaims> {
    let key: JsonWebKey | undefined;
    if (this.jwks) {
      let kid: string | undefined;
      try {
        const { header } = decodeJwt(token);
        if (header.cat !== M2M_TOKEN_CATEGORY) kid = header.kid;
      } catch {
        // not a JWT: refused below
      }
      if (!kid) throw unauthenticated();
      try {
        key = await this.jwks.key(kid);
      } catch {
        // Clerk did not answer (logged by ClerkReachability): not the client's fault.
        throw clerkUnavailable();
      }
      if (!key) throw unauthenticated();
    }
    try {
      const claims = key
        ? await verifyJwt(token, { key, authorizedParties: this.authorizedParties })
        : await verifyClerkToken(token, { jwtKey: this.config.CLERK_JWT_KEY, authorizedParties: this.authorizedParties });
      return claims as unknown as ClerkClaims;
    } catch {
      throw unauthenticated();
    }
  }

  async authenticate(token: string): Promise<User> {
    const claims = await this.verify(token);
    const sub = claims.sub;
    const plan = planOf(claims.pla);
    const issuedAt = typeof claims.iat === 'number' ? claims.iat : 0;
    // Tokens live about a minute: one issued before the newest we applied may still arrive.
    const newest = issuedAt >= (this.newestToken.get(sub) ?? 0);
    if (newest) remember(this.newestToken, sub, issuedAt);
    const carried = profileFromClaims(claims, !this.clerk);
    const fromClaims = newest ? carried : null;

    const key = { authProvider_externalId: { authProvider: 'clerk', externalId: sub } };
    const cacheKey = `clerk:${sub}`;
    const existing = await this.users.get(cacheKey, () => this.db.user.findUnique({ where: key }));
    if (!existing) {
      const profile = carried ?? (await this.readProfile(sub)) ?? {};
      return this.create(sub, plan, profile);
    }

    const changes: Prisma.UserUpdateInput = {};
    if (newest && existing.plan !== plan) changes.plan = plan;
    const profile = fromClaims ?? (carried === null && this.profileDue(sub) ? await this.readProfile(sub) : null);
    if (profile) Object.assign(changes, profileChanges(existing, profile));
    if (Object.keys(changes).length === 0) return existing;
    return (await this.update(existing.id, changes, cacheKey)) ?? existing;
  }

  /**
   * A webhook's user.updated: the row of Clerk user `sub` takes `profile`, which also counts
   * as a fresh read. Returns whether a row changed.
   */
  async applyProfile(sub: string, profile: Profile): Promise<boolean> {
    remember(this.profileReads, sub, { at: Date.now(), ok: true });
    const row = await this.db.user.findUnique({ where: { authProvider_externalId: { authProvider: 'clerk', externalId: sub } } });
    const changes = row && profileChanges(row, profile);
    if (!row || !changes) return false;
    return (await this.update(row.id, changes, `clerk:${sub}`)) !== null;
  }

  /** Writes, drops every cached copy (here at once, elsewhere through `announce`) and keeps the new row. */
  private async update(userId: string, changes: Prisma.UserUpdateInput, cacheKey: string): Promise<User | null> {
    let updated: User;
    try {
      updated = await this.db.user.update({ where: { id: userId }, data: changes });
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2025') throw unauthenticated('This account no longer exists');
      // Another row (an account Clerk deleted without telling us) holds this e-mail: keep ours without it.
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002' && 'email' in changes) {
        const { email: _e, ...rest } = changes;
        this.log.warn({ userId }, "a Clerk user's new e-mail address belongs to another account row; kept the old one");
        return Object.keys(rest).length ? this.update(userId, rest, cacheKey) : null;
      }
      throw e;
    }
    this.users.forget(userId);
    this.users.set(cacheKey, updated);
    await this.announce(userId).catch((e: Error) => {
      this.log.warn({ err: e.message }, 'could not announce a Clerk user change; other processes see it within USER_CACHE_TTL_MS');
    });
    return updated;
  }

  private async create(sub: string, plan: 'PREMIUM' | 'FREE', profile: Partial<Profile>): Promise<User> {
    const key = { authProvider_externalId: { authProvider: 'clerk', externalId: sub } };
    try {
      return await createAccount(this.db, { authProvider: 'clerk', externalId: sub, plan, ...profile });
    } catch (e) {
      if (!(e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')) throw e;
      // A concurrent first request created the row, or another row holds this e-mail.
      const row = await this.db.user.findUnique({ where: key });
      if (row) return row;
      const { email: _e, ...rest } = profile;
      this.log.warn("a new Clerk user's e-mail address belongs to another account row; created without it");
      return createAccount(this.db, { authProvider: 'clerk', externalId: sub, plan, ...rest });
    }
  }

  /** Whether the Backend API should be asked for this user's profile now. */
  private profileDue(sub: string): boolean {
    if (!this.clerk) return false;
    const last = this.profileReads.get(sub);
    if (!last) return true;
    if (!last.ok) return !this.reach.down; // retried once Clerk answers again
    return Date.now() - last.at > this.timing.profileMaxAgeMs;
  }

  /** The user's profile from Clerk's Backend API; null when it cannot be read now (tried again on a later request). */
  private readProfile(sub: string): Promise<Profile | null> {
    const clerk = this.clerk;
    if (!clerk || this.reach.down) {
      if (clerk) remember(this.profileReads, sub, { at: Date.now(), ok: false });
      return Promise.resolve(null);
    }
    let read = this.profileInflight.get(sub);
    if (!read) {
      read = this.reach
        .call('user profile', () => clerk.users.getUser(sub), isOutage)
        .then(
          (u) => {
            remember(this.profileReads, sub, { at: Date.now(), ok: true });
            return u.raw ? profileFromUserJson(u.raw as unknown as ClerkUserJson) : null;
          },
          (e: unknown) => {
            // 404: Clerk has no such user (a webhook deletes it); nothing to read, nothing to retry soon.
            const gone = isClerkAPIResponseError(e) && e.status === 404;
            remember(this.profileReads, sub, { at: Date.now(), ok: gone });
            return null;
          },
        )
        .finally(() => this.profileInflight.delete(sub));
      this.profileInflight.set(sub, read);
    }
    return read;
  }
}
