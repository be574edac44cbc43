import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { PubSub } from './pubsub.js';
import { resolvers } from './modules/index.js';
import { NoopResolver } from './modules/noop/noop.resolver.js';

/** The GraphQL schema; type-graphql reads field types from decorator metadata. */
export function createSchema(pubSub: PubSub, opts: { noopTool?: boolean } = {}): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: opts.noopTool ? [...resolvers, NoopResolver] : [...resolvers], pubSub, validate: false });
}
