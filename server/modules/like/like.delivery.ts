// likeChanged delivery in one API process: one pub/sub listener per channel, and one
// likedByMe lookup per event for all of that channel's signed-in subscribers here.
//
// A like event arrives once per channel; before handing it to anyone we ask Postgres which
// of this process's subscribers like the creation now (the actor's answer is in the event,
// anonymous subscribers have none), then every subscriber gets the event with that answer.
// The resolver is then synchronous, so thousands of subscribers cost thousands of small
// executions, not thousands of queries and pending promise chains.
// (Remembering what each subscriber saw last and answering from the actor alone would need no
// query at all, but one lost pub/sub message — a Redis reconnect — would leave it wrong until
// the subscriber reconnects. Here each answer is read when the event is delivered.)
import type { Db } from '../../shared/db/prisma.js';
import { listenerIterator, Topic, type LikeEvent, type ListenerIterator, type PubSub } from '../../shared/platform/pubsub.js';

/** A like event as subscribers receive it: with who, among them, likes the creation. */
export interface DeliveredLikeEvent extends LikeEvent {
  /** Subscribers' user ids (here) that like it; null when the lookup failed. */
  likers: ReadonlySet<string> | null;
}

interface Subscriber {
  userId: string | null;
  push(event: DeliveredLikeEvent): void;
}
interface Channel {
  subscribers: Set<Subscriber>;
  /** Events go out one after another, in the order Redis delivered them. */
  tail: Promise<void>;
  unlisten: Promise<() => Promise<void>>;
}

/** Postgres takes a few thousand ids in one array happily; more are split. */
const MAX_IDS_PER_QUERY = 5000;
const WHOLE_FEED = '*';

export class LikeDelivery {
  private readonly channels = new Map<string, Channel>();
  /** likedByMe lookups sent (for tests and the fan-out benchmark). */
  queries = 0;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** The events of one creation, or of the whole feed, as one subscriber receives them. */
  subscribe(creationId: string | null | undefined, userId: string | null): ListenerIterator {
    const key = creationId ?? WHOLE_FEED;
    return listenerIterator(async (push) => {
      const me: Subscriber = { userId, push };
      let channel = this.channels.get(key);
      if (!channel) {
        const created: Channel = {
          subscribers: new Set(),
          tail: Promise.resolve(),
          unlisten: this.pubsub.listen(Topic.LIKE_CHANGED, creationId ?? undefined, (e) => this.receive(created, e)),
        };
        this.channels.set(key, (channel = created));
        created.unlisten.catch(() => this.channels.get(key) === created && this.channels.delete(key));
      }
      const joined = channel;
      joined.subscribers.add(me);
      await joined.unlisten;
      return async () => {
        joined.subscribers.delete(me);
        if (joined.subscribers.size === 0 && this.channels.get(key) === joined) {
          this.channels.delete(key);
          await (
            await joined.unlisten
          )();
        }
      };
    });
  }

  /** Subscribers beyond the one pub/sub listener each channel holds (for the subscriptions gauge). */
  extraSubscribers(): number {
    let n = 0;
    for (const c of this.channels.values()) n += Math.max(0, c.subscribers.size - 1);
    return n;
  }

  private receive(channel: Channel, event: LikeEvent) {
    // Those subscribed when the event arrived get it; later ones start with the next. Nobody
    // but the owner learns of a private creation's likes (not even that its id exists).
    const targets = event.published === true ? [...channel.subscribers] : [...channel.subscribers].filter((s) => s.userId === event.ownerId);
    if (targets.length === 0) return;
    channel.tail = channel.tail.then(async () => {
      const delivered: DeliveredLikeEvent = { ...event, likers: await this.likers(event, targets) };
      for (const s of targets) s.push(delivered);
    });
  }

  private async likers(event: LikeEvent, targets: Subscriber[]): Promise<ReadonlySet<string> | null> {
    const ids = new Set<string>();
    for (const s of targets) if (s.userId && s.userId !== event.actorId) ids.add(s.userId);
    const likers = new Set<string>();
    const all = [...ids];
    try {
      for (let i = 0; i < all.length; i += MAX_IDS_PER_QUERY) {
        this.queries++;
        const rows = await this.db.$queryRaw<{ userId: string }[]>`
          SELECT "userId"::text AS "userId" FROM "Like"
          WHERE "creationId" = ${event.creationId}::uuid AND "userId" = ANY(${all.slice(i, i + MAX_IDS_PER_QUERY)}::uuid[])`;
        for (const r of rows) likers.add(r.userId);
      }
      return likers;
    } catch (e) {
      this.onError(e);
      return null;
    }
  }
}

/** likedByMe of one subscriber for a delivered event. */
export function likedByMe(event: DeliveredLikeEvent, userId: string | null): boolean {
  if (!userId) return false;
  if (userId === event.actorId) return event.liked;
  if (!event.likers) throw new Error('Could not read your like of this creation');
  return event.likers.has(userId);
}
