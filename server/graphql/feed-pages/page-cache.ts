// Community feed pages kept as executed, so reading the feed again runs no GraphQL execution and
// no SQL. A page is what graphql-js answers an anonymous reader; a signed-in reader gets the same
// data with each likedByMe worked out from the creation's likers, which the same page holds
// (every other field of the feed is the same for every viewer). A page is served only while the feed's version in Redis is the one
// read before the page was (modules/creation/feed-version.ts) and for MAX_AGE_MS at most.
//
// Only documents that ask for nothing but communityFeed and the fields listed in
// SHARED_FIELDS, and that pass the same validation rules as Apollo's (depth, cost…), are
// kept; anything else, and any page whose execution had an error, is left to Apollo.
import {
  execute,
  getOperationAST,
  parse,
  responsePathAsArray,
  specifiedRules,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  BREAK,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { LikedByMeSite } from '../../modules/creation/creation.service.js';
import { PARSE_OPTIONS } from '../../http/armor.js';

/**
 * The fields a kept page may hold, by parent type: all of them answer every viewer alike,
 * except Creation.likedByMe, which the page renders per viewer. A field added to these types
 * is left to Apollo until it is listed here.
 */
const SHARED_FIELDS: Record<string, ReadonlySet<string>> = {
  Query: new Set(['communityFeed']),
  CreationConnection: new Set(['edges', 'pageInfo']),
  CreationEdge: new Set(['cursor', 'node']),
  PageInfo: new Set(['hasNextPage', 'endCursor']),
  Creation: new Set(['id', 'type', 'prompt', 'content', 'published', 'moderation', 'sensitive', 'likeCount', 'likedByMe', 'likes', 'createdAt', 'provider', 'user']),
  CreationAuthor: new Set(['firstName']),
};

/** Kept pages live this long at most: a safety net for a change Redis did not count (it was out of reach) or made outside the services. */
export const MAX_AGE_MS = 5_000;
const MAX_PAGES = 32;
const MAX_PLANS = 256;

/** A document the cache may answer, parsed and validated once. */
export interface FeedPlan {
  key: string;
  document: DocumentNode;
  operationName: string | undefined;
  /** The operation's name, as Apollo reports it in metrics. */
  name: string | null;
}

/** A kept page: the anonymous reader's data, and where each likedByMe answer sits with the likers that decide it. */
export interface KeptPage {
  version: string;
  keptAt: number;
  /** What execution answered an anonymous reader (every likedByMe false); never changed once kept. */
  data: Record<string, unknown>;
  sites: { path: readonly (string | number)[]; likers: ReadonlySet<string> }[];
}

type Node = Record<string | number, unknown>;

/**
 * The page's data for one viewer (null: anonymous): the kept data itself, or a copy sharing every
 * object but those on the way to a likedByMe the viewer answers true (copied once each).
 */
export function dataFor(page: KeptPage, viewerId: string | null): Record<string, unknown> {
  if (viewerId === null) return page.data;
  const liked = page.sites.filter((site) => site.likers.has(viewerId));
  if (liked.length === 0) return page.data;
  const copies = new Set<unknown>();
  const root: Node = { ...page.data };
  copies.add(root);
  for (const { path } of liked) {
    let at = root;
    for (const key of path.slice(0, -1)) {
      let child = at[key] as Node;
      if (!copies.has(child)) {
        child = (Array.isArray(child) ? [...child] : { ...child }) as Node;
        copies.add(child);
        at[key] = child;
      }
      at = child;
    }
    at[path.at(-1)!] = true;
  }
  return root;
}

/** Whether every field of the document is one SHARED_FIELDS lists (the one operation a query). */
function onlySharedFields(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  let shared = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(op) {
        if (op.operation !== 'query') {
          shared = false;
          return BREAK;
        }
        return undefined;
      },
      Field(node) {
        if (node.name.value === '__typename') return undefined;
        const parent = typeInfo.getParentType();
        if (!parent || !SHARED_FIELDS[parent.name]?.has(node.name.value)) {
          shared = false;
          return BREAK;
        }
        return undefined;
      },
    }),
  );
  return shared;
}

/** The value at a response path, or undefined when the path leads nowhere (a null on the way). */
function valueAt(data: Record<string, unknown>, path: readonly (string | number)[]): unknown {
  let at: unknown = data;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Node)[key];
  }
  return at;
}

