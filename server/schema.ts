import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { PubSub } from './pubsub.js';
import { resolvers } from './modules/index.js';

/** The GraphQL schema; type-graphql reads field types from decorator metadata. */
export function createSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: [...resolvers], pubSub, validate: false });
}
