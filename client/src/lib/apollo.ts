// The one configured Apollo Client: queries and mutations over HTTP (multipart when the
// variables hold files), subscriptions over graphql-ws on the same path. Both ask
// lib/authToken for the bearer token, so they always speak as the current user.
import { ApolloClient, ApolloLink, InMemoryCache, type TypePolicies } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { relayStylePagination } from '@apollo/client/utilities';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { OperationTypeNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { getAuthToken } from './authToken';
import { reconnectPolicy } from './reconnect';
import { uploadFetch } from './uploadFetch';

export const GRAPHQL_PATH = '/graphql';

async function authorizationHeader(): Promise<Record<string, string>> {
  const token = await getAuthToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

const authLink = new SetContextLink(async (prev) => ({
  headers: { ...(prev.headers as Record<string, string> | undefined), ...(await authorizationHeader()) },
}));

// Apollo Server's CSRF guard rejects multipart bodies unless a header forces a preflight;
// sent on every request so uploads and plain operations take the same path. A mutation
// whose context.fetchOptions carry onUploadProgress reports its upload (lib/uploadFetch).
const httpLink = new UploadHttpLink({ uri: GRAPHQL_PATH, headers: { 'apollo-require-preflight': 'true' }, fetch: uploadFetch });

function webSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${GRAPHQL_PATH}`;
}

/**
 * graphql-ws authenticates once per connection, so a sign-in or sign-out must reconnect.
 * Closing with a non-fatal code makes the client reconnect (re-reading connectionParams)
 * and resubscribe whatever is still active (the restart recipe from graphql-ws's docs).
 * With no open socket there is nothing to do: graphql-ws reads connectionParams only after
 * a socket opens, so the next connection carries the new token anyway. A server shutting
 * down closes with 1012: the client comes back within a second, to another server, and its
 * subscriptions resume there (lib/reconnect).
 */
function createRestartableClient(): { client: Client; restart: () => void } {
  let socket: WebSocket | null = null;
  const reconnect = reconnectPolicy();
  const client = createClient({
    url: webSocketUrl,
    lazy: true,
    // Kept a while after the last operation ends: a user who starts job after job follows
    // them on one socket instead of connecting (and authenticating) again for each.
    lazyCloseTimeout: 10_000,
    connectionParams: authorizationHeader,
    retryAttempts: reconnect.retryAttempts,
    retryWait: reconnect.retryWait,
    shouldRetry: reconnect.shouldRetry,
    on: {
      opened: (opened) => {
        socket = opened as WebSocket;
      },
      closed: (event) => {
        socket = null;
        reconnect.closed(event);
      },
    },
  });
  const restart = () => {
    if (socket?.readyState === WebSocket.OPEN) socket.close(4205, 'Client Restart');
  };
  return { client, restart };
}

const ws = createRestartableClient();

const transport = ApolloLink.split((operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION, new GraphQLWsLink(ws.client), ApolloLink.from([authLink, httpLink]));

/** The cache's rules, exported so component tests build their cache the same way. */
export const typePolicies: TypePolicies = {
  // The signed-in user's billing has no id: one record, so every answer (query or
  // startTrial/cancel/resume) lands in the same place and every display follows.
  Billing: { keyFields: [] },
  Query: {
    fields: {
      // One growing list per user; evicted whole when a job completes (see features/jobs).
      myCreations: relayStylePagination(),
      communityFeed: relayStylePagination(),
    },
  },
};

export const apolloClient = new ApolloClient({
  link: transport,
  cache: new InMemoryCache({ typePolicies }),
});

const sessionListeners = new Set<() => void>();

/** Lets per-user state outside the cache (e.g. followed jobs) forget the previous user. */
export function onSessionReset(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/**
 * The user changed: reconnect the socket with the new token and drop everything cached for
 * the previous user. After a sign-in, what is on screen refetches as the new user; after a
 * sign-out nothing does, since the signed-in screens are about to unmount and would only
 * ask as nobody.
 */
export async function resetSession({ signedIn }: { signedIn: boolean }): Promise<void> {
  for (const listener of sessionListeners) listener();
  ws.restart();
  const reset = signedIn ? apolloClient.resetStore() : apolloClient.clearStore();
  await reset.catch(() => {
    // An in-flight query was cut off by the reset; the refetch that follows supersedes it.
  });
}
