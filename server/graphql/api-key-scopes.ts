// What an API key may call in GraphQL, in one place for every transport (HTTP and the
// WebSocket): each root field's rule (docs/api-keys.md has the table). A request made with a
// key is held to its field's rule before the resolver runs (a subscription before it
// subscribes); a session, or an anonymous request, is never held by it.
//
// Not a type-graphql global middleware: those wrap every field of every type (each becomes a
// promise, the like fan-out's synchronous resolution with it: shared-subscriptions/README.md)
// and never reach a subscription's `subscribe`. Only the root fields are wrapped here, once,
// when the schema is built; a field whose rule is 'public' is left as it is.
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { requireKeyRule, type ApiKeyGrant, type KeyRule } from '../auth/api-keys.js';
import { TOOLS } from '../shared/tools/catalogue.js';

type RootType = 'Query' | 'Mutation' | 'Subscription';

const READ: KeyRule = ['read'];
const GENERATE: KeyRule = ['generate'];
const PUBLISH: KeyRule = ['publish'];
/** A job is the generate scope's own, and also what read lets a key look at. */
const JOB: KeyRule = ['generate', 'read'];

/**
 * The rule of every root field a key may use. A field not named here is 'session': a new
 * mutation or query (account, billing, keys, webhooks…) refuses keys until it is added.
 */
export const ROOT_FIELD_RULES: Record<RootType, Readonly<Record<string, KeyRule>>> = {
  Query: {
    // Public: what anyone, signed in or not, may read.
    authConfig: 'public',
    communityFeed: 'public',
    engines: 'public',
    siteLinks: 'public',
    uploadLimits: 'public',
    // The user's own data.
    me: READ,
    myCreations: READ,
    creation: READ,
    billing: READ,
    job: JOB,
    batch: JOB,
    myBatches: READ,
  },
  Mutation: {
    // Every tool's mutation, from the catalogue (a new tool is covered by being one).
    ...Object.fromEntries(TOOLS.map((t) => [t.graphql.mutation, GENERATE])),
    cancelJob: GENERATE,
    startBatch: GENERATE,
    cancelBatch: GENERATE,
    setCreationPublished: PUBLISH,
    toggleLike: PUBLISH,
  },
  Subscription: {
    creationPublished: 'public',
    creationRemoved: 'public',
    likeChanged: 'public',
    jobProgress: JOB,
    batchProgress: JOB,
  },
};

/** A root field's rule: 'session' unless the table above says otherwise. */
export function ruleOf(type: RootType, field: string): KeyRule {
  return Object.hasOwn(ROOT_FIELD_RULES[type], field) ? ROOT_FIELD_RULES[type][field]! : 'session';
}

type KeyContext = { apiKey?: ApiKeyGrant | null } | undefined;

function guarded(resolve: GraphQLFieldResolver<unknown, KeyContext>, rule: KeyRule): GraphQLFieldResolver<unknown, KeyContext> {
  return (source, args, context, info) => {
    if (context?.apiKey) requireKeyRule(context.apiKey, rule);
    return resolve(source, args, context, info);
  };
}

/** Holds every root field of the schema to its rule (wrapping its resolver, or its subscribe for a subscription). */
export function guardRootFields(schema: GraphQLSchema): GraphQLSchema {
  const roots: [RootType, GraphQLObjectType | null | undefined][] = [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
    ['Subscription', schema.getSubscriptionType()],
  ];
  for (const [type, object] of roots) {
    for (const field of Object.values(object?.getFields() ?? {})) {
      const rule = ruleOf(type, field.name);
      if (rule === 'public') continue;
      if (type === 'Subscription') field.subscribe = guarded(field.subscribe ?? defaultFieldResolver, rule);
      else if (field.resolve) field.resolve = guarded(field.resolve, rule);
      else throw new Error(`${type}.${field.name} has no resolver to hold API keys to their scopes`);
    }
  }
  return schema;
}
