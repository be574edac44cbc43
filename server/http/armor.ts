// Limits on what one GraphQL document may ask for (GraphQL Armor): depth, aliases,
// directives, tokens and an estimated cost, on HTTP and on WebSocket subscriptions alike.
// Introspection stays allowed while GRAPHQL_INTROSPECTION is on, with a depth limit of its own.
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  getIntrospectionQuery,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type ParseOptions,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export const GRAPHQL_LIMITS = { depth: 10, aliases: 15, directives: 20, tokens: 2000, cost: 5000 } as const;

/**
 * The token limit is graphql-js's own (the parser stops at the limit, a 400
 * GRAPHQL_PARSE_FAILED). Armor's max-tokens plugin re-parses in a hook, and any syntax
 * error it meets there — `{` alone — became a 500.
 */
export const PARSE_OPTIONS: ParseOptions = { maxTokens: GRAPHQL_LIMITS.tokens };

/**
 * Depth of an operation in fields, fragments read in place (a spread adds no level). A
 * fragment that spreads itself (refused by graphql-js's own rule) counts as empty here.
 */
export function operationDepth(selectionSet: SelectionSetNode, fragment: (name: string) => FragmentDefinitionNode | undefined): number {
  const known = new Map<string, number>();
  const visiting = new Set<string>();
  const depth = (set: SelectionSetNode): number => {
    let max = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) max = Math.max(max, 1 + (s.selectionSet ? depth(s.selectionSet) : 0));
      else if (s.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depth(s.selectionSet));
      else {
        const name = s.name.value;
        let d = known.get(name);
        if (d === undefined) {
          const def = visiting.has(name) ? undefined : fragment(name);
          visiting.add(name);
          d = def ? depth(def.selectionSet) : 0;
          visiting.delete(name);
          known.set(name, d);
        }
        max = Math.max(max, d);
      }
    }
    return max;
  };
  return depth(selectionSet);
}

const depthOfDocument = (doc: DocumentNode) => {
  const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const op = getOperationAST(doc);
  return op ? operationDepth(op.selectionSet, (n) => fragments.get(n)) : 0;
};

/**
 * Armor's depth limit skips everything under `__schema` (`ofType { ofType … }` nested 25 deep
 * answered 200), so every operation, introspection included, is also held to the depth of
 * graphql-js's full introspection query — what GraphiQL sends (15 with `ofType` 9 deep) — and
 * no deeper. Everything else stays under Armor's stricter GRAPHQL_LIMITS.depth.
 */
export const INTROSPECTION_MAX_DEPTH = depthOfDocument(
  parse(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true })),
);

export function introspectionDepthRule(limit = INTROSPECTION_MAX_DEPTH): ValidationRule {
  return (context: ValidationContext) => ({
    OperationDefinition(op) {
      const found = operationDepth(op.selectionSet, (n) => context.getFragment(n) ?? undefined);
      if (found > limit) context.reportError(new GraphQLError(`Query depth limit of ${limit} for introspection exceeded, found ${found}.`, { nodes: [op] }));
    },
  });
}

export function createArmor(developerMode: boolean) {
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.depth, ignoreIntrospection: true },
    // __typename counts too: Armor lets any number of its aliases through by default (200 passed).
    maxAliases: { n: GRAPHQL_LIMITS.aliases, allowList: [] },
    maxDirectives: { n: GRAPHQL_LIMITS.directives },
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.cost },
    // "Did you mean …?" helps developers; hide it when the schema is closed.
    blockFieldSuggestion: { enabled: !developerMode },
  }).protect();
  return { ...armor, validationRules: [...armor.validationRules, introspectionDepthRule()] };
}

/** The same validation for graphql-ws operations as Apollo applies to HTTP ones. */
export function validateWith(rules: ValidationRule[]) {
  return (schema: GraphQLSchema, document: DocumentNode) => validate(schema, document, [...specifiedRules, ...rules]);
}

const coded = (e: GraphQLError, code: string) =>
  new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, extensions: { ...e.extensions, code } });

/** Validated subscription documents one process keeps (by text). */
const VALID_DOCUMENTS_KEPT = 500;

/**
 * graphql-ws's onSubscribe: parses with the token limit and validates with the same
 * rules, answering a bad document with errors for that operation. Without it, a syntax
 * error thrown while parsing closed the whole socket with 4500.
 */
export function wsOnSubscribe(schema: GraphQLSchema, rules: ValidationRule[]) {
  const check = validateWith(rules);
  // Documents that passed, by their text: an app sends the same few with new variables each
  // time (Apollo's document store does the same for HTTP). The oldest goes past the bound.
  const valid = new Map<string, DocumentNode>();
  return (_ctx: unknown, _id: string, payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null }): ExecutionArgs | GraphQLError[] => {
    let document = valid.get(payload.query);
    if (!document) {
      try {
        document = parse(payload.query, PARSE_OPTIONS);
      } catch (e) {
        return [
          e instanceof GraphQLError ? coded(e, 'GRAPHQL_PARSE_FAILED') : new GraphQLError('The document could not be parsed', { extensions: { code: 'GRAPHQL_PARSE_FAILED' } }),
        ];
      }
      const errors = check(schema, document);
      if (errors.length) return errors.map((e) => coded(e, 'GRAPHQL_VALIDATION_FAILED'));
      if (valid.size >= VALID_DOCUMENTS_KEPT) valid.delete(valid.keys().next().value!);
      valid.set(payload.query, document);
    }
    // graphql-ws would answer this itself, but without ever ending the operation (onComplete).
    if (!getOperationAST(document, payload.operationName)) {
      return [new GraphQLError('No operation in the document has this operationName', { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })];
    }
    return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
  };
}
