// API keys (docs/api-keys.md): what a developer sends instead of a session token, on GraphQL,
// REST and the WebSocket alike. A key reads "atl_<prefix>_<secret>": the prefix is public (it
// finds the row and is shown on the account page), the whole key is shown once and kept only
// as its SHA-256 (a key is 190 random bits: a slow password hash would add nothing but time).
// Each request reads the key's row, so a revoked key is refused at once on every API process.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '../shared/db/prisma.js';
import type { User } from '../shared/db/generated/client.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import { inEffect } from '../modules/billing/billing.plan.js';
import { enforceRate } from '../rate-limit.js';
import { currentMonth } from '../shared/jobs/job.kinds.js';
import type { IdentityProvider } from './identity.js';

/** What a key may do: read (queries, downloads), generate (start and cancel jobs), publish (publish and like). */
export const API_KEY_SCOPES = ['read', 'generate', 'publish'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The key a request came with: null for a signed-in session (which may do everything its user may). */
export interface ApiKeyGrant {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
}

/** Who is asking: the user, and the key when it came as one. */
export interface Principal {
  user: User;
  apiKey: ApiKeyGrant | null;
}

const KEY_PATTERN = /^atl_([a-z0-9]{10})_([A-Za-z0-9_-]{32})$/;

export const isApiKey = (token: string): boolean => token.startsWith('atl_');

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key: its text (shown once), its public prefix and the hash that is stored. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  // 10 lower-case base-36 characters (~51 bits): unique enough to look up, harmless to show.
  const prefix = [...randomBytes(10)].map((b) => (b % 36).toString(36)).join('');
  const key = `atl_${prefix}_${randomBytes(24).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

/** The UsageCounter kind that counts the jobs started with a key (per month, like the text quota). */
export const keyUsageKind = (keyId: string) => `key:${keyId}`;

/** The Redis counter of a key's requests in a month (kept ~2 months: the account page shows this month's). */
export const keyRequestsKey = (prefix: string, keyId: string, month = currentMonth()) => `${prefix}:key-requests:${keyId}:${month}`;
const KEY_REQUESTS_TTL_SECONDS = 62 * 24 * 60 * 60;

/** The per-key request limit (API_KEY_RATE_PER_MINUTE), counted in Redis by every API process together. */
export interface KeyLimits {
  redis: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  perMinute: number;
}

const refused = (why = 'This API key is not valid: create a new one on your account page') => new AppError(ErrorCode.UNAUTHENTICATED, why);

/** How long a key's last use may lag behind (one write per key and process per interval). */
const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Turns a bearer token into a Principal: an API key by its row, anything else through the
 * identity provider (a built-in or Clerk session).
 */
export class Credentials {
  private readonly lastUsedWritten = new Map<string, number>();

  constructor(
    readonly identity: IdentityProvider,
    private readonly db: Db,
    /** Without it (a script, a unit test) keys are not rate-limited nor their requests counted. */
    private readonly limits?: KeyLimits,
  ) {}

  async authenticate(token: string): Promise<Principal> {
    if (!isApiKey(token)) return { user: await this.identity.authenticate(token), apiKey: null };
    const match = KEY_PATTERN.exec(token);
    if (!match) throw refused();
    const row = await this.db.apiKey.findUnique({ where: { prefix: match[1]! }, include: { user: true } });
    const expected = Buffer.from(row?.hash ?? '', 'hex');
    const given = Buffer.from(hashApiKey(token), 'hex');
    if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused();
    if (row.revokedAt) throw refused('This API key was revoked: create a new one on your account page');
    const scopes = row.scopes.filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s));
    const apiKey: ApiKeyGrant = { id: row.id, name: row.name, scopes };
    await this.meter(apiKey);
    this.touch(row.id);
    return { user: inEffect(row.user), apiKey };
  }

  /**
   * One request made with the key: refused with RATE_LIMITED past API_KEY_RATE_PER_MINUTE (every
   * API process counts in the same Redis window), else counted in the key's requests this month.
   * authenticate() calls it; the WebSocket calls it again for each operation on a key's socket.
   */
  async meter(apiKey: Pick<ApiKeyGrant, 'id'>): Promise<void> {
    if (!this.limits) return;
    const { redis, prefix, perMinute } = this.limits;
    await enforceRate(redis, `${prefix}:rate:key:${apiKey.id}`, perMinute, 60_000, 'requests with this API key');
    const counter = keyRequestsKey(prefix, apiKey.id);
    // Only a count for the account page: a lost increment is not worth failing the request for.
    redis
      .multi()
      .incr(counter)
      .expire(counter, KEY_REQUESTS_TTL_SECONDS)
      .exec()
      .catch(() => undefined);
  }

  /** Records the key's use (at most once a minute per key in this process; a failed write is only late). */
  private touch(id: string): void {
    const now = Date.now();
    if (now - (this.lastUsedWritten.get(id) ?? 0) < LAST_USED_INTERVAL_MS) return;
    this.lastUsedWritten.set(id, now);
    if (this.lastUsedWritten.size > 10_000) this.lastUsedWritten.delete(this.lastUsedWritten.keys().next().value!);
    this.db.apiKey.update({ where: { id }, data: { lastUsedAt: new Date(now) } }).catch(() => this.lastUsedWritten.delete(id));
  }
}

/** Refuses a request made with a key that lacks `scope` (a session may do anything its user may). */
export function requireScope(apiKey: ApiKeyGrant | null | undefined, scope: ApiKeyScope): void {
  if (apiKey && !apiKey.scopes.includes(scope)) {
    throw new AppError(ErrorCode.FORBIDDEN, `This API key lacks the "${scope}" scope: create a key with it on your account page`, { scope });
  }
}

/** Refuses an API key where only the signed-in person may act (keys, webhooks, password, plan, account). */
export function requireSession(apiKey: ApiKeyGrant | null | undefined): void {
  if (apiKey) throw new AppError(ErrorCode.FORBIDDEN, 'An API key cannot do this: sign in on the website to do it');
}

/**
 * What a GraphQL root field or a REST route asks of a request made with an API key: nothing
 * more than of anyone ('public'), any one of some scopes, or a signed-in session ('session':
 * keys are refused). A session is never limited by it.
 */
export type KeyRule = 'public' | 'session' | readonly ApiKeyScope[];

/** Refuses (FORBIDDEN) a key that `rule` does not let in. */
export function requireKeyRule(apiKey: ApiKeyGrant | null | undefined, rule: KeyRule): void {
  if (!apiKey || rule === 'public') return;
  if (rule === 'session') return requireSession(apiKey);
  if (rule.some((s) => apiKey.scopes.includes(s))) return;
  if (rule.length === 1) return requireScope(apiKey, rule[0]!);
  const names = rule.map((s) => `"${s}"`).join(' or ');
  throw new AppError(ErrorCode.FORBIDDEN, `This API key lacks the ${names} scope: create a key with one of them on your account page`, { scope: rule.join('|') });
}
