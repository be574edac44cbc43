// Limits on what one GraphQL document may ask for (GraphQL Armor): depth, aliases,
// directives, tokens and an estimated cost, on HTTP and on WebSocket subscriptions alike.
// Introspection stays allowed (its depth is exempt) while GRAPHQL_INTROSPECTION is on.
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';

export const GRAPHQL_LIMITS = { depth: 10, aliases: 15, directives: 20, tokens: 2000, cost: 5000 } as const;

export function createArmor(developerMode: boolean) {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.depth, ignoreIntrospection: true },
    maxAliases: { n: GRAPHQL_LIMITS.aliases },
    maxDirectives: { n: GRAPHQL_LIMITS.directives },
    maxTokens: { n: GRAPHQL_LIMITS.tokens },
    costLimit: { maxCost: GRAPHQL_LIMITS.cost },
    // "Did you mean …?" helps developers; hide it when the schema is closed.
    blockFieldSuggestion: { enabled: !developerMode },
  }).protect();
}

/** The same validation for graphql-ws operations as Apollo applies to HTTP ones. */
export function validateWith(rules: ValidationRule[]) {
  return (schema: GraphQLSchema, document: DocumentNode) => validate(schema, document, [...specifiedRules, ...rules]);
}
