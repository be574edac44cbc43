// likedByMe for every subscriber of one like event: one query per event per process.
//
// Every likeChanged subscriber in this process receives the same event object (pub/sub
// parses a Redis message once and hands it to all its listeners), so their lookups are
// gathered under that object and sent together once the current burst of resolvers has run.
// Each answer is read when the event is delivered, as a per-subscriber query would read it.
// (Remembering what each subscriber saw last and answering from the actor alone would need
// no query at all, but one lost pub/sub message — a Redis reconnect — would leave it wrong
// until the subscriber reconnects.)
import type { Db } from '../../db/prisma.js';
import type { LikeEvent } from '../../pubsub.js';

interface Waiter {
  userId: string;
  resolve(liked: boolean): void;
  reject(e: unknown): void;
}
interface EventLookups {
  answers: Map<string, Promise<boolean>>;
  queue: Waiter[];
}

/** Postgres takes a few thousand ids in one array happily; bigger batches are split. */
const MAX_IDS_PER_QUERY = 5000;

export class LikedByBatch {
  private readonly byEvent = new WeakMap<LikeEvent, EventLookups>();
  /** Queries sent (for tests and profiling). */
  queries = 0;

  constructor(private readonly db: Db) {}

  /** Whether `userId` likes the event's creation now; the actor's answer is in the event. */
  likedBy(event: LikeEvent, userId: string): Promise<boolean> {
    if (userId === event.actorId) return Promise.resolve(event.liked);
    let lookups = this.byEvent.get(event);
    if (!lookups) this.byEvent.set(event, (lookups = { answers: new Map(), queue: [] }));
    let answer = lookups.answers.get(userId);
    if (!answer) {
      const state = lookups;
      answer = new Promise<boolean>((resolve, reject) => state.queue.push({ userId, resolve, reject }));
      lookups.answers.set(userId, answer);
      // setImmediate runs after every subscriber already holding this event has asked.
      if (state.queue.length === 1) setImmediate(() => void this.flush(event, state));
    }
    return answer;
  }

  private async flush(event: LikeEvent, lookups: EventLookups) {
    const waiters = lookups.queue.splice(0);
    for (let i = 0; i < waiters.length; i += MAX_IDS_PER_QUERY) {
      const chunk = waiters.slice(i, i + MAX_IDS_PER_QUERY);
      try {
        this.queries++;
        const rows = await this.db.$queryRaw<{ userId: string }[]>`
          SELECT "userId"::text AS "userId" FROM "Like"
          WHERE "creationId" = ${event.creationId}::uuid AND "userId" = ANY(${chunk.map((w) => w.userId)}::uuid[])`;
        const liked = new Set(rows.map((r) => r.userId));
        for (const w of chunk) w.resolve(liked.has(w.userId));
      } catch (e) {
        for (const w of chunk) w.reject(e);
      }
    }
  }
}
