import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type Context } from '../../context.js';
import { requireSession, type ApiKeyScope } from '../../auth/api-keys.js';
import { ApiKeyObject, ApiKeyScopeEnum, CreatedApiKey } from './api-key.types.js';
import type { ApiKeyService, ApiKeyView } from './api-key.service.js';

type ApiKeyContext = Context<{ apiKeys: ApiKeyService }>;

/** Only the signed-in person manages keys: a key can neither list, make nor revoke keys. */
const signedIn = (ctx: ApiKeyContext) => {
  const user = requireUser(ctx);
  requireSession(ctx.apiKey);
  return user;
};

@Resolver(() => ApiKeyObject)
export class ApiKeyResolver {
  @Query(() => [ApiKeyObject], { description: 'Your API keys, newest first, with their use this month (docs/api-keys.md)' })
  apiKeys(
    @Arg('includeRevoked', () => Boolean, { defaultValue: false, description: 'Also the latest revoked keys (their usage history)' }) includeRevoked: boolean,
    @Ctx() ctx: ApiKeyContext,
  ): Promise<ApiKeyView[]> {
    return ctx.app.apiKeys.list(signedIn(ctx), includeRevoked);
  }

  @Mutation(() => CreatedApiKey, { description: 'Makes an API key with these scopes; its text (`key`) is in this answer only. At most 20 working keys' })
  createApiKey(
    @Arg('name', () => String, { description: 'What the key is for (1–60 characters), to tell it apart' }) name: string,
    @Arg('scopes', () => [ApiKeyScopeEnum]) scopes: ApiKeyScope[],
    @Ctx() ctx: ApiKeyContext,
  ): Promise<{ apiKey: ApiKeyView; key: string }> {
    return ctx.app.apiKeys.create(signedIn(ctx), { name, scopes });
  }

  @Mutation(() => ApiKeyObject, { description: 'Revokes one of your API keys: refused from the next request on, everywhere; sockets opened with it close' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiKeyContext): Promise<ApiKeyView> {
    return ctx.app.apiKeys.revoke(signedIn(ctx), id);
  }
}
