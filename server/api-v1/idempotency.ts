// Idempotency-Key (docs/api-v1.md), with Stripe's semantics: the first request with a key starts
// the job; a repeat of it within 24 hours (same user, key, method, path and body) answers with
// that same job instead of starting another, and a different request with the same key is
// refused. The key is reserved in Redis (SET NX) with the job's id, chosen before the job starts
// (ToolService.start's client-chosen id), so concurrent duplicates find the reservation and
// answer with the one job. A request that fails before its job exists gives the key back. A
// reservation a Redis failover drops is set again when the connection reconnects
// (redo-after-reconnect.ts).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Redis } from 'ioredis';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import { forgetRedo, redoAfterReconnect } from '../shared/platform/redo-after-reconnect.js';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export interface IdempotencyRecord {
  /** SHA-256 of the request (method, path, body, or multipart fields and file digests). */
  fingerprint: string;
  jobId: string;
}

/** The request's Idempotency-Key header, checked: 1–255 visible ASCII characters; null when absent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (a UUID is a good choice)`, {
      field: 'Idempotency-Key',
    });
  }
  return key;
}

/** JSON with every object's keys sorted: equal values, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function fileDigest(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export interface RequestShape {
  method: string;
  path: string;
  /** 'json' or 'multipart': the same fields sent both ways are different requests. */
  encoding: 'json' | 'multipart';
  body: unknown;
  files?: { field: string; path: string; filename: string }[];
}

/** The request's fingerprint: what a repeat must match. */
export async function fingerprintOf(request: RequestShape): Promise<string> {
  const files = await Promise.all((request.files ?? []).map(async (f) => ({ field: f.field, filename: f.filename, sha256: await fileDigest(f.path) })));
  files.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return sha256(canonicalJson({ method: request.method.toUpperCase(), path: request.path, encoding: request.encoding, body: request.body ?? null, files }));
}

/** Deletes the key only while it still holds this job's reservation. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export class IdempotencyKeys {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds = IDEMPOTENCY_TTL_SECONDS,
  ) {}

  /** Per user; the key itself is hashed (any length, any characters, nothing of it in Redis's key space). */
  private redisKey(userId: string, key: string): string {
    return `${this.prefix}:idempotency:${userId}:${sha256(key)}`;
  }

  async get(userId: string, key: string): Promise<IdempotencyRecord | null> {
    const value = await this.redis.get(this.redisKey(userId, key));
    return value ? (JSON.parse(value) as IdempotencyRecord) : null;
  }

  /** Reserves the key for this request: null when it is now ours, else the reservation already there. */
  async reserve(userId: string, key: string, record: IdempotencyRecord): Promise<IdempotencyRecord | null> {
    const redisKey = this.redisKey(userId, key);
    for (;;) {
      const expiresAt = Math.ceil(Date.now() / 1000) + this.ttlSeconds;
      const set = await this.redis.set(redisKey, JSON.stringify(record), 'EXAT', expiresAt, 'NX');
      if (set === 'OK') {
        // Set again if a failover drops it (and nobody has reserved the key meanwhile), with the same expiry.
        redoAfterReconnect(this.redis, redisKey, () => this.redis.set(redisKey, JSON.stringify(record), 'EXAT', expiresAt, 'NX'));
        return null;
      }
      const existing = await this.get(userId, key);
      if (existing) return existing;
      // Released (or expired) between the two commands: try again.
    }
  }

  /** Gives the key back (the request failed before its job existed), unless another reservation replaced it. */
  async release(userId: string, key: string, record: IdempotencyRecord): Promise<void> {
    forgetRedo(this.redis, this.redisKey(userId, key));
    await this.redis.eval(RELEASE, 1, this.redisKey(userId, key), JSON.stringify(record));
  }
}
