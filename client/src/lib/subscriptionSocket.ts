// The WebSocket that carries subscriptions (graphql-ws), loaded by lib/apollo.ts with the
// first subscription. It sends the same bearer token as the HTTP link (lib/endpoint.ts).
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import { authorizationHeader, GRAPHQL_PATH } from './endpoint';
import { reconnectPolicy } from './reconnect';

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

/** Apollo's link over the socket. */
export const link = new GraphQLWsLink(ws.client);

/** Reconnects with the current token (a sign-in or sign-out), if a socket is open. */
export const restart = ws.restart;
