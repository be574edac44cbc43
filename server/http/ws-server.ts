// graphql-ws on the API's HTTP server, path /graphql: the token is read once, at
// connection_init; after that a socket is kept in step with its account (a changed user is
// re-read, a deleted one's sockets are closed with 4403) and held to its limits
// (connections per user, subscriptions per socket and per address).
import type { IncomingMessage, Server } from 'node:http';
import { getOperationAST, type ExecutionResult, type GraphQLFormattedError, type GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Context } from 'graphql-ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../shared/platform/config.js';
import { createContext, type App, type AppContext } from '../compose.js';
import type { Db } from '../shared/db/prisma.js';
import { bearerToken, type User } from '../auth/identity.js';
import type { ApiKeyGrant, Credentials } from '../auth/api-keys.js';
import { sessionOf, type Session } from '../auth/tokens.js';
import { inEffect } from '../modules/billing/billing.plan.js';
import type { Logger } from '../shared/platform/logger.js';
import { unavailableError } from './service-unavailable.js';
import { AppError, ErrorCode, isAppError } from '../shared/platform/errors.js';
import { wsOnSubscribe } from './armor.js';
import { sharedSubscribe } from '../graphql/shared-subscriptions/shared-subscribe.js';
import type { FrameSink } from '../graphql/shared-subscriptions/subscription-frames.js';
import { refreshAccounts, UserSockets, WS_TOO_MANY_CONNECTIONS, type UserSocket } from './ws-connections.js';
import { SubscriptionSlots, type SocketSlots } from './ws-subscriptions.js';
import { WebSocketDrain } from './ws-drain.js';

interface Options {
  httpServer: Server;
  schema: GraphQLSchema;
  validationRules: ValidationRule[];
  app: App;
  db: Db;
  credentials: Credentials;
  config: Config;
  log: Logger;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** The client's address as HTTP requests see it (TRUST_PROXY applied). */
  addressOf: (request: IncomingMessage) => string;
  /** Other connections kept in step with their accounts as the sockets are: the jobs API's event streams (server/api-v1/event-streams.ts). */
  streams?: UserSockets;
}

/** A WebSocket close reason fits in 123 bytes. */
const closeReason = (text: string) =>
  Buffer.byteLength(text) <= 123
    ? text
    : `${Buffer.from(text)
        .subarray(0, 120)
        .toString()
        .replace(/\uFFFD$/, '')}…`;

/** Past this much unsent data on a socket, its directly written subscriptions wait for it to drain. */
const SOCKET_BEHIND_BYTES = 1 << 20;
/** Frames are built as bytes but are JSON text: a binary frame is no graphql-ws message. */
const TEXT = { binary: false } as const;

type Extra = {
  /** Set once connection_init is accepted. */
  address?: string;
  account?: UserSocket;
  session?: Session | null;
  /** The API key the socket was opened with (its scopes limit every operation). */
  apiKey?: ApiKeyGrant | null;
  slots?: SocketSlots;
  /** Its queries and mutations being answered now (ids): a draining server closes the socket once they are done. */
  running?: Set<string>;
};

/** Writes a frame to a socket; past SOCKET_BEHIND_BYTES unsent, waits for it to drain. */
function socketWriter(socket: WebSocket): FrameSink['write'] {
  return (frame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount < SOCKET_BEHIND_BYTES) return socket.send(frame, TEXT);
    return new Promise<void>((drained) => socket.send(frame, TEXT, () => drained()));
  };
}

interface Admission {
  credentials: Credentials;
  accounts: UserSockets;
  slots: SubscriptionSlots;
  addressOf: (request: IncomingMessage) => string;
}

/**
 * connection_init: authenticates the socket's token (none is an anonymous socket), counts it
 * against its user's connections and gives it its subscription slots. False closes it (4403);
 * Postgres down closes it with 1013 "try again later", so the client's retry gets in once it is back.
 */
