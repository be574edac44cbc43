// The api-key module owns the ApiKey table (docs/api-keys.md): a signed-in person makes keys
// (the whole key is answered once; only its SHA-256 and public prefix are kept), lists them
// with their use this month, and revokes them. Checking a key on each request is
// server/auth/api-keys.ts's (Credentials), which reads the row every time: a revoked key is
// refused at once on every API process, and its open sockets close (USER_CHANGED).
import { z } from 'zod';
import type { Services } from '../../context.js';
import type { ApiKey, User } from '../../shared/db/generated/client.js';
import { Prisma } from '../../shared/db/prisma.js';
import { API_KEY_SCOPES, generateApiKey, keyRequestsKey, keyUsageKind, type ApiKeyScope } from '../../auth/api-keys.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { isUuid, parseInput, requiredText } from '../../shared/platform/validation.js';
import { API_KEY_NAME_MAX_LENGTH, API_KEYS_MAX_ACTIVE } from '../../shared/platform/constants.js';
import { currentMonth } from '../../shared/jobs/job.kinds.js';
import { announceUserChange } from '../user/user.service.js';

/** A key as the account page sees it: never its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  maskedKey: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  jobsThisMonth: number;
  requestsThisMonth: number;
}

const createSchema = z.object({
  name: requiredText('Give the key a name, e.g. where it will be used', API_KEY_NAME_MAX_LENGTH, `A key's name is at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: `A scope is one of ${API_KEY_SCOPES.join(', ')}` }), { message: 'Choose what the key may do' })
    .min(1, 'Choose at least one scope: read, generate or publish')
    // Each once, in the catalogue's order.
    .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
});

/** Revoked keys the list shows at most (the newest first), when asked for them. */
const REVOKED_SHOWN = 50;

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'This API key does not exist');

export class ApiKeyService {
  constructor(private readonly services: Pick<Services, 'db' | 'redis' | 'pubsub' | 'config' | 'log'>) {}

  /** The user's working keys, newest first, with their use this month; `includeRevoked` adds the latest revoked ones. */
  async list(user: User, includeRevoked = false): Promise<ApiKeyView[]> {
    const { db } = this.services;
    const active = await db.apiKey.findMany({ where: { userId: user.id, revokedAt: null }, orderBy: { createdAt: 'desc' } });
    const revoked = includeRevoked ? await db.apiKey.findMany({ where: { userId: user.id, revokedAt: { not: null } }, orderBy: { revokedAt: 'desc' }, take: REVOKED_SHOWN }) : [];
    return this.views(user.id, [...active, ...revoked]);
  }

  /**
   * A new key with these scopes: at most API_KEYS_MAX_ACTIVE working keys per user (counted
   * under a lock of the user's keys, so concurrent requests cannot pass it together). The
   * key's text is returned here only.
   */
  async create(user: User, input: { name: unknown; scopes: unknown }): Promise<{ apiKey: ApiKeyView; key: string }> {
    const { name, scopes } = parseInput(createSchema, input);
    for (let attempt = 1; ; attempt++) {
      const { key, prefix, hash } = generateApiKey();
      try {
        const row = await this.services.db.$transaction(async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`api-keys:${user.id}`}))`;
          const active = await tx.apiKey.count({ where: { userId: user.id, revokedAt: null } });
          if (active >= API_KEYS_MAX_ACTIVE) {
            throw new AppError(ErrorCode.BAD_USER_INPUT, `You already have ${API_KEYS_MAX_ACTIVE} API keys: revoke one you no longer use to make a new one`, {
              limit: API_KEYS_MAX_ACTIVE,
            });
          }
          return tx.apiKey.create({ data: { userId: user.id, name, prefix, hash, scopes } });
        });
        this.services.log.info({ userId: user.id, keyId: row.id, scopes }, 'API key created');
        return { apiKey: viewOf(row, 0, 0), key };
      } catch (e) {
        // Two keys with the same public prefix (1 in 36^10): draw again.
        if (attempt < 3 && e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') continue;
        throw e;
      }
    }
  }

  /**
   * Revokes one of the user's keys (again: no change). Every API process refuses it from the
   * next request on (each reads the row), and closes the sockets opened with it (USER_CHANGED).
   */
  async revoke(user: User, id: string): Promise<ApiKeyView> {
    const { db, pubsub, log } = this.services;
    if (!isUuid(id)) throw notFound();
    await db.apiKey.updateMany({ where: { id, userId: user.id, revokedAt: null }, data: { revokedAt: new Date() } });
    const row = await db.apiKey.findFirst({ where: { id, userId: user.id } });
    if (!row) throw notFound();
    log.info({ userId: user.id, keyId: id }, 'API key revoked');
    await announceUserChange(pubsub, user.id).catch((e: Error) =>
      log.warn({ err: e.message }, "could not announce an API key's revocation; its open sockets close at the next sweep (WS_REAUTH_INTERVAL_MS)"),
    );
    return (await this.views(user.id, [row]))[0]!;
  }

  /** The rows as views, with their jobs (UsageCounter) and requests (Redis) this month. */
  private async views(userId: string, rows: ApiKey[]): Promise<ApiKeyView[]> {
    if (rows.length === 0) return [];
    const { db, redis, config, log } = this.services;
    const month = currentMonth();
    const [counters, requests] = await Promise.all([
      db.usageCounter.findMany({ where: { userId, month, kind: { in: rows.map((r) => keyUsageKind(r.id)) } } }),
      redis.mget(rows.map((r) => keyRequestsKey(config.REDIS_PREFIX, r.id, month))).catch((e: Error) => {
        log.warn({ err: e.message }, "could not read API keys' request counts");
        return rows.map(() => null);
      }),
    ]);
    const jobs = new Map(counters.map((c) => [c.kind, c.count]));
    return rows.map((r, i) => viewOf(r, jobs.get(keyUsageKind(r.id)) ?? 0, Number(requests[i] ?? 0)));
  }
}

function viewOf(row: ApiKey, jobsThisMonth: number, requestsThisMonth: number): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    maskedKey: `atl_${row.prefix}_…`,
    scopes: API_KEY_SCOPES.filter((s) => row.scopes.includes(s)),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    jobsThisMonth,
    requestsThisMonth,
  };
}
