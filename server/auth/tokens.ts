// Built-in identity: HS256 JWTs signed with one shared secret, so any API process can
// verify a token another one issued.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { TOKEN_TTL_SECONDS } from '../shared/platform/constants.js';

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

const sha = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * A session's name in a sign-out list: its token's `jti` (unique per sign-in), never the
 * token's text. The JWT library accepts other spellings of the same signature (padding, the
 * unused low bits of the last base64url character), so a list keyed on the text let a
 * signed-out session back in with a re-encoded token. A token with no jti (none of ours) is
 * named by a hash of the part its signature covers, which no spelling can change.
 */
export const tokenId = (token: string): string => {
  const { jti } = decodeJwt(token);
  return typeof jti === 'string' && jti ? jti : sha(token.split('.').slice(0, 2).join('.'));
};

/**
 * The name sign-outs used before tokenId (a hash of the token's text), taken of the token's
 * canonical spelling so that no re-encoding escapes an entry written then. Checked until
 * those entries expire (a token lives TOKEN_TTL_SECONDS); the list is pruned at each sign-out.
 */
export const legacyTokenId = (token: string): string => {
  const [header, payload, signature = ''] = token.split('.');
  return sha(`${header}.${payload}.${Buffer.from(signature, 'base64url').toString('base64url')}`);
};

/** The session a (verified) token opens: its names in a sign-out list and when it expires (epoch s). */
export interface Session {
  id: string;
  /** legacyTokenId: how a sign-out made before tokenId named it. */
  legacyId: string;
  expiresAt: number;
  /** When the token was issued (epoch s). */
  issuedAt: number;
}
export const sessionOf = (token: string): Session => {
  const { exp, iat } = decodeJwt(token);
  return { id: tokenId(token), legacyId: legacyTokenId(token), expiresAt: exp ?? 0, issuedAt: iat ?? 0 };
};

export async function issueToken(secret: Uint8Array, userId: string, ttlSeconds = TOKEN_TTL_SECONDS): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return (
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      // Unique: two sign-ins in the same second are two sessions (one can sign out alone).
      .setJti(randomBytes(12).toString('base64url'))
      .sign(secret)
  );
}

/** Tokens already verified, per secret: a token's signature and claims never change, only the clock moves. */
const verified = new WeakMap<Uint8Array, Map<string, TokenClaims>>();
const VERIFIED_MAX = 10_000;

export interface TokenClaims {
  /** The user id. */
  sub: string;
  expMs: number;
  /** Issued at (epoch s). */
  iatS: number;
}

/** The user id inside a valid token; throws on a forged, expired or malformed one. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<string> {
  return (await verifyTokenClaims(secret, token)).sub;
}

/**
 * The claims of a valid token; throws on a forged, expired or malformed one.
 * A token that verified once is remembered until it expires (the HMAC check costs more
 * than the rest of a small request); only successes are remembered.
 */
export async function verifyTokenClaims(secret: Uint8Array, token: string): Promise<TokenClaims> {
  let known = verified.get(secret);
  const hit = known?.get(token);
  if (hit && hit.expMs > Date.now()) return hit;
  const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
  if (!payload.sub) throw new Error('token has no subject');
  const claims: TokenClaims = { sub: payload.sub, expMs: (payload.exp ?? 0) * 1000, iatS: payload.iat ?? 0 };
  if (typeof payload.exp === 'number') {
    if (!known) verified.set(secret, (known = new Map()));
    if (hit) known.delete(token);
    // Oldest first out: a Map iterates in insertion order.
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, claims);
  }
  return claims;
}