async function admitSocket(
  ctx: Context<Record<string, unknown> | undefined, Extra & { socket: WebSocket; request: IncomingMessage }>,
  { credentials, accounts, slots, addressOf }: Admission,
): Promise<boolean> {
  const params = ctx.connectionParams ?? {};
  const header = params.authorization ?? params.Authorization ?? (params.token ? `Bearer ${String(params.token)}` : undefined);
  const socket = ctx.extra.socket;
  let user: User | null = null;
  let apiKey: ApiKeyGrant | null = null;
  let session: Session | null = null;
  try {
    const token = bearerToken(header);
    if (token) ({ user, apiKey } = await credentials.authenticate(token));
    if (token && user && !apiKey) session = sessionOf(token);
  } catch (e) {
    const unavailable = unavailableError(e);
    if (unavailable) socket.close(1013, `${unavailable.code}: ${unavailable.message}`);
    // An API key past its request rate: the client may retry later (not 4403's "never").
    else if (isAppError(e) && e.code === ErrorCode.RATE_LIMITED) socket.close(WS_TOO_MANY_CONNECTIONS, closeReason(`${e.code}: ${e.message}`));
    return false; // otherwise: closes with 4403 Forbidden
  }
  // Closed while we authenticated: onClose has run already, so count nothing.
  if (socket.readyState !== socket.OPEN) return false;
  if (user) {
    const account: UserSocket = { user, session: session ?? undefined, apiKeyId: apiKey?.id, openedAt: Date.now(), close: (code, reason) => socket.close(code, reason) };
    const slot = accounts.add(account);
    if (!slot.ok) {
      // The first close wins: graphql-ws's own 4403 that follows is a no-op.
      socket.close(WS_TOO_MANY_CONNECTIONS, slot.reason);
      return false;
    }
    ctx.extra.account = account;
    ctx.extra.session = session;
    ctx.extra.apiKey = apiKey;
  }
  ctx.extra.address = addressOf(ctx.extra.request);
  ctx.extra.slots = slots.forSocket(ctx.extra.address);
  ctx.extra.running = new Set();
  return true;
}

/** connection_init: refused with 1012 while the server drains (connect to another one), else admitSocket. */
async function connectSocket(ctx: Parameters<typeof admitSocket>[0], draining: WebSocketDrain, admission: Admission): Promise<boolean> {
  if (!draining.admits(ctx.extra.socket)) return false;
  const admitted = await admitSocket(ctx, admission);
  if (admitted && ctx.extra.running) draining.admitted(ctx.extra.socket, ctx.extra.running);
  return admitted;
}

