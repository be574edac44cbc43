// Redis writes a failover can drop, done again once the connection is back. Replication is
// asynchronous: what a master took just before it died, or while it was being demoted (a planned
// failover: it takes writes until it is told), may never reach the replica that takes over
// (docs/deployment.md, "Redis: Sentinel and managed Redis"). Postgres keeps what was decided, but
// not every write that tells others of it: a job's end (its live state and the event its
// subscribers wait for), a webhook delivery's queue job, an Idempotency-Key's reservation. Each
// is kept here a while and done again when its connection reconnects: losing one needs a
// reconnection of the connection that wrote it. Each redo must be harmless twice (a job's end
// announced again is dropped by its subscribers; a delivery queued again under its own id is the
// same queue job; a reservation is set again only where none is).
import type { Redis } from 'ioredis';

/** How long a write stays to be done again: longer than a failover takes to be noticed and followed (Sentinels' ~10 s). */
export const REDO_WINDOW_MS = 60_000;

interface Redo {
  at: number;
  redo: () => Promise<unknown>;
}

/** Per connection, the writes to do again, oldest first (a key written again moves to the end). */
const pending = new WeakMap<Redis, Map<string, Redo>>();

function prune(writes: Map<string, Redo>, now: number): void {
  for (const [key, w] of writes) {
    if (now - w.at <= REDO_WINDOW_MS) return;
    writes.delete(key);
  }
}

/**
 * Keeps `redo` (the write made on `redis` under `key`, done again) for REDO_WINDOW_MS, and runs it
 * each time `redis` is ready again after a reconnection within that time.
 */
export function redoAfterReconnect(redis: Redis, key: string, redo: () => Promise<unknown>): void {
  let writes = pending.get(redis);
  if (!writes) {
    const own = (writes = new Map());
    pending.set(redis, own);
    redis.on('ready', () => {
      prune(own, Date.now());
      const due = [...own.values()];
      void (async () => {
        for (const w of due) await w.redo().catch(() => undefined); // gone again: the next reconnection redoes it
      })();
    });
  }
  writes.delete(key);
  writes.set(key, { at: Date.now(), redo });
  prune(writes, Date.now());
}

/** Not to be done again after all (the write was undone on purpose). */
export function forgetRedo(redis: Redis, key: string): void {
  pending.get(redis)?.delete(key);
}
