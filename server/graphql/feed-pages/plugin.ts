// Community feed documents answered from kept pages (page-cache.ts), as an Apollo Server plugin:
// `responseForOperation` is the hook Apollo's own response-cache plugin answers with, called
// after Apollo has parsed and validated the document (Armor's limits included) and built the
// request's context (its user), and before it executes. Returning null lets Apollo execute as
// usual: another document, Redis out of reach, a page whose execution had errors.
import type { ApolloServerPlugin } from '@apollo/server';
import { dataFor, type FeedPageCache } from './page-cache.js';

export interface FeedPagesOptions<Context> {
  cache: FeedPageCache;
  /** The feed's version now (server/shared/creations/feed-version.ts); rejects when Redis is out of reach. */
  version(): Promise<string>;
  /** The request's viewer id (null: anonymous). */
  viewerOf(context: Context): string | null;
  /** The same request's context with no viewer: a page is read with it. */
  anonymous(context: Context): object;
}

export function feedPagesPlugin<Context extends object>(options: FeedPagesOptions<Context>): ApolloServerPlugin<Context> {
  const { cache } = options;
  return {
    async requestDidStart({ request }) {
      // Cheap refusals first: most requests are not feed reads.
      if (typeof request.query !== 'string' || !request.query.includes('communityFeed') || request.extensions !== undefined) return;
      return {
        async responseForOperation({ source, operationName, request: { variables }, contextValue, response }) {
          const plan = cache.plan(source, operationName ?? undefined);
          if (!plan) return null;
          try {
            // Read before the page: a page read after a change is never kept under an older version.
            const version = await options.version();
            const page = await cache.page(plan, variables ?? {}, version, () => options.anonymous(contextValue));
            if (!page) return null;
            return { http: response.http, body: { kind: 'single', singleResult: { data: dataFor(page, options.viewerOf(contextValue)) } } };
          } catch {
            return null;
          }
        },
      };
    },
  };
}
