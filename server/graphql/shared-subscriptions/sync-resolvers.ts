// Subscription fields that resolve synchronously (see README.md in this folder).
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';

/**
 * type-graphql makes every resolver that takes an @Arg asynchronous (its argument check is an
 * async function, even with validation off). A subscription field whose extensions carry
 * `syncResolve` resolves with it instead, so the one execution its subscribers share is ready
 * in the publisher's own loop and their frames go out there (subscription-frames.ts):
 * likeChanged with 5,000 subscribers, one pass instead of two.
 */
export function useSyncResolvers(schema: GraphQLSchema): GraphQLSchema {
  for (const field of Object.values(schema.getSubscriptionType()?.getFields() ?? {})) {
    const resolve = field.extensions.syncResolve;
    if (typeof resolve === 'function') field.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
  }
  return schema;
}