export function startWebSocketServer(o: Options) {
  const { config, credentials, log } = o;
  const identity = credentials.identity;
  // A GraphQL operation fits in 64 KB; larger frames are refused by the socket itself.
  const wsServer = new WebSocketServer({ server: o.httpServer, path: '/graphql', maxPayload: 64 * 1024 });
  const accounts = new UserSockets(config.WS_MAX_CONNECTIONS_PER_USER);
  const slots = new SubscriptionSlots(config.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION, config.WS_MAX_SUBSCRIPTIONS_PER_ADDRESS);
  const checkDocument = wsOnSubscribe(o.schema, o.validationRules);
  const format = (errors: readonly GraphQLError[]) => errors.map((e) => o.formatError(e.toJSON(), e));
  const payload = (result: ExecutionResult) => (result.errors?.length ? { ...result, errors: format(result.errors) } : result);
  /** Each operation's context → where its frames can be written (see sharedSubscribe). */
  const sinks = new WeakMap<object, FrameSink>();
  const draining = new WebSocketDrain();

  const disposable = useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema: o.schema,
      // Parses with the token limit and validates with Armor's rules; a bad document is an
      // error for that operation only. A subscription then takes one of the socket's slots.
      onSubscribe: (ctx, id, payload) => {
        const args = checkDocument(ctx, id, payload);
        if (Array.isArray(args) || !ctx.extra.slots) return args;
        const slotted = ctx.extra.slots;
        const take = () => {
          if (getOperationAST(args.document, args.operationName)?.operation !== 'subscription') {
            ctx.extra.running?.add(id); // a draining server answers it before closing the socket
            return args;
          }
          const refused = slots.acquire(slotted, id, (other) => other in ctx.subscriptions);
          return refused ? [refused] : args;
        };
        // A key's socket: each operation is one of the key's requests (API_KEY_RATE_PER_MINUTE).
        const apiKey = ctx.extra.apiKey;
        if (!apiKey) return take();
        return credentials
          .meter(apiKey)
          .then(take, (e: unknown) => [isAppError(e) ? e : (unavailableError(e) ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Something went wrong'))]);
      },
      onComplete: (ctx, id) => {
        if (ctx.extra.slots) slots.release(ctx.extra.slots, id);
        if (ctx.extra.running?.delete(id)) draining.answered(ctx.extra.socket);
      },
      // Errors leave through the same formatter as on HTTP: codes kept, internals (Prisma's
      // messages, file paths) never sent; a database outage reads SERVICE_UNAVAILABLE.
      onError: (_ctx, _id, _payload, errors) => format(errors),
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors?.length ? payload(result) : undefined),
      // Subscribers whose payload would be the same share one execution per event, and its
      // frame is written straight to their sockets.
      subscribe: (args) => sharedSubscribe(args, sinks.get(args.contextValue as object)),
      // A socket that has not sent connection_init (with its token) by then is closed (4408).
      connectionInitWaitTimeout: 5_000,
      onConnect: (ctx) => connectSocket(ctx, draining, { credentials, accounts, slots, addressOf: o.addressOf }),
      onClose: (ctx) => {
        if (ctx.extra.account) accounts.delete(ctx.extra.account);
        if (ctx.extra.slots) slots.releaseAll(ctx.extra.slots);
        draining.closed(ctx.extra.socket);
        ctx.extra.account = ctx.extra.slots = ctx.extra.running = undefined;
      },
      // Read per operation: a socket speaks as its account's latest row.
      context: (ctx, id): AppContext => {
        const user = ctx.extra.account ? inEffect(ctx.extra.account.user) : null;
        const context = createContext(o.app, user && { user, apiKey: ctx.extra.apiKey ?? null }, ctx.extra.address, ctx.extra.session ?? null);
        sinks.set(context, { id, payload, write: socketWriter(ctx.extra.socket) });
        return context;
      },
    },
    wsServer,
  );

  const groups = o.streams ? [accounts, o.streams] : [accounts];
  /** Re-reads users with open sockets or event streams here (all of them when no ids are given); closes a gone user's. */
  const refreshUsers = async (userIds = groups.flatMap((g) => g.userIds())) => {
    const gone = await refreshAccounts(
      groups,
      userIds,
      (ids) => o.db.user.findMany({ where: { id: { in: ids } } }),
      async (keyIds) => new Set((await o.db.apiKey.findMany({ where: { id: { in: keyIds }, revokedAt: null }, select: { id: true } })).map((k) => k.id)),
    );
    for (const id of gone) identity.forget(id);
    if (gone.length) log.info({ users: gone.length }, 'closed the sockets of deleted accounts');
  };
  // A user deleted straight in the database announces nothing: every socket's user is
  // re-read this often, in one query per process.
  const sweep = setInterval(() => {
    refreshUsers().catch((e: unknown) => log.warn({ err: (e as Error).message }, 'could not re-read the users of open sockets'));
  }, config.WS_REAUTH_INTERVAL_MS);
  sweep.unref();

  return {
    wsServer,
    accounts,
    slots,
    refreshUsers,
    drain: (graceMs: number) => draining.drain(wsServer, graceMs),
    dispose: async () => {
      clearInterval(sweep);
      await disposable.dispose();
    },
  };
}

export type WebSocketServerHandle = ReturnType<typeof startWebSocketServer>;
