// The jobs API's open event streams in this API process (docs/api-v1.md, "Events (Server-Sent
// Events)"). They are bounded — per signed-in user, per API key and in all (SSE_MAX_STREAMS_*) —
// so that one client cannot hold thousands of connections, each following its job and reading it
// from Postgres now and then, and they are kept like the WebSockets (ws-connections.ts): the
// sign-out of the session a stream was opened with, the revocation of its key or the account's
// deletion ends it (refreshAccounts, on USER_CHANGED and the sweep).
import { UserSockets, type UserSocket } from '../http/ws-connections.js';
import type { Config } from '../shared/platform/config.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';

/** How long a refused client is asked to wait (Retry-After): a slot frees when a job ends or a client goes. */
export const STREAM_RETRY_SECONDS = 5;

const tooMany = (message: string, limit: number) => new AppError(ErrorCode.RATE_LIMITED, message, { limit, retryAfterSeconds: STREAM_RETRY_SECONDS });

export class EventStreams {
  /** The streams by user (their per-user bound, and what refreshAccounts re-reads). */
  readonly accounts: UserSockets;
  private readonly byKey = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: Pick<Config, 'SSE_MAX_STREAMS_PER_USER' | 'SSE_MAX_STREAMS_PER_API_KEY' | 'SSE_MAX_STREAMS_PER_PROCESS'>) {
    this.accounts = new UserSockets(limits.SSE_MAX_STREAMS_PER_USER);
  }

  /** Open streams in this process. */
  get size(): number {
    return this.total;
  }

  /** RATE_LIMITED when this process holds all the streams it may: asked before the request is authenticated, so a full process reads nothing for it. */
  requireRoom(): void {
    const limit = this.limits.SSE_MAX_STREAMS_PER_PROCESS;
    if (this.total >= limit) throw tooMany(`This server has too many open event streams (limit ${limit}): try again in a few seconds`, limit);
  }

  /**
   * Counts one more stream for its user and its key, or refuses it (RATE_LIMITED, with the bound
   * and Retry-After). Returns its release, to call once it has ended (more calls do nothing).
   */
  open(stream: UserSocket): () => void {
    this.requireRoom();
    const keyId = stream.apiKeyId;
    const perKey = this.limits.SSE_MAX_STREAMS_PER_API_KEY;
    if (keyId && (this.byKey.get(keyId) ?? 0) >= perKey) {
      throw tooMany(`Too many open event streams with this API key (limit ${perKey}): close one, or wait for its job to end`, perKey);
    }
    if (!this.accounts.add(stream).ok) {
      const perUser = this.limits.SSE_MAX_STREAMS_PER_USER;
      throw tooMany(`Too many open event streams for this user (limit ${perUser}): close one, or wait for its job to end`, perUser);
    }
    if (keyId) this.byKey.set(keyId, (this.byKey.get(keyId) ?? 0) + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.accounts.delete(stream);
      this.total -= 1;
      if (!keyId) return;
      const left = (this.byKey.get(keyId) ?? 1) - 1;
      if (left > 0) this.byKey.set(keyId, left);
      else this.byKey.delete(keyId);
    };
  }
}
