import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { PubSub } from './pubsub.js';
import { AuthResolver } from './modules/auth/auth.resolver.js';
import { CreationResolver } from './modules/creation/creation.resolver.js';
import { ImageToolResolver } from './modules/image/image.resolver.js';
import { JobProgressResolver, JobResolver } from './modules/job/job.resolver.js';
import { LikeResolver } from './modules/like/like.resolver.js';
import { MessagesResolver } from './modules/messages/messages.resolver.js';
import { NoopResolver } from './modules/noop/noop.resolver.js';
import { TextToolResolver } from './modules/text/text.resolver.js';
import { UserResolver } from './modules/user/user.resolver.js';

/** Every resolver of the schema. */
const resolvers = [
  AuthResolver,
  UserResolver,
  CreationResolver,
  LikeResolver,
  MessagesResolver,
  JobResolver,
  JobProgressResolver,
  TextToolResolver,
  ImageToolResolver,
] as const;

/** The GraphQL schema; type-graphql reads field types from decorator metadata. */
export function createSchema(pubSub: PubSub, opts: { noopTool?: boolean } = {}): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: opts.noopTool ? [...resolvers, NoopResolver] : [...resolvers], pubSub, validate: false });
}
