// Limits on password guessing (numbers in constants.ts). Refusals are per client address and
// per (address, e-mail), which only the guesser's own address can use up. Per e-mail, from
// anywhere, failures first slow attempts down (at most SIGN_IN_SLOWDOWN_MAX_MS); past
// SIGN_IN_REFUSE_AFTER_FAILURES, addresses that never signed in to it are refused for a
// cool-down, so guesses spread over many addresses stay few (docs/security-testing.md, "Distributed
// guessing"), while an address the owner signed in from is neither slowed nor refused. A signed-in
// user's current password (changePassword, deleteAccount) is checked at most
// PASSWORD_CHECKS_PER_ACCOUNT times per window, every check counted: a stolen token cannot be used
// to guess it (docs/security-testing.md, "A stolen token used to guess the password").
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Services } from '../../context.js';
import {
  PASSWORD_CHECKS_PER_ACCOUNT,
  SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_EMAIL,
  SIGN_IN_COOLDOWN_SECONDS,
  SIGN_IN_EMAIL_WINDOW_MS,
  SIGN_IN_KNOWN_ADDRESS_TTL_SECONDS,
  SIGN_IN_REFUSE_AFTER_FAILURES,
  SIGN_IN_SLOWDOWN_AFTER_FAILURES,
  SIGN_IN_SLOWDOWN_MAX_MS,
  SIGN_IN_SLOWDOWN_STEP_MS,
} from '../../shared/platform/constants.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { enforceRate, recent, record } from '../../rate-limit.js';

/** The pause before checking a password for an e-mail with this many recent failures. */
export function slowdownMs(failures: number): number {
  if (failures < SIGN_IN_SLOWDOWN_AFTER_FAILURES) return 0;
  return Math.min(SIGN_IN_SLOWDOWN_MAX_MS, SIGN_IN_SLOWDOWN_STEP_MS * (failures - SIGN_IN_SLOWDOWN_AFTER_FAILURES + 1));
}

/** Failures past this many neither add pause nor start a cool-down, so no more are kept. */
const FAILURES_KEPT = Math.max(SIGN_IN_REFUSE_AFTER_FAILURES, SIGN_IN_SLOWDOWN_AFTER_FAILURES + Math.ceil(SIGN_IN_SLOWDOWN_MAX_MS / SIGN_IN_SLOWDOWN_STEP_MS));

const coolingDown = (seconds: number) =>
  new AppError(
    ErrorCode.RATE_LIMITED,
    `Too many failed sign-ins for this account from new places. Sign in from a device you have used before, or wait ${Math.ceil(seconds / 60)} min and try again.`,
    { retryAfterSeconds: seconds },
  );

export class SignInThrottle {
  constructor(private readonly services: Pick<Services, 'redis' | 'config'>) {}

  private keys(ip: string, rawEmail: string) {
    const base = `${this.services.config.REDIS_PREFIX}:rate:auth`;
    // Hashed: any string may come in as an e-mail, and addresses need not sit in Redis.
    const email = createHash('sha256').update(rawEmail.trim().toLowerCase()).digest('base64url').slice(0, 22);
    return {
      pair: `${base}:pair:${email}:${ip}`,
      failures: `${base}:email:${email}`,
      cooldown: `${base}:cooldown:${email}`,
      known: `${base}:known:${email}:${ip}`,
    };
  }

  /** Any sign-in or sign-up attempt: AUTH_RATE_PER_MINUTE per client address. */
  async address(ip: string): Promise<void> {
    const { redis, config } = this.services;
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:auth:ip:${ip}`, config.AUTH_RATE_PER_MINUTE, 60_000, 'sign-in attempts');
  }

  /**
   * Before a password is checked: refuses past the address's limits and, from an address that
   * never signed in to the e-mail, during its cool-down; then waits out the e-mail's slow-down.
   */
  async beforeSignIn(ip: string, rawEmail: string): Promise<void> {
    const { redis } = this.services;
    const keys = this.keys(ip, rawEmail);
    await this.address(ip);
    await enforceRate(redis, keys.pair, SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_EMAIL, SIGN_IN_EMAIL_WINDOW_MS, 'sign-in attempts for this account');
    const [known, failures, cooldown] = await Promise.all([redis.exists(keys.known), recent(redis, keys.failures, SIGN_IN_EMAIL_WINDOW_MS), redis.ttl(keys.cooldown)]);
    if (known) return;
    if (cooldown > 0) throw coolingDown(cooldown);
    const pause = slowdownMs(failures);
    if (pause === 0) return;
    await sleep(pause);
    // Guesses that waited while the cool-down began are not checked either.
    const since = await redis.ttl(keys.cooldown);
    if (since > 0) throw coolingDown(since);
  }

  /** A wrong password for the e-mail: counted, and past SIGN_IN_REFUSE_AFTER_FAILURES its cool-down starts. */
  async failed(ip: string, rawEmail: string): Promise<void> {
    const { redis } = this.services;
    const keys = this.keys(ip, rawEmail);
    await record(redis, keys.failures, SIGN_IN_EMAIL_WINDOW_MS, FAILURES_KEPT);
    if ((await recent(redis, keys.failures, SIGN_IN_EMAIL_WINDOW_MS)) >= SIGN_IN_REFUSE_AFTER_FAILURES) {
      await redis.set(keys.cooldown, '1', 'EX', SIGN_IN_COOLDOWN_SECONDS, 'NX');
    }
  }

  /**
   * Before a signed-in user's current password is checked (changePassword, deleteAccount):
   * every check counts against the address (AUTH_RATE_PER_MINUTE) and the account.
   */
  async beforePasswordCheck(ip: string, userId: string): Promise<void> {
    const { redis, config } = this.services;
    await this.address(ip);
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:auth:account:${userId}`, PASSWORD_CHECKS_PER_ACCOUNT, SIGN_IN_EMAIL_WINDOW_MS, 'password checks for this account');
  }

  /** The address gets its guesses for this e-mail back and skips its slow-down from now on. */
  async succeeded(ip: string, rawEmail: string): Promise<void> {
    const keys = this.keys(ip, rawEmail);
    await this.services.redis.multi().del(keys.pair).set(keys.known, '1', 'EX', SIGN_IN_KNOWN_ADDRESS_TTL_SECONDS).exec();
  }
}
