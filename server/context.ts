import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Queues } from './modules/job/queues.js';
import type { Db } from './db/prisma.js';
import type { IdentityProvider, User } from './auth/identity.js';
import type { Logger } from './logger.js';
import type { PubSub } from './pubsub.js';
import { AppError, ErrorCode } from './errors.js';
import { createCreationLoaders, type CreationLoaders } from './modules/creation/creation.loaders.js';
import type { App } from './modules/index.js';

/** What every module needs, built once per process. */
export interface Services {
  config: Config;
  db: Db;
  /** Commands (not subscriptions): rate limits, job state, queues. */
  redis: Redis;
  queues: Queues;
  pubsub: PubSub;
  identity: IdentityProvider;
  tokenSecret: Uint8Array;
  log: Logger;
}

/** Per request (HTTP) or per operation (WebSocket). */
export interface Context {
  user: User | null;
  /** The client's address (for per-IP limits); 'unknown' when the transport hides it. */
  ip: string;
  app: App;
  loaders: CreationLoaders;
}

export function createContext(app: App, user: User | null, ip = 'unknown'): Context {
  return { user, ip, app, loaders: createCreationLoaders(app.services.db, user?.id ?? null) };
}

export function requireUser(ctx: Pick<Context, 'user'>): User {
  if (!ctx.user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Please sign in to continue');
  return ctx.user;
}
