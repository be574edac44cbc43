import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ApiKeyScope } from '../../auth/api-keys.js';

/** The GraphQL enum of API_KEY_SCOPES: READ, GENERATE, PUBLISH stand for read, generate, publish. */
export const ApiKeyScopeEnum = { READ: 'read', GENERATE: 'generate', PUBLISH: 'publish' } as const satisfies Record<string, ApiKeyScope>;
registerEnumType(ApiKeyScopeEnum, {
  name: 'ApiKeyScope',
  description: 'What an API key may do (docs/api-keys.md)',
  valuesConfig: {
    READ: { description: 'Read your account, creations and jobs' },
    GENERATE: { description: 'Start and cancel jobs (every tool), and follow them' },
    PUBLISH: { description: 'Publish and unpublish creations, like and unlike' },
  },
});

@ObjectType('ApiKey', { description: 'One of your API keys; its secret text is shown only once, when it is made' })
export class ApiKeyObject {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The public part of the key, which finds it: the key reads atl_<prefix>_<secret>' })
  prefix!: string;

  @Field(() => String, { description: 'How to show the key: "atl_<prefix>_…"' })
  maskedKey!: string;

  @Field(() => [ApiKeyScopeEnum])
  scopes!: ApiKeyScope[];

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was last used (to the minute); null: never' })
  lastUsedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was revoked (refused from then on); null: it works' })
  revokedAt!: Date | null;

  @Field(() => Int, { description: 'Jobs started with it this month (UTC)' })
  jobsThisMonth!: number;

  @Field(() => Int, { description: 'Requests made with it this month (UTC): GraphQL and REST requests, WebSocket operations' })
  requestsThisMonth!: number;
}

@ObjectType('CreatedApiKey', { description: 'A new key: `key` is its whole text, shown this once and never again' })
export class CreatedApiKey {
  @Field(() => ApiKeyObject)
  apiKey!: ApiKeyObject;

  @Field(() => String, { description: 'The key to send as "Authorization: Bearer <key>": store it now, it cannot be shown again' })
  key!: string;
}
