// How the app's WebSocket (graphql-ws) comes back after it was closed. A server shutting down
// closes its sockets with 1012 "Service Restart" (1001 "Going Away" from older servers and
// proxies): the client reconnects soon — through the balancer, to another server — with a
// little jitter so a drained server's clients do not all arrive in the same instant, and
// graphql-ws resubscribes every subscription still active (a job's progress starts again
// with its current state and all its text). Any other drop backs off exponentially, with
// jitter, up to RECONNECT_MAX_MS. No DOM or Node API here: the server's tests use it too.

/** Close codes by which a server says "connect again, elsewhere" (RFC 6455 §7.4 and IANA's registry). */
export const RESTART_CLOSE_CODES: ReadonlySet<number> = new Set([1001, 1012]);
/** Attempts in a row before a subscription gives up with an error (each success starts the count again). */
export const RECONNECT_ATTEMPTS = 10;
/** The first reconnect after a server's restart close waits between these (ms). */
export const RESTART_RETRY_MIN_MS = 100;
export const RESTART_RETRY_MAX_MS = 1_000;
/** Backoff otherwise: 1 s, 2 s, 4 s… up to this, each wait between half of it and all of it. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect attempt `retries` (0 for the first since the last connection),
 * given the close code that ended the last socket (null: it never opened, or an error).
 */
export function reconnectDelay(retries: number, lastCloseCode: number | null, random: () => number = Math.random): number {
  if (retries === 0 && lastCloseCode !== null && RESTART_CLOSE_CODES.has(lastCloseCode)) {
    return Math.round(RESTART_RETRY_MIN_MS + random() * (RESTART_RETRY_MAX_MS - RESTART_RETRY_MIN_MS));
  }
  const cap = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** retries);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

const closeCodeOf = (event: unknown): number | null => (typeof event === 'object' && event !== null && 'code' in event && typeof event.code === 'number' ? event.code : null);

/**
 * graphql-ws options for reconnecting: pass `retryAttempts`, `retryWait` and `shouldRetry` to
 * createClient, and every `closed` event to `closed` (its `on.closed`, or `client.on('closed', …)`).
 * graphql-ws's own default retries close events only, but a socket that cannot connect (the
 * next server not up yet) reports an error first: that is retried too. Its fatal close codes
 * (4400 bad request, 4401, 4403 refused…) are never retried, whatever this says.
 */
export function reconnectPolicy(random: () => number = Math.random, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))) {
  let lastCloseCode: number | null = null;
  return {
    retryAttempts: RECONNECT_ATTEMPTS,
    retryWait: (retries: number) => sleep(reconnectDelay(retries, lastCloseCode, random)),
    shouldRetry: () => true,
    closed: (event: unknown) => {
      lastCloseCode = closeCodeOf(event);
    },
  };
}
