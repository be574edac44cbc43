// One HTTP server: Apollo at /graphql, graphql-ws on the same port and path, the REST
// mirror under /api, health checks, GraphiQL and the built client (docs/architecture.md).
import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import cors from 'cors';
import express from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from './shared/platform/config.js';
import type { Services } from './context.js';
import { composeApp, createContext, type App, type AppContext } from './compose.js';
import { createDb, type Db } from './shared/db/prisma.js';
import { unavailableError } from './http/service-unavailable.js';
import { bearerToken, BuiltinIdentity, ClerkIdentity, type IdentityProvider } from './auth/identity.js';
import { Credentials, requireScope, type Principal } from './auth/api-keys.js';
import { UserCache } from './auth/user-cache.js';
import { clerkWebhookRoutes } from './auth/clerk-webhooks.js';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhooks.js';
import { announceUserChange } from './modules/user/user.service.js';
import { loadTokenSecret, sessionOf } from './auth/tokens.js';
import { AppError, ErrorCode, httpStatusOf } from './shared/platform/errors.js';
import { createLogger, type Logger } from './shared/platform/logger.js';
import { createRedisPubSub, Topic, type PubSub } from './shared/platform/pubsub.js';
import { createCommandRedis, createRedis } from './shared/platform/redis.js';
import { createApollo, formatError } from './graphql/apollo.js';
import { createSchema } from './graphql/schema.js';
import { Queues } from './shared/jobs/queues.js';
import { creationRoutes } from './modules/creation/creation.rest.js';
import { likeRoutes } from './modules/like/like.rest.js';
import { toolRoutes } from './tools/tool.rest.js';
import { apiV1Errors, apiV1Routes } from './api-v1/routes.js';
import { EventStreams } from './api-v1/event-streams.js';
import { toolsFor } from './shared/tools/catalogue.js';
import { fileRoutes } from './modules/creation/creation.files.js';
import { clientRoutes, graphiqlHandler } from './http/client.js';
import { healthRoutes } from './http/health.js';
import { HttpDrain } from './http/drain.js';
import { createArmor } from './http/armor.js';
import { answerClientErrors, requestErrors } from './http/request-errors.js';
import { securityHeaders, strictTransportOverHttps } from './http/security-headers.js';
import { dynamicCompression } from './http/compression.js';
import { RATE_LIMIT_HEADERS, rateLimitHeaders } from './http/rate-limit-headers.js';
import { FeedPageCache } from './graphql/feed-pages/page-cache.js';
import { feedPagesPlugin } from './graphql/feed-pages/plugin.js';
import { readFeedVersion } from './shared/creations/feed-version.js';
import { fileOrigins } from './shared/storage/index.js';
import { graphqlUploads } from './uploads/graphql.js';
import { BATCH_MAX_PICTURES } from './shared/platform/constants.js';
import { startWebSocketServer, type WebSocketServerHandle } from './http/ws-server.js';
import { apiMetrics, createRegistry, liveGauges } from './shared/platform/metrics.js';
import type { Registry } from 'prom-client';
import type { Redis } from 'ioredis';

