// The jobs API under /api/v1 (docs/api-v1.md): a route per tool that starts a job and
// answers 202 at once, the job, its cancel and its live events (Server-Sent Events), the user's
// creations and usage, and the OpenAPI document that describes them all (openapi.ts). Bearer
// auth (an API key, or a session token) with the key's scopes; errors as problem+json.
import { Router, type RequestHandler, type Response } from 'express';
import type { Redis } from 'ioredis';
import { bearerToken } from '../auth/identity.js';
import { requireKeyRule, type KeyRule } from '../auth/api-keys.js';
import { sessionOf } from '../auth/tokens.js';
import type { AuthedRequest, RestDeps } from '../rest.js';
import { AppError, ErrorCode } from '../shared/platform/errors.js';
import type { Config } from '../shared/platform/config.js';
import type { Db } from '../shared/db/prisma.js';
import { PAGE_SIZE_DEFAULT } from '../shared/platform/constants.js';
import type { Tool } from '../shared/tools/tool.js';
import type { ToolService } from '../tools/tool.service.js';
import type { Job, JobService } from '../modules/job/job.service.js';
import type { CreationService } from '../modules/creation/creation.service.js';
import type { BillingService } from '../modules/billing/billing.service.js';
import { createJob } from './create.js';
import { parseLastEventId, streamJobEvents } from './events.js';
import type { EventStreams } from './event-streams.js';
import { IdempotencyKeys } from './idempotency.js';
import { openApiDocument } from './openapi.js';
import { problemErrors, sendErrorProblem, sendProblem } from './problem.js';
import { creationJson, jobJson, type JobJson } from './representations.js';
import { usageOf } from './usage.js';
import type { BatchService } from '../modules/batch/batch.service.js';
import { batchRoutes } from '../modules/batch/batch.rest.js';

export interface ApiV1Deps extends RestDeps {
  config: Config;
  db: Db;
  redis: Redis;
  tools: ToolService;
  jobs: JobService;
  creations: CreationService;
  billing: BillingService;
  /** Batches and chains (docs/batches.md). */
  batches: BatchService;
  /** Aborted when this server shuts down: event streams end then (their clients reconnect elsewhere). */
  closing?: AbortSignal;
  /** The open event streams: their bounds, and their end when their session or key no longer holds. */
  streams: EventStreams;
}

type Handler = (req: AuthedRequest, res: Response) => Promise<unknown>;

/**
 * Authenticates (a bearer API key or session token; a key is metered per minute by Credentials),
 * holds a key to the route's scopes (docs/api-keys.md), and answers any error as a problem.
 */
function authed(deps: RestDeps, scopes: KeyRule, handler: Handler): RequestHandler {
  return async (req, res) => {
    try {
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, 'Send your API key as "Authorization: Bearer <key>" (create one on your account page)');
      const { user, apiKey } = await deps.credentials.authenticate(token);
      requireKeyRule(apiKey, scopes);
      Object.assign(req, { user, apiKey });
      await handler(req as AuthedRequest, res);
    } catch (e) {
      sendErrorProblem(deps.log, res, e);
    }
  };
}

/** Reading a job (or its events) is allowed with either scope: whoever may start one may follow it. */
const READ_JOB: KeyRule = ['read', 'generate'];

const jobNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'This job does not exist');

/** `first` and `after` of a page, as GraphQL's myCreations takes them (checked by CreationService). */
function pageQuery(query: Record<string, unknown>): { first: number; after: string | null } {
  const { first, after } = query;
  if ((first !== undefined && typeof first !== 'string') || (after !== undefined && typeof after !== 'string')) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, 'Give first and after at most once each', { field: typeof first !== 'string' ? 'first' : 'after' });
  }
  return { first: first === undefined || first === '' ? PAGE_SIZE_DEFAULT : Number(first), after: after || null };
}

/** A process holding all the streams it may refuses before authenticating: nothing is read for it. */
const roomForStream =
  (deps: ApiV1Deps): RequestHandler =>
  (_req, res, next) => {
    try {
      deps.streams.requireRoom();
      next();
    } catch (e) {
      sendErrorProblem(deps.log, res, e);
    }
  };

