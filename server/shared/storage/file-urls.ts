// Who may fetch a local image (/files/<name>): anyone when its creation is published; else
// only with the URL its owner was given, signed for a short while. Names are random, so a
// URL cannot be guessed or derived from a prompt; a signature binds one name to one expiry.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { localFileOf } from './local.js';

/** The signing key, kept apart from the token secret it comes from (a token is never a file signature). */
const keyOf = (secret: Uint8Array) => createHmac('sha256', secret).update('atelier:file-urls:v1').digest();

const signature = (key: Buffer, name: string, exp: number) => createHmac('sha256', key).update(`${name}\n${exp}`).digest('base64url');

/** `/files/<name>?exp=…&sig=…`, valid until `exp` (Unix seconds). */
export function signedFileUrl(secret: Uint8Array, name: string, exp: number): string {
  return `/files/${name}?exp=${exp}&sig=${signature(keyOf(secret), name, exp)}`;
}

export class FileUrls {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {
    this.key = keyOf(secret);
  }

  /**
   * A creation's content as its viewer gets it: a private local image's URL is signed. The
   * expiry moves in steps of half the TTL, so the URL (and the browser's copy) stays the same
   * for a while, and is always between half the TTL and the TTL away.
   */
  present(content: string, published: boolean, nowMs = Date.now()): string {
    if (published) return content;
    const name = localFileOf(content);
    if (!name) return content;
    const step = Math.max(1, Math.floor(this.ttlSeconds / 2));
    const exp = (Math.floor(nowMs / 1000 / step) + 2) * step;
    return `/files/${name}?exp=${exp}&sig=${signature(this.key, name, exp)}`;
  }

  /** Seconds the signed URL has left, or null when it is forged, for another file or expired. */
  remaining(name: string, exp: unknown, sig: unknown, nowMs = Date.now()): number | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    const left = Number(exp) - Math.floor(nowMs / 1000);
    if (left <= 0) return null;
    const expected = Buffer.from(signature(this.key, name, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Math.min(left, this.ttlSeconds);
  }
}