export interface RunningServer {
  app: App;
  httpServer: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Each request's Principal, once: a GraphQL multipart request asks at its upload admission and again for Apollo's context. */
const principals = new WeakMap<express.Request, Promise<Principal | null>>();

/**
 * Authenticates a request's bearer header (once per request: an API key's request is counted
 * once against its limit); a bad token is an error (401), no token is an anonymous user.
 */
function principalOf(credentials: Credentials, req: express.Request): Promise<Principal | null> {
  let who = principals.get(req);
  if (!who) {
    who = (async () => {
      const token = bearerToken(req.headers.authorization);
      return token ? credentials.authenticate(token) : null;
    })();
    principals.set(req, who);
  }
  return who;
}

/** This process's connections (Postgres, Redis for commands and for subscriptions), pub/sub, identity and queues. */
async function connect(config: Config, log: Logger) {
  const db = createDb(config.DATABASE_URL);
  const redis = await createCommandRedis(config, 'atelier-api');
  const subscriber = createRedis(config, 'atelier-api-sub');
  for (const [conn, name] of [
    [redis, 'redis'],
    [subscriber, 'redis-subscriber'],
  ] as const) {
    conn.on('error', (e: Error) => log.warn({ err: e.message }, `${name} connection error`));
  }
  const pubsub = createRedisPubSub(config.REDIS_PREFIX, redis, subscriber);
  const tokenSecret = loadTokenSecret(config.JWT_SECRET, config.dataDir);
  const users = new UserCache(config.USER_CACHE_TTL_MS);
  const identity: IdentityProvider =
    config.identityProvider === 'clerk' ? new ClerkIdentity(db, config, log, users, (userId) => announceUserChange(pubsub, userId)) : new BuiltinIdentity(db, tokenSecret, users);
  const queues = new Queues(redis, config.REDIS_PREFIX, (e) => log.warn({ err: e.message }, 'queue connection error'));
  const credentials = new Credentials(identity, db, { redis, prefix: config.REDIS_PREFIX, perMinute: config.API_KEY_RATE_PER_MINUTE });
  const services: Services = { config, db, redis, queues, pubsub, identity, credentials, tokenSecret, log };
  return { db, redis, subscriber, pubsub, identity, credentials, queues, services };
}

/** The HTTP server, with keep-alive longer than the clients' and balancers' in front of us. */
function httpServerFor(config: Config, expressApp: express.Express): Server {
  expressApp.disable('x-powered-by');
  expressApp.set('trust proxy', /^\d+$/.test(config.TRUST_PROXY) ? Number(config.TRUST_PROXY) : config.TRUST_PROXY);
  // Idle keep-alive connections stay open longer than the clients and load balancers in front
  // of us keep theirs (60 s is common), so the server never closes one a client is about to
  // reuse; Node's 5 s default raced them (requests lost under load: docs/security-testing.md,
  // "Keep-alive connections closed as a client reuses them"). The
  // headers timeout must exceed it (Node's documentation).
  const httpServer = createServer({ keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS, headersTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS + 1000 }, expressApp);
  answerClientErrors(httpServer);
  return httpServer;
}

/**
 * A WebSocket upgrade is not an Express request: its client address is worked out by
 * Express's own `req.ip` (TRUST_PROXY), so per-address limits count the same clients.
 */
const addressFor = (expressApp: express.Express) => (request: IncomingMessage) =>
  (Object.create(expressApp.request, { headers: { value: request.headers }, connection: { value: request.socket }, socket: { value: request.socket } }) as express.Request).ip ??
  'unknown';

interface EdgeRoutes {
  config: Config;
  db: Db;
  redis: Redis;
  pubsub: PubSub;
  identity: IdentityProvider;
  app: App;
  registry: Registry;
  ws: WebSocketServerHandle;
  queues: Queues;
  drain: HttpDrain;
  log: Logger;
}

/** What comes before any API route: security headers, CORS, health, metrics, and the webhooks (which read their raw body). */
function mountEdgeRoutes(expressApp: express.Express, { config, db, redis, pubsub, identity, app, registry, ws, queues, drain, log }: EdgeRoutes): void {
  // Browsers on other origins get through only when listed; same-origin needs nothing.
  const allowed =
    config.CORS_ORIGINS?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? [];
  // First: every request gets its store of the limits it meets (RateLimit-* headers).
  expressApp.use(rateLimitHeaders());
  expressApp.use(securityHeaders({ clerkPublishableKey: config.CLERK_PUBLISHABLE_KEY, fileOrigins: fileOrigins(config) }), strictTransportOverHttps);
  expressApp.use(cors({ origin: allowed.length ? allowed : false, credentials: false, maxAge: 600, exposedHeaders: [...RATE_LIMIT_HEADERS, 'Location', 'Idempotent-Replayed'] }));
  expressApp.use(healthRoutes(db, redis, drain));
  liveGauges(registry, {
    // likeChanged subscribers share one listener per channel (like.delivery.ts): count each.
    subscriptions: () => pubsub.listenerCount() + app.likes.delivery.extraSubscribers(),
    sockets: () => ws.wsServer.clients.size,
    queueStats: () => queues.stats(toolsFor(config).map((t) => t.kind)),
  });
  expressApp.get('/metrics', async (req, res) => {
    if (config.METRICS_TOKEN && req.headers.authorization !== `Bearer ${config.METRICS_TOKEN}`) {
      res.status(401).json({ success: false, message: 'Metrics need the metrics token', code: ErrorCode.UNAUTHENTICATED });
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  });
  // Before the JSON parser: a webhook's signature covers its raw body.
  if (identity instanceof ClerkIdentity && config.CLERK_WEBHOOK_SIGNING_SECRET) {
    expressApp.use(clerkWebhookRoutes({ signingSecret: config.CLERK_WEBHOOK_SIGNING_SECRET, db, pubsub, identity, files: app.storage, log }));
  }
  if (app.billing.stripe) expressApp.use(stripeWebhookRoutes({ billing: app.billing, db, log }));
}

interface ApiRoutes {
  config: Config;
  db: Db;
  redis: Redis;
  credentials: Credentials;
  app: App;
  apollo: ApolloServer<AppContext>;
  /** Aborted when the server stops accepting connections (its event streams end). */
  closing: AbortSignal;
  /** The jobs API's open event streams (bounded; ended with their session or key). */
  streams: EventStreams;
  log: Logger;
}

/** The API: REST, GraphiQL, GraphQL uploads and Apollo, then the client and the error answers. */
function mountApiRoutes(expressApp: express.Express, { config, db, redis, credentials, app, apollo, closing, streams, log }: ApiRoutes): void {
  expressApp.use(dynamicCompression());
  expressApp.use(express.json({ limit: config.BODY_LIMIT }));
  // The context Apollo's resolvers get, for a request and the user its token names.
  const contextOf = (req: express.Request, who: Principal | null, token: string | undefined): AppContext & { origin: string } => ({
    ...createContext(app, who, req.ip, token && who && !who.apiKey ? sessionOf(token) : null),
    // origin: where Stripe Checkout sends the browser back when PUBLIC_URL is unset.
    origin: `${req.protocol}://${req.get('host')}`,
  });
  // Each REST router gets its own module's services and nothing else.
  const rest = { credentials, log };
  const answer = { jobs: app.jobs, creations: app.creations };
  // The jobs API (docs/api-v1.md): its own errors (problem+json), the JSON parser's included.
  const v1 = { ...rest, ...answer, config, db, redis, tools: app.tools, billing: app.billing, batches: app.batches, closing, streams };
  expressApp.use('/api/v1', apiV1Routes(v1, toolsFor(config)), apiV1Errors(v1));
  expressApp.use(
    creationRoutes({ ...rest, creations: app.creations }),
    likeRoutes({ ...rest, likes: app.likes }),
    toolRoutes({ ...rest, ...answer, tools: app.tools, config }, toolsFor(config)),
    fileRoutes(config.dataDir, db, app.creations.fileUrls, config.FILE_URL_TTL_SECONDS),
  );
  expressApp.use('/graphql', graphiqlHandler(config.GRAPHQL_INTROSPECTION));
  // GraphQL multipart uploads, every file read in before the operation runs; the byte
  // limit is enforced while reading (PAYLOAD_TOO_LARGE), a stalled upload gets 408. A
  // request whose user could not run an upload tool now is answered without its files.
  expressApp.use(
    '/graphql',
    graphqlUploads({
      maxBytes: config.UPLOAD_MAX_BYTES,
      maxFiles: 3,
      // A batch's pictures, as POST /api/v1/batches takes them: 50 images, or a zip as large as they are (docs/batches.md).
      wider: { fields: ['startBatch'], limit: { maxFiles: BATCH_MAX_PICTURES + 1, maxBytes: config.UPLOAD_MAX_BYTES * BATCH_MAX_PICTURES } },
      idleMs: config.UPLOAD_IDLE_TIMEOUT_MS,
      // Only tool mutations take files: a key without the generate scope sends none.
      admit: async (req) => {
        const who = await principalOf(credentials, req);
        requireScope(who?.apiKey, 'generate');
        return app.jobs.admitUploads(who?.user ?? null, app.tools.uploadPlan);
      },
    }),
  );
  expressApp.use('/graphql', expressMiddleware(apollo, { context: async ({ req }) => apolloContext(req, credentials, contextOf) }));
  expressApp.use('/api', (_req, res) => {
    res.status(404).json({ success: false, message: 'No such API route', code: ErrorCode.NOT_FOUND });
  });
  expressApp.use(clientRoutes());
  expressApp.use(requestErrors(log, config.BODY_LIMIT));
}

/** Apollo's context for a request: its user from the bearer token; a refused or unverifiable token is a coded GraphQL error. */
async function apolloContext(
  req: express.Request,
  credentials: Credentials,
  contextOf: (req: express.Request, who: Principal | null, token: string | undefined) => AppContext & { origin: string },
) {
  try {
    const who = await principalOf(credentials, req);
    return contextOf(req, who, bearerToken(req.headers.authorization));
  } catch (e) {
    const known = e instanceof AppError ? e : unavailableError(e);
    if (known) {
      throw new GraphQLError(known.message, { extensions: { code: known.code, http: { status: httpStatusOf[known.code] } } });
    }
    throw e;
  }
}

/**
 * Graceful drain (docs/deployment.md#rolling-deploys-and-drain): /readyz turns 503 and the server
 * keeps serving for SHUTDOWN_DELAY_MS; then it stops accepting connections, closes its WebSockets
 * with 1012 once their queries and mutations are answered, ends its event streams, and lets the
 * requests in flight finish, for up to SHUTDOWN_GRACE_MS; what is left then is cut.
 */
async function drainServer(config: Config, log: Logger, drain: HttpDrain, ws: WebSocketServerHandle): Promise<void> {
  const started = Date.now();
  drain.begin();
  log.info({ delayMs: config.SHUTDOWN_DELAY_MS, inFlight: drain.inFlight(), websockets: ws.wsServer.clients.size }, 'draining: /readyz answers 503');
  if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
  log.info(
    { graceMs: config.SHUTDOWN_GRACE_MS, inFlight: drain.inFlight(), connections: drain.open(), websockets: ws.wsServer.clients.size },
    'draining: no new connections; closing WebSockets (1012) and event streams, finishing requests in flight',
  );
  drain.stopAccepting();
  const [sockets, http] = await Promise.all([ws.drain(config.SHUTDOWN_GRACE_MS), drain.settle(config.SHUTDOWN_GRACE_MS)]);
  await drain.closed(1000);
  const summary = { websockets: sockets.closed, busyWebsockets: sockets.busy, requestsCut: http.cut, ms: Date.now() - started };
  if (sockets.busy || http.cut) log.warn(summary, 'drained, cutting what the grace did not cover');
  else log.info(summary, 'drained');
}

export async function startServer(config: Config, log: Logger = createLogger(config.LOG_LEVEL, 'api')): Promise<RunningServer> {
  const { db, redis, subscriber, pubsub, identity, credentials, queues, services } = await connect(config, log);
  const app = composeApp(services);
  const schema = await createSchema(pubsub, { noopTool: config.ENABLE_NOOP_TOOL });
  const armor = createArmor(config.GRAPHQL_INTROSPECTION);
  const feedPages = new FeedPageCache(schema, armor.validationRules);
  // Redis back after an outage or a failover, which may have lost the feed version's last moves
  // (replication is asynchronous): pages kept before are not trusted after.
  redis.on('ready', () => feedPages.clear());
  const expressApp = express();
  const httpServer = httpServerFor(config, expressApp);
  const drain = new HttpDrain(httpServer);
  const registry = createRegistry('api');
  const metrics = apiMetrics(registry);
  const streams = new EventStreams(config);
  const ws = startWebSocketServer({
    httpServer,
    schema,
    validationRules: armor.validationRules,
    app,
    db,
    credentials,
    config,
    log,
    formatError: formatError(log),
    addressOf: addressFor(expressApp),
    streams: streams.accounts,
  });
  // Another process changed a user (plan, deletion, a sign-out, a revoked key): forget what this
  // one remembers of them, and re-read the user behind their open sockets and event streams here.
  await pubsub.listen(Topic.USER_CHANGED, undefined, ({ userId }) => {
    identity.forget(userId);
    // Their first name, or (deleted) their creations and likes, may be on a kept feed page.
    feedPages.clear();
    ws.refreshUsers([userId]).catch((err: unknown) => log.warn({ err: (err as Error).message }, 'could not re-read a changed user'));
  });
  // Community feed documents answered from kept pages, inside Apollo's own request pipeline.
  const feed = feedPagesPlugin<AppContext>({
    cache: feedPages,
    version: () => readFeedVersion(redis, config.REDIS_PREFIX),
    viewerOf: (context) => context.user?.id ?? null,
    anonymous: (context) => createContext(app, null, context.ip),
  });
  const apollo = createApollo({ schema, config, log, armor, metrics, plugins: [feed], disposeWebSockets: async () => void (await ws.dispose()) });
  await apollo.start();
  mountEdgeRoutes(expressApp, { config, db, redis, pubsub, identity, app, registry, ws, queues, drain, log });
  mountApiRoutes(expressApp, { config, db, redis, credentials, app, apollo, closing: drain.closing, streams, log });

  await new Promise<void>((resolve) => httpServer.listen(config.PORT, config.HOST, resolve));
  const port = (httpServer.address() as AddressInfo).port;
  log.info({ port, identity: identity.kind }, `Atelier API listening on http://localhost:${port}`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await drainServer(config, log, drain, ws);
      await apollo.stop();
      ws.wsServer.close();
      await queues.close().catch(() => undefined);
      await Promise.allSettled([db.$disconnect(), redis.quit(), subscriber.quit()]);
      log.info('closed');
    })());

  return { app, httpServer, port, url: `http://127.0.0.1:${port}`, close };
}