/**
 * Counts an event stream (a job's or a batch's) against the caller's and the process's limits;
 * `revoked` aborts, as WebSockets close, when its session signs out, its key is revoked or the
 * account is suspended (docs/api-v1.md, "Following a job").
 */
function countStream(deps: ApiV1Deps, req: AuthedRequest): { release: () => void; revoked: AbortSignal } {
  const revoked = new AbortController();
  const token = bearerToken(req.headers.authorization);
  const release = deps.streams.open({
    user: req.user,
    session: !req.apiKey && token ? sessionOf(token) : undefined,
    apiKeyId: req.apiKey?.id,
    openedAt: Date.now(),
    close: (_code, reason) => revoked.abort(reason),
  });
  return { release, revoked: revoked.signal };
}

export function apiV1Routes(deps: ApiV1Deps, tools: readonly Tool[]): Router {
  const r = Router();
  const document = openApiDocument(tools);
  const idempotency = new IdempotencyKeys(deps.redis, deps.config.REDIS_PREFIX);

  /** A job with its creation (the creation's content signed for its owner, as GraphQL gives it). */
  const toJson = async (job: Job, userId: string): Promise<JobJson> => {
    const creation = job.creationId ? await deps.creations.visible(job.creationId, userId) : null;
    return jobJson(job, creation ? creationJson(creation, await deps.creations.contentOf(creation)) : null);
  };

  r.get('/openapi.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(document);
  });

  for (const tool of tools) {
    r.post(
      tool.api.path,
      authed(deps, ['generate'], (req, res) => createJob({ ...deps, idempotency, jobJson: toJson }, tool, req, res)),
    );
  }

  r.get(
    '/jobs/:id',
    authed(deps, READ_JOB, async (req, res) => {
      const job = await deps.jobs.get(String(req.params.id), req.user.id);
      if (!job) throw jobNotFound();
      res.json(await toJson(job, req.user.id));
    }),
  );

  r.post(
    '/jobs/:id/cancel',
    authed(deps, ['generate'], async (req, res) => {
      res.json(await toJson(await deps.jobs.cancel(String(req.params.id), req.user.id), req.user.id));
    }),
  );

  r.get(
    '/jobs/:id/events',
    roomForStream(deps),
    authed(deps, READ_JOB, async (req, res) => {
      const id = String(req.params.id);
      const resume = parseLastEventId(req.get('last-event-id'));
      const { release, revoked } = countStream(deps, req);
      try {
        if (!(await deps.jobs.get(id, req.user.id))) throw jobNotFound();
        // The client has had the last event: nothing more will come (204 stops EventSource's reconnecting).
        if (resume?.ended) return void res.status(204).end();
        const finalJob = async () => {
          const job = await deps.jobs.get(id, req.user.id);
          if (!job) throw jobNotFound();
          return toJson(job, req.user.id);
        };
        const events = deps.jobs.progress(id, req.user.id);
        await streamJobEvents(req, res, id, resume, { events, finalJob, closing: deps.closing, revoked });
      } finally {
        release();
      }
    }),
  );

  r.get(
    '/creations',
    authed(deps, ['read'], async (req, res) => {
      const { first, after } = pageQuery(req.query as Record<string, unknown>);
      const page = await deps.creations.history(req.user.id, first, after);
      const data = await Promise.all(page.items.map(async (c) => creationJson(c, await deps.creations.contentOf(c))));
      res.json({ object: 'list', data, has_more: page.hasNextPage, next_cursor: page.hasNextPage ? (page.cursors.at(-1) ?? null) : null });
    }),
  );

  r.get(
    '/usage',
    authed(deps, ['read'], async (req, res) => {
      res.json(await usageOf(deps, req.user));
    }),
  );

  batchRoutes(r, deps, (scopes, handler) => authed(deps, scopes, handler), READ_JOB, { room: roomForStream(deps), count: (req) => countStream(deps, req) });

  r.use((_req, res) => sendProblem(res, ErrorCode.NOT_FOUND, 'No such route in the jobs API: see /api/v1/openapi.json'));
  return r;
}

/** Errors raised before the routes (the JSON body parser's) or outside a handler, for /api/v1, as problems. */
export const apiV1Errors = (deps: Pick<ApiV1Deps, 'log' | 'config'>) => problemErrors(deps.log, deps.config.BODY_LIMIT);
