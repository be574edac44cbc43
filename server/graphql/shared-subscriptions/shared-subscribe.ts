// graphql-ws's `subscribe`, able to execute an event once for many subscribers.
//
// graphql-js executes the whole operation again for every subscriber and every event; with
// thousands of subscribers on one channel that execution is most of the cost of an event.
// A subscription field may declare, in its extensions, `sharedResult(event, context)`: a
// string saying everything about the context its result depends on. Subscribers whose
// operation (document, operation name, variables) and key are the same then get one
// execution's result, computed for the first of them. Fields without it run as graphql-js
// runs them. Given where its frames go (a FrameSink), such a subscription is written straight
// to its socket (subscription-frames.ts).
import { createSourceEventStream, execute, getOperationAST, Kind, print, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { ListenerIterator } from '../../shared/platform/pubsub.js';
import { SharedResult, writeFrames, type FrameSink } from './subscription-frames.js';

/** Put on a subscription field's extensions: `{ sharedResult: (event, context) => key }`. */
export type SharedResultKey = (event: never, context: never) => string;

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> => typeof Object(v)[Symbol.asyncIterator] === 'function';

function mapEvents<T>(source: AsyncIterable<unknown>, map: (event: unknown) => T | Promise<T>): AsyncIterableIterator<T> {
  const it = source[Symbol.asyncIterator]();
  const end = async (): Promise<IteratorResult<T>> => {
    await it.return?.();
    return { value: undefined, done: true };
  };
  return {
    async next() {
      const r = await it.next();
      if (r.done) return { value: undefined, done: true };
      try {
        return { value: await map(r.value), done: false };
      } catch (e) {
        await end().catch(() => undefined);
        throw e;
      }
    },
    return: end,
    throw: async (e: unknown) => {
      await end();
      throw e;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

const printed = new WeakMap<DocumentNode, string>();
/** Per event object, per operation, per key: the one execution every such subscriber shares. */
const executions = new WeakMap<object, Map<string, Map<string, SharedResult>>>();

const consumable = (stream: AsyncIterable<unknown>): stream is ListenerIterator => typeof (stream as Partial<ListenerIterator>).consume === 'function';

export async function sharedSubscribe(args: ExecutionArgs, sink?: FrameSink): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!isAsyncIterable(stream)) return stream;
  const run = (event: unknown) => execute({ ...args, rootValue: event });

  // A subscription has exactly one root field; a fragment there keeps the plain path.
  const root = getOperationAST(args.document, args.operationName)?.selectionSet.selections;
  const field = root?.length === 1 && root[0]!.kind === Kind.FIELD ? root[0]!.name.value : undefined;
  const keyOf = field ? (args.schema.getSubscriptionType()?.getFields()[field]?.extensions.sharedResult as SharedResultKey | undefined) : undefined;
  if (!keyOf) return mapEvents(stream, run);

  let text = printed.get(args.document);
  if (text === undefined) printed.set(args.document, (text = print(args.document)));
  const operation = `${args.operationName ?? ''}\0${JSON.stringify(args.variableValues ?? {})}\0${text}`;
  const sharedFor = (event: unknown): SharedResult | undefined => {
    if (typeof event !== 'object' || event === null) return undefined;
    let key: string;
    try {
      key = (keyOf as (e: unknown, c: unknown) => string)(event, args.contextValue);
    } catch {
      return undefined; // the key could not be worked out: this subscriber gets its own answer (or error)
    }
    let byOperation = executions.get(event);
    if (!byOperation) executions.set(event, (byOperation = new Map()));
    let byKey = byOperation.get(operation);
    if (!byKey) byOperation.set(operation, (byKey = new Map()));
    let shared = byKey.get(key);
    if (!shared) byKey.set(key, (shared = new SharedResult(run(event))));
    return shared;
  };
  if (sink && consumable(stream)) return writeFrames(stream, (event) => sharedFor(event) ?? new SharedResult(run(event)), sink);
  return mapEvents(stream, (event) => sharedFor(event)?.result ?? run(event));
}
