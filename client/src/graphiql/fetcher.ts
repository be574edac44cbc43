import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { parse, type DocumentNode } from 'graphql';
import { GRAPHQL_URL, sessionHeaders } from './session';

const wsProtocol = location.protocol === 'https:' ? 'wss' : 'ws';

// For subscriptions the toolkit opens a graphql-ws client per operation with
// connectionParams = { ...wsConnectionParams, ...headers }, so the session's
// authorization (or one typed in the headers editor) reaches the server's onConnect too.
const base = createGraphiQLFetcher({
  url: `${location.origin}${GRAPHQL_URL}`,
  subscriptionUrl: `${wsProtocol}://${location.host}${GRAPHQL_URL}`,
});

/**
 * The operation as sent. The toolkit picks WebSocket or HTTP from the document GraphiQL
 * hands it, which GraphiQL re-parses a moment after each edit: run at once after typing, a
 * subscription went over HTTP with the previous query's document (and failed there).
 */
function documentOf(query: string, fallback: DocumentNode | undefined): DocumentNode | undefined {
  try {
    return parse(query);
  } catch {
    return fallback; // the server reports the syntax error
  }
}

/** Every operation (HTTP or WebSocket) carries the session's token; an Authorization header typed in the editor wins. */
export const sessionFetcher: Fetcher = async (params, opts) => {
  const typed = opts?.headers ?? {};
  const hasOwn = Object.keys(typed).some((name) => name.toLowerCase() === 'authorization');
  const session = hasOwn ? {} : await sessionHeaders();
  return base(params, { ...opts, documentAST: documentOf(params.query, opts?.documentAST), headers: { ...session, ...typed } });
};
