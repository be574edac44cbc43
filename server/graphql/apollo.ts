// Apollo Server as the API runs it: the error shapes clients get, and the plugins that time
// requests, answer 503 when a dependency is down and keep subscriptions on the WebSocket.
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { AppContext } from '../compose.js';
import { unavailableError } from '../http/service-unavailable.js';
import { retryAfterOf } from '../http/rate-limit-headers.js';
import { PARSE_OPTIONS } from '../http/armor.js';
import { ACCOUNT_GONE_MESSAGE, isMissingUserReference } from '../shared/db/account-gone.js';
import type { Config } from '../shared/platform/config.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import type { Logger } from '../shared/platform/logger.js';
import type { ApiMetrics } from '../shared/platform/metrics.js';

/** What a client sees of an error: ours as they are, the rest as one line (logged here). */
export function formatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    const code = formatted.extensions?.code;
    if (original instanceof AppError || (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR')) {
      const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    }
    if (isMissingUserReference(original)) {
      return { message: ACCOUNT_GONE_MESSAGE, path: formatted.path, extensions: { code: ErrorCode.UNAUTHENTICATED } };
    }
    const unavailable = unavailableError(original);
    if (unavailable) {
      log.warn({ err: (original as Error).message, path: formatted.path }, 'dependency unavailable');
      return { message: unavailable.message, path: formatted.path, extensions: { code: unavailable.code } };
    }
    log.error({ err: original, path: formatted.path }, 'unexpected GraphQL error');
    return { message: 'Something went wrong on our side. Please try again.', path: formatted.path, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
  };
}

/** A dependency that is down is not the client's fault and not a bug: HTTP 503, so clients and balancers retry. */
const unavailableIs503: ApolloServerPlugin<AppContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        if (errors?.some((e) => e.extensions?.code === ErrorCode.SERVICE_UNAVAILABLE)) response.http.status = 503;
      },
    };
  },
};

/**
 * A refusal for too many requests (or a spent quota) says when to come back: Retry-After, as
 * REST's 429 does. The status stays Apollo's (200: the error travels in the body).
 */
const retryAfterHeader: ApolloServerPlugin<AppContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
        const waits = (errors ?? []).map((e) => retryAfterOf(e.extensions?.code, e.extensions)).filter((s): s is number => s !== null);
        if (waits.length > 0) response.http.headers.set('retry-after', String(Math.max(...waits)));
      },
    };
  },
};

/**
 * Subscriptions are served over the WebSocket only: executed over HTTP, a subscription field
 * resolved with no event and answered 500 (docs/security-testing.md, "Bad requests that
 * answered 500").
 */
const subscriptionsOverWebSocket: ApolloServerPlugin<AppContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== 'subscription') return;
        throw new GraphQLError('Subscriptions are served over WebSocket (the graphql-ws protocol) at /graphql, not over HTTP', {
          extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: 400 } },
        });
      },
    };
  },
};

/** Times every GraphQL request by operation name, type and outcome. */
function timeRequests(metrics: ApiMetrics): ApolloServerPlugin<AppContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse(rc) {
          metrics.requestSeconds.observe(
            { operation: rc.operationName ?? 'anonymous', type: rc.operation?.operation ?? 'unknown', outcome: rc.errors?.length ? 'error' : 'ok' },
            (performance.now() - started) / 1000,
          );
        },
      };
    },
  };
}

export interface ApolloOptions {
  schema: GraphQLSchema;
  config: Pick<Config, 'GRAPHQL_INTROSPECTION'>;
  log: Logger;
  armor: { validationRules: ValidationRule[]; plugins: unknown[] };
  metrics: ApiMetrics;
  /** Run after the error and timing plugins (the feed's kept pages). */
  plugins: ApolloServerPlugin<AppContext>[];
  /** Closes the WebSocket server's clients when Apollo drains. */
  disposeWebSockets: () => Promise<void>;
}

export function createApollo({ schema, config, log, armor, metrics, plugins, disposeWebSockets }: ApolloOptions): ApolloServer<AppContext> {
  return new ApolloServer<AppContext>({
    schema,
    // The process's own shutdown drains the server and then stops Apollo (server/app.ts: close);
    // Apollo's handler would stop it under that drain and re-raise the signal, killing the process
    // before its connections are closed.
    stopOnTerminationSignals: false,
    introspection: config.GRAPHQL_INTROSPECTION,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    parseOptions: PARSE_OPTIONS,
    validationRules: armor.validationRules,
    formatError: formatError(log),
    plugins: [
      ...(armor.plugins as ApolloServerPlugin<AppContext>[]),
      timeRequests(metrics),
      unavailableIs503,
      retryAfterHeader,
      subscriptionsOverWebSocket,
      ...plugins,
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used; Apollo's default cache-control plugin would still wrap every field resolver.
      ApolloServerPluginCacheControlDisabled(),
      { serverWillStart: async () => ({ drainServer: disposeWebSockets }) },
    ],
  });
}
