// Built-in identity: HS256 JWTs signed with one shared secret, so any API process can
// verify a token another one issued.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_TTL_SECONDS } from '../constants.js';

const ISSUER = 'atelier';
const AUDIENCE = 'atelier-api';

/**
 * JWT_SECRET when set; otherwise a random secret kept in DATA_DIR, created once, so
 * every process on the machine (and every restart) shares it and none is ever logged.
 */
export function loadTokenSecret(jwtSecret: string | undefined, dataDir: string): Uint8Array {
  if (jwtSecret) return new TextEncoder().encode(jwtSecret);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export async function issueToken(secret: Uint8Array, userId: string, ttlSeconds = TOKEN_TTL_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(secret);
}

/** Tokens already verified, per secret: a token's signature and claims never change, only the clock moves. */
const verified = new WeakMap<Uint8Array, Map<string, { sub: string; expMs: number }>>();
const VERIFIED_MAX = 10_000;

/**
 * The user id inside a valid token; throws on a forged, expired or malformed one.
 * A token that verified once is remembered until it expires (the HMAC check costs more
 * than the rest of a small request); only successes are remembered.
 */
export async function verifyToken(secret: Uint8Array, token: string): Promise<string> {
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit && hit.expMs > Date.now()) return hit.sub;
  const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
  if (!payload.sub) throw new Error('token has no subject');
  if (typeof payload.exp === 'number') {
    if (!known) verified.set(secret, (known = new Map()));
    if (hit) known.delete(token);
    // Oldest first out: a Map iterates in insertion order.
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, { sub: payload.sub, expMs: payload.exp * 1000 });
  }
  return payload.sub;
}
