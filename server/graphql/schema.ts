import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type BuildSchemaOptions } from 'type-graphql';
import type { PubSub } from '../shared/platform/pubsub.js';
import { ApiKeyResolver } from '../modules/api-key/api-key.resolver.js';
import { BatchPictureResolver, BatchResolver } from '../modules/batch/batch.resolver.js';
import { AuthResolver } from '../modules/auth/auth.resolver.js';
import { BillingResolver } from '../modules/billing/billing.resolver.js';
import { CreationResolver } from '../modules/creation/creation.resolver.js';
import { EmailResolver } from '../modules/email/email.resolver.js';
import { EnginesResolver } from '../modules/engines/engines.resolver.js';
import { JobProgressResolver, JobResolver } from '../modules/job/job.resolver.js';
import { LikeResolver } from '../modules/like/like.resolver.js';
import { MessagesResolver } from '../modules/messages/messages.resolver.js';
import { SiteLinksResolver } from '../modules/site/site.resolver.js';
import { UploadLimitsResolver } from '../modules/uploads/upload-limits.resolver.js';
import { UserResolver } from '../modules/user/user.resolver.js';
import { WebhookDeliveryResolver, WebhookResolver } from '../modules/webhook/webhook.resolver.js';
import { AdminUserResolver, AuditEntryResolver, ModerationResolver, UserRoleResolver } from '../modules/moderation/moderation.resolver.js';
import { AdminResolver } from '../modules/admin/admin.resolver.js';
import { toolsFor } from '../shared/tools/catalogue.js';
import { toolResolver } from '../tools/graphql.js';
import { useSyncResolvers } from './shared-subscriptions/sync-resolvers.js';
import { guardRootFields } from './api-key-scopes.js';
import { guardAccess } from './access.js';

/** Every resolver of the schema. */
const resolvers = [
  AuthResolver,
  EmailResolver,
  UserResolver,
  BillingResolver,
  CreationResolver,
  LikeResolver,
  MessagesResolver,
  SiteLinksResolver,
  EnginesResolver,
  JobResolver,
  JobProgressResolver,
  UploadLimitsResolver,
  ApiKeyResolver,
  WebhookResolver,
  WebhookDeliveryResolver,
  ModerationResolver,
  AuditEntryResolver,
  AdminUserResolver,
  UserRoleResolver,
  AdminResolver,
  BatchResolver,
  BatchPictureResolver,
] as const;

/**
 * The GraphQL schema: the modules' resolvers and each tool's (from the catalogue); type-graphql
 * reads field types from decorator metadata. Every root field then holds API keys to its
 * scope (api-key-scopes.ts), and the moderation and admin fields to their role (access.ts).
 */
export async function createSchema(pubSub: PubSub, opts: { noopTool?: boolean } = {}): Promise<GraphQLSchema> {
  const tools = toolsFor({ ENABLE_NOOP_TOOL: opts.noopTool ?? false }).map(toolResolver);
  const schema = await buildSchema({ resolvers: [...resolvers, ...tools] as unknown as BuildSchemaOptions['resolvers'], pubSub, validate: false });
  return guardAccess(guardRootFields(useSyncResolvers(schema)));
}
