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

/** The user id inside a valid token; throws on a forged, expired or malformed one. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<string> {
  const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
  if (!payload.sub) throw new Error('token has no subject');
  return payload.sub;
}
