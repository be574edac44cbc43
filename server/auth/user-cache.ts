// Users looked up by a verified token, remembered for a few seconds: a signed-in request
// then costs no database round trip for its identity. A change to a user (plan) drops the
// entry here at once and, through pub/sub (Topic.USER_CHANGED), in every other API process;
// should that message be lost, the entry is stale for at most the TTL.
import type { User } from '../shared/db/generated/client.js';

export class UserCache {
  private readonly entries = new Map<string, { user: User; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached user under `key`, or `load()`'s (remembered when it is a user). */
  async get(key: string, load: () => Promise<User | null>): Promise<User | null> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.user;
    if (hit) this.entries.delete(key);
    const user = await load();
    if (user) this.set(key, user);
    return user;
  }

  set(key: string, user: User): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    // Oldest first in a Map: past the cap, the oldest entry goes.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { user, expires: Date.now() + this.ttlMs });
  }

  /** Drops every entry of this user (whatever key found it). */
  forget(userId: string): void {
    for (const [key, { user }] of this.entries) if (user.id === userId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
