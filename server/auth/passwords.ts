// scrypt password hashes: "scrypt$N$r$p$salt$hash" (base64url), compared in constant time.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password we refuse: too short, too long, one repeated character, or all one class. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < 8) return 'Password must be at least 8 characters long';
  if (password.length > 200) return 'Password must be at most 200 characters long';
  if (/^(.)\1*$/.test(password)) return 'Password is too weak: it repeats one character';
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 2) return 'Password is too weak: mix letters with digits, capitals or symbols';
  const local = email.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) return 'Password is too weak: it contains your e-mail name';
  if (COMMON.has(password.toLowerCase())) return 'Password is too weak: it is a commonly used password';
  return null;
}

const COMMON = new Set([
  'password1',
  'password123',
  'passw0rd',
  'qwerty123',
  'qwertyuiop1',
  '12345678a',
  'iloveyou1',
  'welcome1',
  'admin123',
  'letmein1',
  'abc12345',
  'abcd1234',
  '1q2w3e4r',
  'football1',
  'monkey123',
  'dragon123',
  'sunshine1',
  'princess1',
]);
