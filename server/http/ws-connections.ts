// Open WebSocket connections per signed-in user, in this API process. They are counted (a
// user past the limit is refused at connection_init with close code 4029 — our own code:
// graphql-ws keeps 4400-4499 for itself — and a reason that starts with the error code) and
// kept, so that a change to the user (plan, deletion) reaches every socket speaking as them.
// The jobs API's event streams are kept the same way (server/api-v1/event-streams.ts), and
// refreshed with the sockets (refreshAccounts): a sign-out or a revoked key ends both.
import type { User } from '../shared/db/generated/client.js';
import { isSignedOut, sessionsValidFrom } from '../auth/identity.js';
import type { Session } from '../auth/tokens.js';
import { ErrorCode } from '../shared/platform/errors.js';

/** Close code for "too many connections for this user". */
export const WS_TOO_MANY_CONNECTIONS = 4029;
/** Close code for "the account behind this socket is gone": graphql-ws's own Forbidden, as for a refused connection_init. */
export const WS_ACCOUNT_GONE = 4403;
export const ACCOUNT_GONE_REASON = `${ErrorCode.UNAUTHENTICATED}: This account no longer exists`;
export const SIGNED_OUT_REASON = `${ErrorCode.UNAUTHENTICATED}: Signed out`;
export const KEY_REVOKED_REASON = `${ErrorCode.UNAUTHENTICATED}: This API key was revoked`;
export const SUSPENDED_REASON = `${ErrorCode.ACCOUNT_SUSPENDED}: This account was suspended`;

/** One signed-in socket: who it speaks as (replaced by a fresh row when the user changes), and how to end it. */
export interface UserSocket {
  user: User;
  /** Its token's session (tokens.ts): signing it out, or a password changed after it was issued, ends the socket. */
  session?: Session;
  /** The API key it was opened with: revoking the key ends the socket. */
  apiKeyId?: string;
  /** When it was opened (epoch ms): a suspension after it ends it, whatever it was opened with (docs/moderation.md, "Suspension"). */
  openedAt?: number;
  close(code: number, reason: string): void;
}

export class UserSockets {
  private readonly open = new Map<string, Set<UserSocket>>();

  constructor(readonly limit: number) {}

  /** Counts one more connection for its user, or says why it is refused (a close reason, ≤ 123 bytes). */
  add(socket: UserSocket): { ok: true } | { ok: false; reason: string } {
    const id = socket.user.id;
    const set = this.open.get(id) ?? new Set();
    if (set.size >= this.limit) return { ok: false, reason: `${ErrorCode.RATE_LIMITED}: too many open connections for this user (limit ${this.limit})` };
    set.add(socket);
    this.open.set(id, set);
    return { ok: true };
  }

  delete(socket: UserSocket): void {
    const set = this.open.get(socket.user.id);
    if (!set?.delete(socket)) return;
    if (set.size === 0) this.open.delete(socket.user.id);
  }

  count(userId: string): number {
    return this.open.get(userId)?.size ?? 0;
  }

  userIds(): string[] {
    return [...this.open.keys()];
  }

  has(userId: string): boolean {
    return this.open.has(userId);
  }

  /** The API keys the open sockets of these users were opened with. */
  keyIdsOf(userIds: string[]): string[] {
    return userIds.flatMap((id) => [...(this.open.get(id) ?? [])].flatMap((s) => (s.apiKeyId ? [s.apiKeyId] : [])));
  }

  /**
   * Re-reads these users (`load` returns the rows that still exist): a gone user's sockets,
   * sockets whose token a sign-out ended, and sockets opened with an API key that is no longer
   * live (`liveKeys` returns the ids of those not revoked) are closed with 4403; the others
   * speak as the fresh row from now on (a new plan applies to the next operation). Returns
   * the ids that are gone.
   */
  refresh(userIds: string[], load: (ids: string[]) => Promise<User[]>, liveKeys?: (keyIds: string[]) => Promise<Set<string>>): Promise<string[]> {
    return refreshAccounts([this], userIds, load, liveKeys);
  }

  /** refresh() with the rows read: `fresh` the users that still exist, `live` the keys not revoked (when read). */
  settle(userIds: string[], fresh: Map<string, User>, live: Set<string> | undefined): string[] {
    const gone: string[] = [];
    for (const id of userIds) {
      const sockets = [...(this.open.get(id) ?? [])];
      if (sockets.length === 0) continue;
      const user = fresh.get(id);
      if (user) {
        for (const s of sockets) {
          // A key's socket has no session: a password change (sessionsValidFrom) does not end it.
          if (user.suspendedAt && (s.openedAt ?? 0) <= user.suspendedAt.getTime()) s.close(WS_ACCOUNT_GONE, SUSPENDED_REASON);
          else if (isSignedOut(user, s.session) || (s.session && s.session.issuedAt < sessionsValidFrom(user))) s.close(WS_ACCOUNT_GONE, SIGNED_OUT_REASON);
          else if (s.apiKeyId && live && !live.has(s.apiKeyId)) s.close(WS_ACCOUNT_GONE, KEY_REVOKED_REASON);
          else s.user = user;
        }
      } else {
        gone.push(id);
        for (const s of sockets) s.close(WS_ACCOUNT_GONE, ACCOUNT_GONE_REASON);
      }
    }
    return gone;
  }
}

/**
 * UserSockets.refresh over several groups (the WebSockets, the event streams) with one read of
 * the users and one of the keys between them. Returns the ids of the users that are gone.
 */
export async function refreshAccounts(
  groups: readonly UserSockets[],
  userIds: string[],
  load: (ids: string[]) => Promise<User[]>,
  liveKeys?: (keyIds: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  const wanted = [...new Set(userIds)].filter((id) => groups.some((g) => g.has(id)));
  if (wanted.length === 0) return [];
  const keyIds = [...new Set(groups.flatMap((g) => g.keyIdsOf(wanted)))];
  const [rows, live] = await Promise.all([load(wanted), liveKeys && keyIds.length ? liveKeys(keyIds) : undefined]);
  const fresh = new Map(rows.map((u) => [u.id, u]));
  return [...new Set(groups.flatMap((g) => g.settle(wanted, fresh, live)))];
}
