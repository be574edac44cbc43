// A shared subscription's results written straight to sockets (see shared-subscribe.ts).
//
// Through graphql-ws, every subscriber pays for every event with its own chain of promises,
// its own serialisation and its own `next` message: most of an event's cost with thousands of
// subscribers. Here a subscriber takes its events by callback, in the publisher's own loop;
// each shared result is serialised once, each (result, operation id) frame is built once,
// and the same bytes go to every socket that shares them, as a plain `ws` broadcast does.
import { GraphQLError, type ExecutionResult } from 'graphql';
import { MAX_BUFFERED_EVENTS, type ListenerIterator } from '../../shared/platform/pubsub.js';

/** Where one subscription's `next` frames are written. */
export interface FrameSink {
  /** The operation's id on its socket. */
  readonly id: string;
  /** The payload the client receives for a result (errors formatted as on HTTP). */
  payload(result: ExecutionResult): unknown;
  /** Writes one frame; a promise when the socket is behind, which the next frame waits for. */
  write(frame: Buffer): void | Promise<void>;
}

/** One execution's result for everyone who shares it: serialised once, framed once per operation id. */
export class SharedResult {
  private value?: ExecutionResult;
  private waiting?: (() => void)[];
  private payload?: string;
  private readonly frames = new Map<string, Buffer>();
  /** The result, as graphql-ws takes it from an iterator. */
  readonly result: ExecutionResult | Promise<ExecutionResult>;

  constructor(result: ExecutionResult | Promise<ExecutionResult>) {
    if (!(result instanceof Promise)) {
      this.result = this.value = result;
      return;
    }
    this.waiting = [];
    this.result = result
      .catch((e: unknown): ExecutionResult => ({ errors: [new GraphQLError(e instanceof Error ? e.message : String(e))] }))
      .then((value) => {
        this.value = value;
        const waiting = this.waiting!;
        this.waiting = undefined;
        for (const resume of waiting) resume();
        return value;
      });
  }

  /** The frame for this sink, or undefined after queueing `resume` for when the result is ready. */
  frameFor(sink: FrameSink, resume: () => void): Buffer | undefined {
    if (!this.value) {
      this.waiting!.push(resume);
      return undefined;
    }
    this.payload ??= JSON.stringify(sink.payload(this.value));
    let frame = this.frames.get(sink.id);
    if (!frame) this.frames.set(sink.id, (frame = Buffer.from(`{"id":${JSON.stringify(sink.id)},"type":"next","payload":${this.payload}}`)));
    return frame;
  }
}

/** One subscriber's frames in event order: written at once unless a result or the socket is not ready. */
class FrameQueue {
  private readonly pending: SharedResult[] = [];
  private blocked = false;
  private closed = false;

  constructor(
    private readonly sink: FrameSink,
    private readonly overflow: () => void,
  ) {}

  push(shared: SharedResult) {
    if (this.closed) return;
    if (this.pending.length >= MAX_BUFFERED_EVENTS) return this.overflow();
    this.pending.push(shared);
    if (!this.blocked) this.flush();
  }

  /** The subscription ended: what is still queued is not sent. */
  close() {
    this.closed = true;
    this.pending.length = 0;
  }

  private readonly flush = () => {
    this.blocked = false;
    while (this.pending.length && !this.closed) {
      const frame = this.pending[0]!.frameFor(this.sink, this.flush);
      if (!frame) return void (this.blocked = true);
      this.pending.shift();
      const written = this.sink.write(frame);
      if (written) {
        this.blocked = true;
        return void written.then(this.flush);
      }
    }
  };
}

/**
 * Writes the events' results to the sink. graphql-ws gets back an iterator that yields
 * nothing and settles when the events end (with their error, if any); its return() — the
 * client's `complete`, the socket's close — ends the events.
 */
export function writeFrames(events: ListenerIterator, resultOf: (event: unknown) => SharedResult, sink: FrameSink): AsyncIterableIterator<ExecutionResult> {
  let settle!: { resolve(r: IteratorResult<ExecutionResult>): void; reject(e: Error): void };
  const ended = new Promise<IteratorResult<ExecutionResult>>((resolve, reject) => (settle = { resolve, reject }));
  ended.catch(() => undefined); // graphql-ws may end it (return) without reading it
  const done: IteratorResult<ExecutionResult> = { value: undefined, done: true };
  const end = (error: Error | null) => {
    queue.close();
    if (error) settle.reject(error);
    else settle.resolve(done);
    return events.return();
  };
  const queue = new FrameQueue(sink, () => void end(new Error('Too many undelivered events: subscribe again')));
  events.consume(
    (event) => {
      try {
        queue.push(resultOf(event));
      } catch (e) {
        void end(e instanceof Error ? e : new Error(String(e)));
      }
    },
    (error) => void end(error),
  );
  return {
    next: () => ended,
    return: async () => {
      await end(null);
      return done;
    },
    throw: async (e: unknown) => {
      await end(null);
      throw e;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
