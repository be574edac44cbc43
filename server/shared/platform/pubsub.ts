// Events between processes go through Redis pub/sub, so any API process can deliver
// what another process (API or worker) published (docs/architecture.md).
import type { Redis } from 'ioredis';
import type { JobPhase } from '../db/generated/enums.js';

export const Topic = {
  LIKE_CHANGED: 'like-changed',
  CREATION_PUBLISHED: 'creation-published',
  /** A creation left the community feed (unpublished, deleted, or hidden by a moderator). */
  CREATION_REMOVED: 'creation-removed',
  JOB_PROGRESS: 'job-progress',
  /** API → workers: stop this job if you are running it. */
  JOB_CANCEL: 'job-cancel',
  /** A user row changed (plan): API processes drop their cached copy. */
  USER_CHANGED: 'user-changed',
} as const;
export type Topic = (typeof Topic)[keyof typeof Topic];

export interface LikeEvent {
  creationId: string;
  likeCount: number;
  /** Who toggled, and what their like is now: lets each subscriber work out likedByMe. */
  actorId: string;
  liked: boolean;
  /** A private creation's changes reach its owner only, and never the whole-feed channel. */
  published: boolean;
  ownerId: string;
}
export interface CreationPublishedEvent {
  creationId: string;
}

/** A job's progress, as its followers get it (server/shared/jobs/job.events.ts). */
export interface JobEvent {
  jobId: string;
  phase: JobPhase;
  percent: number;
  /** Text that belongs at `offset` of the job's streamed output (empty when none). */
  delta: string;
  offset: number;
  message: string | null;
  creationId: string | null;
  /** The text ends at offset + delta: set when a retry's final answer is shorter than what was sent. */
  cut?: boolean;
  /** The picture as it forms (a small JPEG data URL), when the engine sends previews; never stored. */
  preview?: string;
}

/** What each topic carries: publishers and listeners are typed by it, so nothing casts. */
export interface TopicEvents {
  [Topic.LIKE_CHANGED]: LikeEvent;
  [Topic.CREATION_PUBLISHED]: CreationPublishedEvent;
  [Topic.CREATION_REMOVED]: CreationPublishedEvent;
  [Topic.JOB_PROGRESS]: JobEvent;
  [Topic.JOB_CANCEL]: { jobId: string };
  [Topic.USER_CHANGED]: { userId: string };
}

/**
 * type-graphql's PubSub contract over Redis: `publish(topic, payload)` or
 * `publish(topic, id, payload)`; `subscribe(topic, id?)`. Every channel sits under one
 * prefix. `publish` resolves once Redis has taken the message, so a caller that awaits
 * it knows its event is ordered before anything published after.
 */
export interface PubSub {
  publish<T extends Topic>(topic: T, ...args: [event: TopicEvents[T]] | [id: unknown, event: TopicEvents[T]]): Promise<void>;
  subscribe<T extends Topic>(topic: T, id?: unknown): AsyncIterable<TopicEvents[T]>;
  /** Calls `onMessage` for each event; resolves (with an unsubscribe) once Redis confirmed the subscription. */
  listen<T extends Topic>(topic: T, id: unknown, onMessage: (event: TopicEvents[T]) => void): Promise<() => Promise<void>>;
  /** Number of local listeners for clients (for metrics and tests): the process's own USER_CHANGED listener is left out. */
  listenerCount(): number;
  /**
   * Calls `onBack` each time the subscription connection is back and subscribed again (Redis
   * restarted or failed over): what was published while it was away was not heard, so a
   * listener that must not miss an end reads the state again then. Returns its removal.
   */
  onReconnect(onBack: () => void): () => void;
}

/**
 * Topics whose events, whatever their id, travel on the topic's one Redis channel, routed to the
 * id's listeners by a field of the payload. A process subscribes to it once, so following one
 * more job costs no Redis round trip (a job is followed once, briefly: a SUBSCRIBE and an
 * UNSUBSCRIBE each would cost more than delivering every job's events to every API process).
 */
const SHARED_TOPICS: Partial<Record<string, string>> = { [Topic.JOB_PROGRESS]: 'jobId' };

/** The name a topic (and id) is known by inside a process: its own Redis channel unless the topic is shared. */
const listenerKey = (prefix: string, topic: string, id?: unknown) => (id === undefined ? `${prefix}:${topic}` : `${prefix}:${topic}:${String(id)}`);

/** The Redis channel of a topic (and id), for publishers outside this PubSub (e.g. MULTI blocks). */
export const channelName = (prefix: string, topic: string, id?: unknown) => listenerKey(prefix, topic, SHARED_TOPICS[topic] ? undefined : id);

