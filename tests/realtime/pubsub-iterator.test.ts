// The listener iterator behind every subscription: order, buffering, return() removing the
// listener, a slow reader ending with an error instead of breaking the publisher's loop.
import { describe, expect, it } from 'vitest';
import { listenerIterator, MAX_BUFFERED_EVENTS } from '../../server/shared/platform/pubsub.js';

function source() {
  const pushes = new Set<(p: unknown) => void>();
  let removed = 0;
  const register = async (push: (p: unknown) => void) => {
    pushes.add(push);
    return async () => {
      pushes.delete(push);
      removed++;
    };
  };
  return { register, publish: (p: unknown) => pushes.forEach((push) => push(p)), listeners: () => pushes.size, removed: () => removed };
}

describe('listenerIterator', () => {
  it('delivers in order, whether the reader waits or lags, and return() removes the listener', async () => {
    const s = source();
    const it = listenerIterator(s.register);
    await Promise.resolve();
    expect(s.listeners()).toBe(1);
    const first = it.next(); // waiting before anything is published
    s.publish(1);
    s.publish(2);
    s.publish(3);
    expect(await first).toEqual({ value: 1, done: false });
    expect(await it.next()).toEqual({ value: 2, done: false });
    expect(await it.next()).toEqual({ value: 3, done: false });
    const pending = it.next();
    expect(await it.return!()).toEqual({ value: undefined, done: true });
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(s.listeners()).toBe(0);
    expect(s.removed()).toBe(1);
    s.publish(4);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  it('ends a reader that fell too far behind with an error, and the publisher carries on', async () => {
    const s = source();
    const slow = listenerIterator(s.register);
    const fast = listenerIterator(s.register);
    await Promise.resolve();
    const got: unknown[] = [];
    const reading = (async () => {
      for await (const v of fast) {
        got.push(v);
        if (got.length === MAX_BUFFERED_EVENTS + 10) break;
      }
    })();
    for (let i = 0; i < MAX_BUFFERED_EVENTS + 10; i++) {
      s.publish(i);
      await Promise.resolve();
    }
    await reading;
    expect(got).toHaveLength(MAX_BUFFERED_EVENTS + 10);
    await expect(slow.next()).rejects.toThrow('Too many undelivered events');
    expect(await slow.next()).toEqual({ value: undefined, done: true });
    expect(s.listeners()).toBe(0); // both gone: the fast one by break (return), the slow one by overflow
  });

  it("hands events to a consumer in the publisher's own call, buffered ones first, and tells it when it ends", async () => {
    const s = source();
    const it = listenerIterator(s.register);
    await Promise.resolve();
    s.publish(1);
    const got: unknown[] = [];
    const ends: (Error | null)[] = [];
    it.consume(
      (v) => got.push(v),
      (e) => ends.push(e),
    );
    expect(got).toEqual([1]);
    s.publish(2);
    expect(got).toEqual([1, 2]); // no await in between: delivered synchronously
    await it.return!();
    s.publish(3);
    expect(got).toEqual([1, 2]);
    expect(ends).toEqual([null]);
    expect(s.listeners()).toBe(0);
    // Consuming one that has ended already ends at once; a failed one ends with its error.
    it.consume(
      () => got.push('late'),
      (e) => ends.push(e),
    );
    expect(ends).toEqual([null, null]);
    const failed = listenerIterator(async () => {
      throw new Error('Redis is down');
    });
    const failure = new Promise<Error | null>((r) => failed.consume(() => {}, r));
    expect(await failure).toEqual(new Error('Redis is down'));
  });

  it('fails when the subscription itself cannot be made', async () => {
    const it = listenerIterator(async () => {
      throw new Error('Redis is down');
    });
    await expect(it.next()).rejects.toThrow('Redis is down');
  });
});
