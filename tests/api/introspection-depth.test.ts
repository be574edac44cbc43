// The depth limit skipped everything under `__schema` (docs/security-testing.md, the "`__schema { …
// }` 25 deep" row): a chain of 25 `ofType`s answered 200. Introspection is now held to the depth of
// graphql-js's full introspection query, which GraphiQL sends and which keeps working, on HTTP and
// WebSocket.
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, startTestServer, waitFor, wsClient } from '../helpers/server.js';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Depth of the full introspection query: __schema, types, fields, args, type, 9 × ofType, kind. */
const INTROSPECTION_MAX_DEPTH = 15;

const chain = (n: number) => {
  let ofType = 'name';
  for (let i = 0; i < n; i++) ofType = `ofType { ${ofType} }`;
  return ofType;
};
/** __schema, types, fields, type: 4 levels before the chain, 1 for its innermost `name`. */
const schemaChain = (n: number) => `{ __schema { types { fields { type { ${chain(n)} } } } } }`;

describe('introspection depth', () => {
  it('refuses ofType chains deeper than the full introspection query, on HTTP and WebSocket', async () => {
    for (const doc of [
      schemaChain(25),
      schemaChain(INTROSPECTION_MAX_DEPTH - 4), // one level past the limit
      // The same through fragments, which add no level of their own but are read in place.
      `{ __schema { ...S } } fragment S on __Schema { types { fields { type { ...T } } } } fragment T on __Type { ${chain(25)} }`,
    ]) {
      const r = await gql(server.url, doc);
      expect(r.status, doc.slice(0, 80)).toBe(400);
      expect(r.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(r.errors?.[0]?.message).toMatch(/depth limit of 15/);
    }
    const client = wsClient(server.url);
    try {
      const errors: unknown[] = [];
      client.subscribe({ query: schemaChain(25) }, { next: () => {}, error: (e) => errors.push(e), complete: () => {} });
      await waitFor(() => errors.length > 0, 5_000, 'the refusal');
      expect(JSON.stringify(errors)).toMatch(/GRAPHQL_VALIDATION_FAILED.*|depth limit of 15/);
    } finally {
      await client.dispose();
    }
  });

  it("answers GraphiQL's introspection query (every option on, ofType 9 deep) and a chain at the limit", async () => {
    for (const doc of [
      getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true }),
      getIntrospectionQuery(),
      schemaChain(INTROSPECTION_MAX_DEPTH - 5),
    ]) {
      const r = await gql<{ __schema: { types: unknown[] } }>(server.url, doc);
      expect(r.status).toBe(200);
      expect(r.errors).toBeUndefined();
      expect(r.data?.__schema.types.length).toBeGreaterThan(10);
    }
  });
});
