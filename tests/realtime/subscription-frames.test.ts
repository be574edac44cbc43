// Shared subscriptions written straight to sockets (server/graphql/shared-subscriptions/subscription-frames.ts): one
// execution per event and answer, one frame per operation id, frames in event order even
// when a result is late, formatted errors, a socket that stays behind ends its subscription
// with an error, and return() (a client's `complete`) ends the events.
import { describe, expect, it } from 'vitest';
import { execute, GraphQLBoolean, GraphQLID, GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type ExecutionResult } from 'graphql';
import { inertPubSub, listenerIterator, MAX_BUFFERED_EVENTS } from '../../server/shared/platform/pubsub.js';
import { createSchema } from '../../server/graphql/schema.js';
import { sharedSubscribe } from '../../server/graphql/shared-subscriptions/shared-subscribe.js';
import type { FrameSink } from '../../server/graphql/shared-subscriptions/subscription-frames.js';

interface Tick {
  n: number;
  /** How the resolver answers this event: at once, later, or with an error for VIPs. */
  mode?: 'sync' | 'late' | 'vip-fails';
}
interface Ctx {
  vip: boolean;
}

function room() {
  const pushes = new Set<(p: unknown) => void>();
  let resolved = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  const Change = new GraphQLObjectType({ name: 'Change', fields: { n: { type: new GraphQLNonNull(GraphQLInt) }, vip: { type: new GraphQLNonNull(GraphQLBoolean) } } });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        tick: {
          type: new GraphQLNonNull(Change),
          args: { room: { type: GraphQLID } },
          extensions: { sharedResult: (_event: Tick, ctx: Ctx) => String(ctx.vip) },
          subscribe: () =>
            listenerIterator(async (push) => {
              pushes.add(push);
              return async () => void pushes.delete(push);
            }),
          resolve: (event: Tick, _args: unknown, ctx: Ctx) => {
            resolved++;
            if (event.mode === 'vip-fails' && ctx.vip) throw new Error('no answer for VIPs');
            const change = { n: event.n, vip: ctx.vip };
            return event.mode === 'late' ? released.then(() => change) : change;
          },
        },
      },
    }),
  });
  return { schema, publish: (e: Tick) => pushes.forEach((push) => push(e)), listeners: () => pushes.size, resolved: () => resolved, release };
}

/** A socket as the server writes to it: frames kept as bytes; `behind` makes writes wait. */
function socket(id: string) {
  const frames: Buffer[] = [];
  let drain: (() => void) | null = null;
  const sink: FrameSink & { behind: boolean } = {
    id,
    behind: false,
    payload: (r: ExecutionResult) => (r.errors ? { ...r, errors: r.errors.map((e) => ({ message: `formatted: ${e.message}`, extensions: { code: 'X' } })) } : r),
    write(frame) {
      frames.push(frame);
      if (sink.behind) return new Promise<void>((r) => (drain = r));
    },
  };
  const messages = () => frames.map((f) => JSON.parse(f.toString()) as { id: string; type: string; payload: ExecutionResult });
  return { sink, frames, messages, drain: () => drain?.() };
}

const settle = () => new Promise((r) => setTimeout(r, 10));
const QUERY = 'subscription($room: ID) { tick(room: $room) { n vip } }';

async function subscribe(schema: GraphQLSchema, sink: FrameSink, vip: boolean, query = QUERY) {
  const it = await sharedSubscribe({ schema, document: parse(query), contextValue: { vip } satisfies Ctx, variableValues: { room: 'a' } }, sink);
  if (!(Symbol.asyncIterator in it)) throw new Error(`not subscribed: ${JSON.stringify(it)}`);
  return it;
}

