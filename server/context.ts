// The shapes every module shares, and nothing else: this file imports no module's code, so
// services and resolvers can import it without closing a circle. The services themselves
// are composed in server/compose.ts, which no module imports.
import type { Redis } from 'ioredis';
import type { Config } from './shared/platform/config.js';
import type { Queues } from './shared/jobs/queues.js';
import type { Db } from './shared/db/prisma.js';
import type { IdentityProvider, User } from './auth/identity.js';
import type { ApiKeyGrant, Credentials } from './auth/api-keys.js';
import type { Session } from './auth/tokens.js';
import type { Logger } from './shared/platform/logger.js';
import type { PubSub } from './shared/platform/pubsub.js';
import type { CreationLoaders } from './modules/creation/creation.loaders.js';
import { AppError, ErrorCode } from './shared/platform/errors.js';

/** What every module needs, built once per process. */
export interface Services {
  config: Config;
  db: Db;
  /** Commands (not subscriptions): rate limits, job state, queues. */
  redis: Redis;
  queues: Queues;
  pubsub: PubSub;
  identity: IdentityProvider;
  /** Bearer tokens (sessions and API keys) as Principals: what every transport authenticates with. */
  credentials: Credentials;
  tokenSecret: Uint8Array;
  log: Logger;
}

/**
 * Per request (HTTP) or per operation (WebSocket). `S` is the part of the composed services a
 * resolver uses: each resolver names only its own (e.g. `Context<{ likes: LikeService }>`).
 */
export interface Context<S = unknown> {
  user: User | null;
  /** The client's address (for per-IP limits); 'unknown' when the transport hides it. */
  ip: string;
  /** The signed-in session (its token's name), for sign-out; null when anonymous. */
  session: Session | null;
  /** The API key the request came with (its scopes limit it); null for a session or anonymous. */
  apiKey: ApiKeyGrant | null;
  app: S;
  loaders: CreationLoaders;
}

export function requireUser(ctx: Pick<Context, 'user'>): User {
  if (!ctx.user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in to continue');
  return ctx.user;
}

/**
 * Refuses a suspended account (ACCOUNT_SUSPENDED) where it would publish, like, report or start
 * a job (docs/moderation.md, "Suspension"); returns the user otherwise.
 */
export function requireActive<U extends Pick<User, 'suspendedAt' | 'suspendedReason'>>(user: U): U {
  if (user.suspendedAt) {
    const why = user.suspendedReason ? ` (${user.suspendedReason})` : '';
    throw new AppError(ErrorCode.ACCOUNT_SUSPENDED, `Your account is suspended${why}: you cannot publish, like, report or start jobs. Contact the site's moderators.`);
  }
  return user;
}
