// Events between processes go through Redis pub/sub, so any API process can deliver
// what another process (API or worker) published (DESIGN.md §1).
import { Repeater } from '@repeaterjs/repeater';
import type { Redis } from 'ioredis';

export const Topic = {
  LIKE_CHANGED: 'like-changed',
  CREATION_PUBLISHED: 'creation-published',
  JOB_PROGRESS: 'job-progress',
  /** API → workers: stop this job if you are running it. */
  JOB_CANCEL: 'job-cancel',
} as const;
export type Topic = (typeof Topic)[keyof typeof Topic];

export interface LikeEvent {
  creationId: string;
  likeCount: number;
  /** Who toggled, and what their like is now: lets each subscriber work out likedByMe. */
  actorId: string;
  liked: boolean;
}
export interface CreationPublishedEvent {
  creationId: string;
}

/**
 * type-graphql's PubSub contract over Redis: `publish(topic, payload)` or
 * `publish(topic, id, payload)`; `subscribe(topic, id?)`. Every channel sits under one
 * prefix. `publish` resolves once Redis has taken the message, so a caller that awaits
 * it knows its event is ordered before anything published after.
 */
export interface PubSub {
  publish(topic: string, ...args: unknown[]): Promise<void>;
  subscribe(topic: string, id?: unknown): AsyncIterable<unknown>;
  /** Calls `onMessage` for each event; resolves (with an unsubscribe) once Redis confirmed the subscription. */
  listen(topic: string, id: unknown, onMessage: (payload: unknown) => void): Promise<() => Promise<void>>;
  /** Number of local listeners (for metrics and tests). */
  listenerCount(): number;
}

/** The Redis channel of a topic (and id), for publishers outside this PubSub (e.g. MULTI blocks). */
export const channelName = (prefix: string, topic: string, id?: unknown) =>
  id === undefined ? `${prefix}:${topic}` : `${prefix}:${topic}:${String(id)}`;

export function createRedisPubSub(prefix: string, publishClient: Redis, subscribeClient: Redis): PubSub {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const channel = (topic: string, id?: unknown) => channelName(prefix, topic, id);

  async function addListener(ch: string, listener: (payload: unknown) => void) {
    let set = listeners.get(ch);
    if (!set) {
      set = new Set();
      listeners.set(ch, set);
      await subscribeClient.subscribe(ch);
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size === 0 && listeners.get(ch) === set) {
        listeners.delete(ch);
        await subscribeClient.unsubscribe(ch).catch(() => undefined);
      }
    };
  }

  subscribeClient.on('message', (ch: string, message: string) => {
    const set = listeners.get(ch);
    if (!set) return;
    const payload: unknown = JSON.parse(message);
    for (const push of set) push(payload);
  });

  return {
    async publish(topic, ...args) {
      const [id, payload] = args.length >= 2 ? [args[0], args[1]] : [undefined, args[0]];
      await publishClient.publish(channel(topic, id), JSON.stringify(payload ?? null));
    },
    subscribe(topic, id) {
      return new Repeater<unknown>(async (push, stop) => {
        const remove = await addListener(channel(topic, id), (p) => void push(p));
        await stop;
        await remove();
      });
    },
    listen: (topic, id, onMessage) => addListener(channel(topic, id), onMessage),
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

/** For building the schema where nothing is delivered (printing SDL, schema tests). */
export const inertPubSub: PubSub = {
  publish: async () => {},
  listen: async () => async () => {},
  subscribe: () => ({ [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }) }),
  listenerCount: () => 0,
};
