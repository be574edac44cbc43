// Limits on password guessing (numbers in constants.ts). Refusals are per client address and
// per (address, e-mail), which only the guesser's own address can use up; per e-mail, from
// anywhere, failures only slow attempts down (at most SIGN_IN_SLOWDOWN_MAX_MS), so strangers
// cannot lock the owner out, and an address the owner signed in from is not slowed at all.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Services } from '../../context.js';
import {
  SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_EMAIL,
  SIGN_IN_EMAIL_WINDOW_MS,
  SIGN_IN_KNOWN_ADDRESS_TTL_SECONDS,
  SIGN_IN_SLOWDOWN_AFTER_FAILURES,
  SIGN_IN_SLOWDOWN_MAX_MS,
  SIGN_IN_SLOWDOWN_STEP_MS,
} from '../../constants.js';
import { enforceRate, recent, record } from '../../rate-limit.js';

/** The pause before checking a password for an e-mail with this many recent failures. */
export function slowdownMs(failures: number): number {
  if (failures < SIGN_IN_SLOWDOWN_AFTER_FAILURES) return 0;
  return Math.min(SIGN_IN_SLOWDOWN_MAX_MS, SIGN_IN_SLOWDOWN_STEP_MS * (failures - SIGN_IN_SLOWDOWN_AFTER_FAILURES + 1));
}

/** Failures past this many add no more pause, so no more are kept. */
const FAILURES_KEPT = SIGN_IN_SLOWDOWN_AFTER_FAILURES + Math.ceil(SIGN_IN_SLOWDOWN_MAX_MS / SIGN_IN_SLOWDOWN_STEP_MS);

export class SignInThrottle {
  constructor(private readonly services: Pick<Services, 'redis' | 'config'>) {}

  private keys(ip: string, rawEmail: string) {
    const base = `${this.services.config.REDIS_PREFIX}:rate:auth`;
    // Hashed: any string may come in as an e-mail, and addresses need not sit in Redis.
    const email = createHash('sha256').update(rawEmail.trim().toLowerCase()).digest('base64url').slice(0, 22);
    return { pair: `${base}:pair:${email}:${ip}`, failures: `${base}:email:${email}`, known: `${base}:known:${email}:${ip}` };
  }

  /** Any sign-in or sign-up attempt: AUTH_RATE_PER_MINUTE per client address. */
  async address(ip: string): Promise<void> {
    const { redis, config } = this.services;
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:auth:ip:${ip}`, config.AUTH_RATE_PER_MINUTE, 60_000, 'sign-in attempts');
  }

  /** Before a password is checked: refuses past the address's limits, then waits out the e-mail's slow-down. */
  async beforeSignIn(ip: string, rawEmail: string): Promise<void> {
    const { redis } = this.services;
    const keys = this.keys(ip, rawEmail);
    await this.address(ip);
    await enforceRate(redis, keys.pair, SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_EMAIL, SIGN_IN_EMAIL_WINDOW_MS, 'sign-in attempts for this account');
    const [known, failures] = await Promise.all([redis.exists(keys.known), recent(redis, keys.failures, SIGN_IN_EMAIL_WINDOW_MS)]);
    const pause = known ? 0 : slowdownMs(failures);
    if (pause > 0) await sleep(pause);
  }

  async failed(ip: string, rawEmail: string): Promise<void> {
    await record(this.services.redis, this.keys(ip, rawEmail).failures, SIGN_IN_EMAIL_WINDOW_MS, FAILURES_KEPT);
  }

  /** The address gets its guesses for this e-mail back and skips its slow-down from now on. */
  async succeeded(ip: string, rawEmail: string): Promise<void> {
    const keys = this.keys(ip, rawEmail);
    await this.services.redis.multi().del(keys.pair).set(keys.known, '1', 'EX', SIGN_IN_KNOWN_ADDRESS_TTL_SECONDS).exec();
  }
}