export function createRedisPubSub(prefix: string, publishClient: Redis, subscribeClient: Redis): PubSub {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const internal = new Set([listenerKey(prefix, Topic.USER_CHANGED)]);
  /** Shared channels: the payload field that routes their events, and the SUBSCRIBE made once. */
  const sharedFields = new Map(Object.entries(SHARED_TOPICS).map(([topic, field]) => [channelName(prefix, topic), field!]));
  const sharedSubscriptions = new Map<string, Promise<unknown>>();

  /** SUBSCRIBE to a shared channel the first time anyone listens (again after a failure); kept for the process's life. */
  function subscribeShared(ch: string): Promise<unknown> {
    let done = sharedSubscriptions.get(ch);
    if (!done) {
      done = subscribeClient.subscribe(ch).catch((e: unknown) => {
        sharedSubscriptions.delete(ch);
        throw e;
      });
      sharedSubscriptions.set(ch, done);
    }
    return done;
  }

  async function addListener(topic: string, id: unknown, listener: (payload: unknown) => void) {
    const key = listenerKey(prefix, topic, id);
    const ch = channelName(prefix, topic, id);
    const shared = ch !== key;
    if (shared) await subscribeShared(ch);
    let set = listeners.get(key);
    if (!set) {
      set = new Set();
      listeners.set(key, set);
      if (!shared) await subscribeClient.subscribe(ch);
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size === 0 && listeners.get(key) === set) {
        listeners.delete(key);
        if (!shared) await subscribeClient.unsubscribe(ch).catch(() => undefined);
      }
    };
  }

  // ioredis subscribes again (autoResubscribe) as it turns ready; a PING answered after those
  // SUBSCRIBEs, on the same connection, means they are in place. The first connection too:
  // nobody has listened yet then, so it costs nothing.
  const reconnectListeners = new Set<() => void>();
  subscribeClient.on('ready', () => {
    subscribeClient.ping().then(
      () => {
        for (const onBack of reconnectListeners) onBack();
      },
      () => undefined, // dropped again: the next 'ready' calls them
    );
  });

  subscribeClient.on('message', (ch: string, message: string) => {
    const field = sharedFields.get(ch);
    if (field === undefined) {
      const set = listeners.get(ch);
      if (!set) return;
      const payload: unknown = JSON.parse(message);
      for (const push of set) push(payload);
      return;
    }
    const payload = JSON.parse(message) as Record<string, unknown>;
    const set = listeners.get(`${ch}:${String(payload[field])}`);
    if (set) for (const push of set) push(payload);
  });

  return {
    async publish(topic, ...args) {
      const [id, payload] = args.length >= 2 ? [args[0], args[1]] : [undefined, args[0]];
      await publishClient.publish(channelName(prefix, topic, id), JSON.stringify(payload ?? null));
    },
    // The one place events are typed: each channel carries only its topic's events (JSON from publish above).
    subscribe: <T extends Topic>(topic: T, id?: unknown) => listenerIterator<TopicEvents[T]>((push) => addListener(topic, id, push as (payload: unknown) => void)),
    listen: <T extends Topic>(topic: T, id: unknown, onMessage: (event: TopicEvents[T]) => void) => addListener(topic, id, onMessage as (payload: unknown) => void),
    listenerCount: () => [...listeners].reduce((n, [key, s]) => (internal.has(key) ? n : n + s.size), 0),
    onReconnect(onBack) {
      reconnectListeners.add(onBack);
      return () => reconnectListeners.delete(onBack);
    },
  };
}

/** Events a subscriber has not taken yet, past which its subscription ends with an error. */
export const MAX_BUFFERED_EVENTS = 1024;

export interface ListenerIterator<E = unknown> extends AsyncIterableIterator<E> {
  /**
   * Hands the events to `onEvent` as they are pushed, in the pusher's own call, instead of
   * through next(): those buffered already first. `onEnd` runs once, when the listener ends
   * (with its error if it failed); return() still ends it.
   */
  consume(onEvent: (payload: E) => void, onEnd: (error: Error | null) => void): void;
  /** Removes the listener (and ends a consumer with no error). */
  return(): Promise<IteratorResult<E>>;
}

/**
 * A listener as an async iterator: registered at once, events buffered until read, removed by
 * return(). Thousands of subscribers each get one, so it is kept to one array and one pending
 * promise (a Repeater costs several promises per event, and a slow reader past its 1024
 * pending pushes throws inside the publisher's loop); a consumer that takes them by callback
 * (consume) costs no promise at all.
 */
export function listenerIterator<E = unknown>(register: (push: (payload: E) => void) => Promise<() => Promise<void>>): ListenerIterator<E> {
  const buffer: E[] = [];
  let waiting: { resolve(r: IteratorResult<E>): void; reject(e: unknown): void } | null = null;
  let consumer: { onEvent(payload: E): void; onEnd(error: Error | null): void } | null = null;
  let failure: Error | null = null;
  let done = false;
  const removed = register((payload) => {
    if (done) return;
    if (consumer) consumer.onEvent(payload);
    else if (waiting) {
      const w = waiting;
      waiting = null;
      w.resolve({ value: payload, done: false });
    } else if (buffer.length < MAX_BUFFERED_EVENTS) buffer.push(payload);
    else {
      failure = new Error('Too many undelivered events: subscribe again');
      void finish();
    }
  });
  // A failed SUBSCRIBE (Redis down) ends the iterator with that error.
  removed.catch((e: unknown) => {
    failure = e instanceof Error ? e : new Error(String(e));
    void finish();
  });
  async function finish(): Promise<IteratorResult<E>> {
    if (!done) {
      done = true;
      buffer.length = 0;
      if (waiting) {
        const w = waiting;
        waiting = null;
        if (failure) w.reject(failure);
        else w.resolve({ value: undefined, done: true });
      }
      consumer?.onEnd(failure);
      await removed.then(
        (remove) => remove(),
        () => undefined,
      );
    }
    return { value: undefined, done: true };
  }
  return {
    next() {
      if (buffer.length) return Promise.resolve({ value: buffer.shift()!, done: false });
      if (failure) {
        const e = failure;
        failure = null;
        return Promise.reject(e);
      }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
    return: finish,
    throw: async (e: unknown) => {
      await finish();
      throw e;
    },
    consume(onEvent, onEnd) {
      if (done) return onEnd(failure);
      consumer = { onEvent, onEnd };
      for (const payload of buffer.splice(0)) onEvent(payload);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** For building the schema where nothing is delivered (printing SDL, schema tests). */
export const inertPubSub: PubSub = {
  publish: async () => {},
  listen: async () => async () => {},
  subscribe: () => ({ [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true as const, value: undefined }) }) }),
  listenerCount: () => 0,
  onReconnect: () => () => undefined,
};