describe('shared subscription frames', () => {
  it('executes once per event and answer, and writes one frame (the same bytes) to every socket with that operation id', async () => {
    const r = room();
    const sockets = Array.from({ length: 6 }, (_, i) => socket(i < 5 ? '1' : 'other-id'));
    await Promise.all(sockets.map((s, i) => subscribe(r.schema, s.sink, i % 2 === 0)));
    await settle();
    r.publish({ n: 1 });
    r.publish({ n: 2 });
    // Two answers (vip, not) per event: two executions per event, for six subscribers.
    expect(r.resolved()).toBe(4);
    for (const [i, s] of sockets.entries()) {
      expect(s.messages()).toEqual([1, 2].map((n) => ({ id: s.sink.id, type: 'next', payload: { data: { tick: { n, vip: i % 2 === 0 } } } })));
    }
    // Sockets 0, 2 and 4 share answer and id: the very same buffer.
    expect(sockets[2]!.frames[0]).toBe(sockets[0]!.frames[0]);
    expect(sockets[4]!.frames[1]).toBe(sockets[0]!.frames[1]);
    expect(sockets[1]!.frames[0]).not.toBe(sockets[0]!.frames[0]);
  });

  it('keeps each socket in event order when a result is late, and formats errors', async () => {
    const r = room();
    const vip = socket('v');
    const plain = socket('p');
    await subscribe(r.schema, vip.sink, true);
    await subscribe(r.schema, plain.sink, false);
    await settle();
    r.publish({ n: 1, mode: 'late' });
    r.publish({ n: 2, mode: 'vip-fails' });
    r.publish({ n: 3 });
    await settle();
    expect(vip.frames).toHaveLength(0); // 2 and 3 are ready, but wait behind 1
    r.release();
    await settle();
    expect(plain.messages().map((m) => m.payload.data?.tick)).toEqual([1, 2, 3].map((n) => ({ n, vip: false })));
    const got = vip.messages().map((m) => m.payload);
    expect(got[0]).toEqual({ data: { tick: { n: 1, vip: true } } });
    expect(got[1]).toMatchObject({ data: null, errors: [{ message: 'formatted: no answer for VIPs', extensions: { code: 'X' } }] });
    expect(got[2]).toEqual({ data: { tick: { n: 3, vip: true } } });
  });

  it('ends the subscription of a socket that stays behind with an error, and the others carry on', async () => {
    const r = room();
    const slow = socket('1');
    const fast = socket('1');
    const slowIt = await subscribe(r.schema, slow.sink, false);
    await subscribe(r.schema, fast.sink, false);
    await settle();
    slow.sink.behind = true;
    const ending = slowIt.next();
    for (let n = 0; n <= MAX_BUFFERED_EVENTS + 1; n++) r.publish({ n });
    await expect(ending).rejects.toThrow('Too many undelivered events');
    expect(slow.frames).toHaveLength(1); // the one write still waiting for the socket
    expect(fast.frames).toHaveLength(MAX_BUFFERED_EVENTS + 2);
    await settle();
    expect(r.listeners()).toBe(1);
    // Once the socket catches up, nothing more goes out for the subscription that ended.
    slow.drain();
    await settle();
    expect(slow.frames).toHaveLength(1);
  });

  it('stops writing and removes the listener on return() (the client completed)', async () => {
    const r = room();
    const s = socket('1');
    const it = await subscribe(r.schema, s.sink, false);
    await settle();
    const ending = it.next();
    r.publish({ n: 1 });
    expect(await it.return!()).toEqual({ value: undefined, done: true });
    expect(await ending).toEqual({ value: undefined, done: true });
    r.publish({ n: 2 });
    expect(s.messages().map((m) => m.payload.data?.tick)).toEqual([{ n: 1, vip: false }]);
    expect(r.listeners()).toBe(0);
  });

  it('resolves likeChanged synchronously in the app schema, so its frames go out in the delivery loop', async () => {
    const schema = await createSchema(inertPubSub);
    const event = { creationId: 'c1', likeCount: 3, actorId: 'u1', liked: true, published: true, ownerId: 'o1', likers: new Set(['u2']) };
    const query = parse('subscription($id: ID) { likeChanged(creationId: $id) { creationId likeCount likedByMe } }');
    const result = (userId: string | null) =>
      execute({ schema, document: query, rootValue: event, contextValue: { user: userId ? { id: userId } : null }, variableValues: { id: 'c1' } });
    // type-graphql's own resolver (it takes an @Arg) would answer with a promise.
    expect(result('u1')).not.toBeInstanceOf(Promise);
    expect([result('u1'), result('u2'), result('u3'), result(null)]).toEqual(
      [true, true, false, false].map((likedByMe) => ({ data: { likeChanged: { creationId: 'c1', likeCount: 3, likedByMe } } })),
    );
  });

  it('answers without a socket through the iterator, sharing the same executions', async () => {
    const r = room();
    const a = await sharedSubscribe({ schema: r.schema, document: parse(QUERY), contextValue: { vip: false }, variableValues: { room: 'a' } });
    const b = await sharedSubscribe({ schema: r.schema, document: parse(QUERY), contextValue: { vip: false }, variableValues: { room: 'a' } });
    if (!(Symbol.asyncIterator in a) || !(Symbol.asyncIterator in b)) throw new Error('not subscribed');
    await settle();
    const next = [a.next(), b.next()];
    r.publish({ n: 7 });
    expect(await Promise.all(next)).toEqual([0, 1].map(() => ({ value: { data: { tick: { n: 7, vip: false } } }, done: false })));
    expect(r.resolved()).toBe(1);
  });
});
