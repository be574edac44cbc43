// The API key scope rules of every GraphQL root field (server/graphql/api-key-scopes.ts), on
// the schema itself, without a server: every field a key may use is in docs/api-keys.md with
// the same rule, every tool's mutation needs generate, and every other field (one added
// tomorrow too) refuses a key before its resolver runs.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GraphQLField, GraphQLResolveInfo } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSchema } from '../../server/graphql/schema.js';
import { ruleOf } from '../../server/graphql/api-key-scopes.js';
import { inertPubSub } from '../../server/shared/platform/pubsub.js';
import { TOOLS, toolsFor } from '../../server/shared/tools/catalogue.js';
import { API_KEY_SCOPES, type ApiKeyGrant, type KeyRule } from '../../server/auth/api-keys.js';
import { AppError } from '../../server/shared/platform/errors.js';

type RootType = 'Query' | 'Mutation' | 'Subscription';
let fields: { type: RootType; field: GraphQLField<unknown, unknown> }[];

beforeAll(async () => {
  const schema = await createSchema(inertPubSub, { noopTool: true });
  const roots = { Query: schema.getQueryType(), Mutation: schema.getMutationType(), Subscription: schema.getSubscriptionType() };
  fields = Object.entries(roots).flatMap(([type, object]) => Object.values(object?.getFields() ?? {}).map((field) => ({ type: type as RootType, field })));
});

const show = (rule: KeyRule) => (typeof rule === 'string' ? rule : [...rule].sort().join(' or '));

/** docs/api-keys.md's table: `Type.field` → its rule, as written there. */
function documentedRules(): Map<string, string> {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/api-keys.md'), 'utf8');
  const rules = new Map<string, string>();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4) continue;
    const [, what, needs] = cells as [string, string, string];
    const rule = /public/.test(needs)
      ? 'public'
      : /session/.test(needs)
        ? 'session'
        : [...needs.matchAll(/`(\w+)`/g)]
            .map((m) => m[1]!)
            .sort()
            .join(' or ');
    for (const m of what.matchAll(/`(Query|Mutation|Subscription)\.(\w+)`/g)) rules.set(`${m[1]}.${m[2]}`, rule);
    // The row of "every tool's mutation" names none: they are the catalogue's (the benchmark's aside).
    if (/every tool's mutation/.test(what)) for (const tool of toolsFor({ ENABLE_NOOP_TOOL: false })) rules.set(`Mutation.${tool.graphql.mutation}`, rule);
  }
  return rules;
}

const info = { parentType: { name: 'Test' } } as unknown as GraphQLResolveInfo;
const everyScope: ApiKeyGrant = { id: 'k', name: 'all', scopes: API_KEY_SCOPES };

describe('API key scope rules', () => {
  it('docs/api-keys.md names every field a key may use, with its rule', () => {
    const documented = documentedRules();
    const open = fields.filter(({ type, field }) => ruleOf(type, field.name) !== 'session' && field.name !== 'runNoopJob');
    expect(Object.fromEntries(open.map(({ type, field }) => [`${type}.${field.name}`, show(ruleOf(type, field.name))]))).toEqual(
      Object.fromEntries([...documented].filter(([, rule]) => rule !== 'session')),
    );
  });

  it("every tool's mutation (from the catalogue) needs generate", () => {
    for (const tool of TOOLS) expect([tool.graphql.mutation, ruleOf('Mutation', tool.graphql.mutation)]).toEqual([tool.graphql.mutation, ['generate']]);
  });

  it('every other root field (a new one too) refuses a key with every scope before its resolver runs', () => {
    const sessionOnly = fields.filter(({ type, field }) => ruleOf(type, field.name) === 'session');
    expect(sessionOnly.map(({ field }) => field.name)).toEqual(
      expect.arrayContaining(['apiKeys', 'createApiKey', 'revokeApiKey', 'changePassword', 'deleteAccount', 'signOut', 'startTrial']),
    );
    for (const { type, field } of sessionOnly) {
      const run = type === 'Subscription' ? field.subscribe! : field.resolve!;
      let refused: unknown;
      try {
        // The key's check throws at once (synchronously): nothing of the resolver runs.
        void run(undefined, {}, { apiKey: everyScope }, info);
      } catch (e) {
        refused = e;
      }
      expect([`${type}.${field.name}`, refused instanceof AppError && refused.code]).toEqual([`${type}.${field.name}`, 'FORBIDDEN']);
    }
  });
});
