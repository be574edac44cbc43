// Open WebSocket connections per signed-in user, in this API process. A user past the
// limit is refused at connection_init with close code 4029 (our own code: graphql-ws
// keeps 4400-4499 for itself) and a reason that starts with the error code.
import { ErrorCode } from '../errors.js';

/** Close code for "too many connections for this user". */
export const WS_TOO_MANY_CONNECTIONS = 4029;

export class ConnectionCounter {
  private readonly open = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Counts one more connection for the user, or says why it is refused (a close reason, ≤ 123 bytes). */
  acquire(userId: string): { ok: true } | { ok: false; reason: string } {
    const n = this.open.get(userId) ?? 0;
    if (n >= this.limit) return { ok: false, reason: `${ErrorCode.RATE_LIMITED}: too many open connections for this user (limit ${this.limit})` };
    this.open.set(userId, n + 1);
    return { ok: true };
  }

  release(userId: string): void {
    const n = (this.open.get(userId) ?? 0) - 1;
    if (n > 0) this.open.set(userId, n);
    else this.open.delete(userId);
  }

  count(userId: string): number {
    return this.open.get(userId) ?? 0;
  }
}
