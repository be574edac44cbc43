// Limits on password guessing (numbers in constants.ts). Refusals are per client address and
// per (address, e-mail), which only the guesser's own address can use up. Per e-mail, from
// anywhere, failures first slow attempts down (at most SIGN_IN_SLOWDOWN_MAX_MS); past
// SIGN_IN_REFUSE_AFTER_FAILURES, addresses that never signed in to it are refused for a
// cool-down, so guesses spread over many addresses stay few (docs/security-testing.md, "Distributed
// guessing"), while an address the owner signed in from is neither slowed nor refused. Each check is
// counted before the password is read, in one Redis step with the failures (sign-in-check.lua), so
// guesses that arrive at once cannot all be checked before the first failure is counted. A signed-in
// user's current password (changePassword, deleteAccount) is checked at most
// PASSWORD_CHECKS_PER_ACCOUNT times per window, every check counted: a stolen token cannot be used
// to guess it (docs/security-testing.md, "A stolen token used to guess the password").
import { createHash, randomUUID } from 'node:crypto';
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
import { redisScript } from '../../shared/platform/redis.js';
import { enforceRate } from '../../rate-limit.js';

/** [1, failures and checks before this one] when the check is taken; [0, seconds to wait] or [0, -1] when refused. */
const checkScript = redisScript<[number, number]>(new URL('./sign-in-check.lua', import.meta.url));

/** A check still counted as under way after this long was lost (its process died): it no longer counts. */
const CHECK_LOST_AFTER_MS = 60_000;

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

/** Refused while the checks under way already reach the limit: they decide, within seconds, whether a cool-down starts. */
const BUSY_RETRY_SECONDS = Math.ceil(SIGN_IN_SLOWDOWN_MAX_MS / 1000) + 1;
const checksUnderWay = () =>
  new AppError(
    ErrorCode.RATE_LIMITED,
    `Too many sign-ins for this account from new places right now. Sign in from a device you have used before, or wait ${BUSY_RETRY_SECONDS} s and try again.`,
    { retryAfterSeconds: BUSY_RETRY_SECONDS },
  );

/** A password check taken by beforeSignIn: end it with failed, succeeded or release. */
export interface SignInCheck {
  ip: string;
  email: string;
  member: string;
}

export class SignInThrottle {
  constructor(private readonly services: Pick<Services, 'redis' | 'config'>) {}

  private keys(ip: string, rawEmail: string) {
    const base = `${this.services.config.REDIS_PREFIX}:rate:auth`;
    // Hashed: any string may come in as an e-mail, and addresses need not sit in Redis.
    const email = createHash('sha256').update(rawEmail.trim().toLowerCase()).digest('base64url').slice(0, 22);
    return {
      pair: `${base}:pair:${email}:${ip}`,
      failures: `${base}:email:${email}`,
      checking: `${base}:checking:${email}`,
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
   * never signed in to the e-mail, during its cool-down or once its failures and the checks under
   * way reach SIGN_IN_REFUSE_AFTER_FAILURES; then waits out the e-mail's slow-down. The check it
   * takes counts until failed, succeeded or release ends it.
   */
  async beforeSignIn(ip: string, rawEmail: string): Promise<SignInCheck> {
    const { redis } = this.services;
    const keys = this.keys(ip, rawEmail);
    await this.address(ip);
    await enforceRate(redis, keys.pair, SIGN_IN_ATTEMPTS_PER_ADDRESS_AND_EMAIL, SIGN_IN_EMAIL_WINDOW_MS, 'sign-in attempts for this account');
    const known = (await redis.exists(keys.known)) > 0;
    const check = { ip, email: rawEmail, member: `${Date.now()}:${randomUUID()}` };
    const [taken, value] = await checkScript(
      redis,
      keys.failures,
      keys.checking,
      keys.cooldown,
      Date.now(),
      SIGN_IN_EMAIL_WINDOW_MS,
      CHECK_LOST_AFTER_MS,
      check.member,
      SIGN_IN_REFUSE_AFTER_FAILURES,
      known ? '1' : '0',
      SIGN_IN_COOLDOWN_SECONDS,
    );
    if (!taken) throw value > 0 ? coolingDown(value) : checksUnderWay();
    if (known) return check;
    const pause = slowdownMs(value);
    if (pause === 0) return check;
    await sleep(pause);
    // Guesses that waited while the cool-down began are not checked either.
    const since = await redis.ttl(keys.cooldown);
    if (since > 0) {
      await this.release(check);
      throw coolingDown(since);
    }
    return check;
  }

  /** A wrong password for the e-mail: its check becomes a failure, and past SIGN_IN_REFUSE_AFTER_FAILURES its cool-down starts. */
  async failed(check: SignInCheck): Promise<void> {
    const { redis } = this.services;
    const keys = this.keys(check.ip, check.email);
    const now = Date.now();
    // One step: the check never leaves the count between `checking` and `failures`.
    const res = await redis
      .multi()
      .zrem(keys.checking, check.member)
      .zremrangebyscore(keys.failures, 0, now - SIGN_IN_EMAIL_WINDOW_MS)
      .zadd(keys.failures, now, check.member)
      .zremrangebyrank(keys.failures, 0, -(FAILURES_KEPT + 1))
      .pexpire(keys.failures, SIGN_IN_EMAIL_WINDOW_MS)
      .zcard(keys.failures)
      .exec();
    if (Number(res?.[5]?.[1] ?? 0) >= SIGN_IN_REFUSE_AFTER_FAILURES) {
      await redis.set(keys.cooldown, '1', 'EX', SIGN_IN_COOLDOWN_SECONDS, 'NX');
    }
  }

  /** A check that ended without a verdict (an error): it no longer counts. */
  async release(check: SignInCheck): Promise<void> {
    await this.services.redis.zrem(this.keys(check.ip, check.email).checking, check.member);
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

  /** The check ends; the address gets its guesses for this e-mail back and skips its slow-down from now on. */
  async succeeded(check: SignInCheck): Promise<void> {
    const keys = this.keys(check.ip, check.email);
    await this.services.redis.multi().zrem(keys.checking, check.member).del(keys.pair).set(keys.known, '1', 'EX', SIGN_IN_KNOWN_ADDRESS_TTL_SECONDS).exec();
  }
}
