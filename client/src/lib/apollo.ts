// The one configured Apollo Client: queries and mutations over HTTP (multipart when the
// variables hold files), subscriptions over graphql-ws on the same path. Both ask
// lib/endpoint for the bearer token, so they always speak as the current user.
import { ApolloClient, ApolloLink, InMemoryCache, type TypePolicies } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { relayStylePagination } from '@apollo/client/utilities';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { OperationTypeNode } from 'graphql';
import { Observable } from 'rxjs';
import { authorizationHeader, GRAPHQL_PATH } from './endpoint';
import { uploadFetch } from './uploadFetch';

const authLink = new SetContextLink(async (prev) => ({
  headers: { ...(prev.headers as Record<string, string> | undefined), ...(await authorizationHeader()) },
}));

// Apollo Server's CSRF guard rejects multipart bodies unless a header forces a preflight;
// sent on every request so uploads and plain operations take the same path. A mutation
// whose context.fetchOptions carry onUploadProgress reports its upload (lib/uploadFetch).
const httpLink = new UploadHttpLink({ uri: GRAPHQL_PATH, headers: { 'apollo-require-preflight': 'true' }, fetch: uploadFetch });

/**
 * Subscriptions go over graphql-ws (lib/subscriptionSocket.ts), loaded with the first one: the
 * public pages never subscribe, so their first download does without it (docs/benchmarks.md).
 */
let socket: Promise<typeof import('./subscriptionSocket')> | null = null;
const loadSocket = () => (socket ??= import('./subscriptionSocket'));

const subscriptionLink = new ApolloLink(
  (operation) =>
    new Observable((observer) => {
      let subscription: { unsubscribe(): void } | null = null;
      let closed = false;
      loadSocket().then(
        ({ link }) => {
          if (!closed) subscription = link.request(operation).subscribe(observer);
        },
        (error: unknown) => observer.error(error),
      );
      return () => {
        closed = true;
        subscription?.unsubscribe();
      };
    }),
);

const transport = ApolloLink.split((operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION, subscriptionLink, ApolloLink.from([authLink, httpLink]));

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
  // With the socket not loaded yet there is no connection to restart.
  void socket?.then(({ restart }) => restart());
  const reset = signedIn ? apolloClient.resetStore() : apolloClient.clearStore();
  await reset.catch(() => {
    // An in-flight query was cut off by the reset; the refetch that follows supersedes it.
  });
}