export class FeedPageCache {
  private readonly plans = new Map<string, FeedPlan | null>();
  private readonly pages = new Map<string, KeptPage>();
  private readonly filling = new Map<string, Promise<KeptPage | null>>();
  /** Moved by clear(): a page being read when it was called is not kept. */
  private generation = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    /** Apollo's own validation rules (graphql-armor's limits): a kept document passed them. */
    private readonly validationRules: ValidationRule[],
    private readonly maxAgeMs = MAX_AGE_MS,
  ) {}

  /** The plan for a document, or null when the cache does not answer it (it goes to Apollo). */
  plan(query: string, operationName: string | undefined): FeedPlan | null {
    if (!query.includes('communityFeed')) return null;
    const key = operationName === undefined ? query : `${operationName}\u0000${query}`;
    let plan = this.plans.get(key);
    if (plan === undefined) {
      plan = this.makePlan(key, query, operationName);
      if (this.plans.size >= MAX_PLANS) this.plans.delete(this.plans.keys().next().value!);
      this.plans.set(key, plan);
    }
    return plan;
  }

  private makePlan(key: string, query: string, operationName: string | undefined): FeedPlan | null {
    let document: DocumentNode;
    try {
      document = parse(query, PARSE_OPTIONS);
    } catch {
      return null;
    }
    const operation = getOperationAST(document, operationName);
    if (!operation || validate(this.schema, document, [...specifiedRules, ...this.validationRules]).length > 0) return null;
    if (!onlySharedFields(this.schema, document)) return null;
    return { key, document, operationName, name: operation.name?.value ?? null };
  }

  /**
   * The page for these variables at `version` (read before calling): the kept one, or one
   * read now with `context` (Apollo's context for an anonymous request). Null when its
   * execution had errors: Apollo answers those.
   */
  page(plan: FeedPlan, variables: Record<string, unknown>, version: string, context: () => object): Promise<KeptPage | null> | KeptPage {
    const key = `${JSON.stringify(variables)}\u0000${plan.key}`;
    const kept = this.pages.get(key);
    if (kept && kept.version === version && Date.now() - kept.keptAt < this.maxAgeMs) return kept;
    const fillKey = `${version}\u0000${key}`;
    let pending = this.filling.get(fillKey);
    if (!pending) {
      const keptAt = Date.now();
      const generation = this.generation;
      const started = this.read(plan, variables, context()).then((read) => {
        if (!read) return null;
        const page = { ...read, version, keptAt };
        if (generation === this.generation) this.keep(key, page);
        return page;
      });
      const done = () => void (this.filling.get(fillKey) === started && this.filling.delete(fillKey));
      started.then(done, done);
      this.filling.set(fillKey, started);
      pending = started;
    }
    return pending;
  }

  /** Forgets every kept page (e.g. a user changed: their first name, or their creations are gone). */
  clear(): void {
    this.generation++;
    this.pages.clear();
    this.filling.clear();
  }

  private keep(key: string, page: KeptPage): void {
    const kept = this.pages.get(key);
    // A slower read of an older version does not replace a newer page.
    if (kept && Number(kept.version) > Number(page.version)) return;
    this.pages.delete(key);
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
  }

  /** Executes the document as an anonymous reader and notes where each likedByMe answer sits. */
  private async read(plan: FeedPlan, variables: Record<string, unknown>, context: object): Promise<Omit<KeptPage, 'version' | 'keptAt'> | null> {
    const sites: LikedByMeSite[] = [];
    const result = await execute({
      schema: this.schema,
      document: plan.document,
      operationName: plan.operationName,
      variableValues: variables,
      contextValue: { ...context, likedByMeSites: sites },
    });
    if (result.errors?.length || !result.data || result.extensions) return null;
    const kept: KeptPage['sites'] = [];
    for (const site of sites) {
      const path = responsePathAsArray(site.path);
      // Anonymous: every likedByMe answered false; anything else is not a page we can vary per viewer.
      if (!site.likes || valueAt(result.data, path) !== false) return null;
      kept.push({ path, likers: new Set(site.likes) });
    }
    return { data: result.data, sites: kept };
  }
}
