// Limits on what one GraphQL document may ask for (GraphQL Armor): depth, aliases,
// directives, tokens and an estimated cost, on HTTP and on WebSocket subscriptions alike.
// Introspection stays allowed (its depth is exempt) while GRAPHQL_INTROSPECTION is on.
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type ExecutionArgs, type GraphQLSchema, type ParseOptions, type ValidationRule } from 'graphql';

export const GRAPHQL_LIMITS = { depth: 10, aliases: 15, directives: 20, tokens: 2000, cost: 5000 } as const;

/**
 * The token limit is graphql-js's own (the parser stops at the limit, a 400
 * GRAPHQL_PARSE_FAILED). Armor's max-tokens plugin re-parses in a hook, and any syntax
 * error it meets there — `{` alone — became a 500.
 */
export const PARSE_OPTIONS: ParseOptions = { maxTokens: GRAPHQL_LIMITS.tokens };

export function createArmor(developerMode: boolean) {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.depth, ignoreIntrospection: true },
    maxAliases: { n: GRAPHQL_LIMITS.aliases },
    maxDirectives: { n: GRAPHQL_LIMITS.directives },
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.cost },
    // "Did you mean …?" helps developers; hide it when the schema is closed.
    blockFieldSuggestion: { enabled: !developerMode },
  }).protect();
}

/** The same validation for graphql-ws operations as Apollo applies to HTTP ones. */
export function validateWith(rules: ValidationRule[]) {
  return (schema: GraphQLSchema, document: DocumentNode) => validate(schema, document, [...specifiedRules, ...rules]);
}

const coded = (e: GraphQLError, code: string) =>
  new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, extensions: { ...e.extensions, code } });

/**
 * graphql-ws's onSubscribe: parses with the token limit and validates with the same
 * rules, answering a bad document with errors for that operation. Without it, a syntax
 * error thrown while parsing closed the whole socket with 4500.
 */
export function wsOnSubscribe(schema: GraphQLSchema, rules: ValidationRule[]) {
  const check = validateWith(rules);
  return (_ctx: unknown, _id: string, payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null }): ExecutionArgs | GraphQLError[] => {
    let document: DocumentNode;
    try {
      document = parse(payload.query, PARSE_OPTIONS);
    } catch (e) {
      return [e instanceof GraphQLError ? coded(e, 'GRAPHQL_PARSE_FAILED') : new GraphQLError('The document could not be parsed', { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
    }
    const errors = check(schema, document);
    if (errors.length) return errors.map((e) => coded(e, 'GRAPHQL_VALIDATION_FAILED'));
    return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
  };
}
