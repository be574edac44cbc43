// POST /graphql for community feed documents, answered from kept pages (feed-page-cache.ts)
// ahead of Apollo. It answers only what it can answer exactly as Apollo would — same status,
// content type and bytes — and hands everything else to Apollo untouched (next()): another
// document, a body with extensions, an Accept header it has no answer for, a token that
// does not authenticate, Redis out of reach, a page whose execution had errors.
import type { Request, RequestHandler } from 'express';
import type { FeedPageCache } from './feed-page-cache.js';
import { renderFor } from './feed-page-cache.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/**
 * The content type Apollo answers each Accept header with (its Negotiator's choice); a header
 * not listed goes to Apollo. tests/community/feed-cache.test.ts checks each against Apollo.
 */
export const CONTENT_TYPE_BY_ACCEPT: ReadonlyMap<string | undefined, string> = new Map([
  [undefined, JSON_TYPE],
  ['*/*', JSON_TYPE],
  ['application/json', JSON_TYPE],
  // Apollo Client's.
  ['application/graphql-response+json,application/json;q=0.9', GRAPHQL_RESPONSE_TYPE],
  ['application/graphql-response+json', GRAPHQL_RESPONSE_TYPE],
]);

export interface FeedFastPathDeps {
  cache: FeedPageCache;
  /** The request's viewer, authenticated as Apollo's context does it; throws when the token is refused. */
  viewer(req: Request): Promise<{ id: string } | null>;
  /** Apollo's context for the same request made anonymously: a page is read with it. */
  anonymousContext(req: Request): object;
  /** The feed's version now (feed-version.ts); rejects when Redis is out of reach. */
  version(): Promise<string>;
  /** Times an answered request, as Apollo's requests are timed. */
  observe(operationName: string | null, seconds: number): void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function feedFastPath(deps: FeedFastPathDeps): RequestHandler {
  return async (req, res, next) => {
    const started = performance.now();
    const body: unknown = req.body;
    const contentType = CONTENT_TYPE_BY_ACCEPT.get(req.headers.accept);
    if (!contentType || !isRecord(body) || typeof body.query !== 'string' || body.extensions !== undefined) return next();
    const { operationName, variables } = body;
    if ((operationName != null && typeof operationName !== 'string') || (variables != null && !isRecord(variables))) return next();
    const plan = deps.cache.plan(body.query, operationName ?? undefined);
    if (!plan) return next();
    let json: string;
    try {
      const viewer = await deps.viewer(req);
      // Read before the page: a page read after a change is never kept under an older version.
      const version = await deps.version();
      const page = await deps.cache.page(plan, variables ?? {}, version, () => deps.anonymousContext(req));
      if (!page) return next();
      json = renderFor(page, viewer?.id ?? null);
    } catch {
      return next();
    }
    res.setHeader('content-type', contentType);
    res.status(200).send(json);
    deps.observe(plan.name, (performance.now() - started) / 1000);
  };
}
