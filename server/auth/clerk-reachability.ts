// Whether Clerk's Backend API answers. @clerk/backend calls it with no timeout and, for the
// JWKS, five retries (about 2.5 s when refused, forever when it hangs), so every call goes
// through here instead: a short timeout, and a failure remembered for a few seconds so the
// requests behind it are answered at once rather than each waiting again. One warning per
// interval says what is wrong; it names the API's address, never the secret key.
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import type { Logger } from '../shared/platform/logger.js';

export interface ClerkTiming {
  /** One call to Clerk's Backend API (JWKS, a user's profile). */
  requestTimeoutMs: number;
  /** After a failed call, calls are not tried again for this long. */
  outageMemoryMs: number;
  /** A profile read from the Backend API is read again once older than this. */
  profileMaxAgeMs: number;
  /** At most one "cannot reach Clerk" warning this often. */
  warnEveryMs: number;
}

export const DEFAULT_CLERK_TIMING: ClerkTiming = {
  requestTimeoutMs: 2_000,
  outageMemoryMs: 3_000,
  profileMaxAgeMs: 10 * 60_000,
  warnEveryMs: 60_000,
};

export const CLERK_UNAVAILABLE_MESSAGE = 'Our sign-in service (Clerk) cannot be reached right now. Please try again in a moment.';

/** Clerk did not answer (or answered 5xx): the request cannot be checked now, which is not the client's fault. */
export const clerkUnavailable = () => new AppError(ErrorCode.SERVICE_UNAVAILABLE, CLERK_UNAVAILABLE_MESSAGE);

class NoAnswer extends Error {}

export class ClerkReachability {
  private downUntil = 0;
  private lastWarning = -Infinity;

  constructor(
    private readonly timing: ClerkTiming,
    private readonly log: Logger,
    private readonly apiUrl: string,
  ) {}

  /** Whether a recent call failed: callers skip Clerk until the memory runs out. */
  get down(): boolean {
    return Date.now() < this.downUntil;
  }

  /**
   * Runs one call with the timeout. A failure (no answer, or `isOutage` of its error) is
   * remembered and warned about, then rethrown.
   */
  async call<T>(what: string, fn: () => Promise<T>, isOutage: (e: unknown) => boolean = () => true): Promise<T> {
    if (this.down) throw clerkUnavailable();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new NoAnswer(`no answer within ${this.timing.requestTimeoutMs} ms`)), this.timing.requestTimeoutMs);
    });
    try {
      const result = await Promise.race([fn(), timeout]);
      this.downUntil = 0;
      return result;
    } catch (e) {
      if (e instanceof NoAnswer || isOutage(e)) this.failed(what, e);
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  private failed(what: string, e: unknown): void {
    const now = Date.now();
    this.downUntil = now + this.timing.outageMemoryMs;
    if (now - this.lastWarning < this.timing.warnEveryMs) return;
    this.lastWarning = now;
    this.log.warn(
      { clerkApi: this.apiUrl, call: what, err: (e as Error).message, retryInMs: this.timing.outageMemoryMs },
      `cannot reach Clerk's Backend API at ${this.apiUrl} (${what}): requests that need it answer 503 SERVICE_UNAVAILABLE until it answers again`,
    );
  }
}
