// Starts a real API server (HTTP + WebSocket) against the real Postgres and Redis.
import { spawn, type ChildProcess } from 'node:child_process';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../../server/shared/platform/config.js';
import { startServer, type RunningServer } from '../../server/app.js';
import { PROCESS_ENV } from '../../server/shared/platform/constants.js';
import type { Logger } from '../../server/shared/platform/logger.js';

export interface GqlResult<T = Record<string, any>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; [k: string]: unknown } }[];
}

/** A real API server on its own port; `log` replaces its logger (e.g. to read what it logged). */
export async function startTestServer(env: Record<string, string> = {}, log?: Logger): Promise<RunningServer & { config: Config }> {
  const config = loadConfig({ ...process.env, ...env });
  const server = await startServer(config, log);
  return { ...server, config };
}

export async function gql<T = Record<string, any>>(baseUrl: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GqlResult<T>> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as Omit<GqlResult<T>, 'status'>;
  return { status: res.status, ...body };
}

/** The data of a successful operation; fails loudly with the errors otherwise. */
export async function gqlOk<T = Record<string, any>>(baseUrl: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const r = await gql<T>(baseUrl, query, variables, token);
  if (r.errors?.length || !r.data) throw new Error(`GraphQL failed (${r.status}): ${JSON.stringify(r.errors)}`);
  return r.data;
}

/**
 * `ws` for graphql-ws's client in Node: one message per tick. By default ws emits every frame
 * of one read in the same tick; graphql-ws 6's client then releases an operation twice when
 * it is stopped inside its `next` and the server's `complete` came in the same read, its count
 * of live operations falls below the truth, and it closes the socket (1000) under the other
 * operations, which end without their last events. Browsers deliver each message in a task of
 * its own, so the app's client is not affected.
 */
export class NodeWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[], options: WebSocket.ClientOptions = {}) {
    super(url, protocols, { allowSynchronousEvents: false, ...options });
  }
}

export function wsClient(baseUrl: string, token?: string, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: NodeWebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
    ...extra,
  });
}

/** Subscribes and collects every payload; `ready` resolves once the server acknowledged. */
/** A socket opened with `token`, once connected (or closed): the client, and its close code and reason once closed. */
export async function openSocket(url: string, token: string) {
  const closed: { code?: number; reason?: string } = {};
  let connected = false;
  const client: Client = wsClient(url, token, {
    on: {
      connected: () => (connected = true),
      closed: (e) => Object.assign(closed, { code: (e as CloseEvent).code, reason: String((e as CloseEvent).reason) }),
    },
  });
  await waitFor(() => connected || closed.code !== undefined, 10_000, 'the socket to connect');
  return { client, closed, connected };
}

export function collect<T>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const items: T[] = [];
  const errors: unknown[] = [];
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => (v.data ? items.push(v.data as T) : errors.push(v.errors)),
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  return { items, errors, dispose };
}

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${process.pid}-${Date.now()}-${counter}@example.test`;
}

export const SIGN_UP = /* GraphQL */ `
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      token
      user {
        id
        email
        firstName
        lastName
        fullName
        plan
      }
    }
  }
`;

export async function signUp(baseUrl: string, firstName = 'Ada', tag = 'user') {
  const data = await gqlOk<{ signUp: { token: string; user: { id: string; email: string; firstName: string } } }>(baseUrl, SIGN_UP, {
    input: { email: uniqueEmail(tag), password: 'Correct-Horse-9', firstName, lastName: 'Tester' },
  });
  return data.signUp;
}

/** A new account on the Premium trial (the image tools and batches are Premium). */
export async function signUpPremium(baseUrl: string, firstName = 'Ada', tag = 'premium') {
  const account = await signUp(baseUrl, firstName, tag);
  await gqlOk(baseUrl, 'mutation { startTrial { plan } }', {}, account.token);
  return account;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A worker process (`worker/main.ts`) with these variables over the test's, logging at info; `out()` is all it has printed. */
export function spawnWorkerProcess(env: Record<string, string>): { child: ChildProcess; out: () => string } {
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'worker/main.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, out: () => out };
}
/** Another API process (`npm run api`), as a deployment would run it beside this one. */
export async function spawnApiProcess(env: Record<string, string> = {}) {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'server/bin/api.ts'], {
    // As npm start and npm run api start it (PROCESS_ENV).
    env: { ...PROCESS_ENV, ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`API process exited early: ${output}`);
      return fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    30_000,
    'second API process',
  );
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A GraphQL multipart request (graphql-multipart-request-spec), as Apollo's upload link sends it. */
export async function gqlUpload<T = Record<string, any>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, { data: Buffer; filename: string; type?: string }>,
  token?: string,
): Promise<GqlResult<T>> {
  const form = new FormData();
  const vars = { ...variables };
  const map: Record<string, string[]> = {};
  Object.keys(files).forEach((name, i) => {
    vars[name] = null;
    map[String(i)] = [`variables.${name}`];
  });
  form.append('operations', JSON.stringify({ query, variables: vars }));
  form.append('map', JSON.stringify(map));
  Object.values(files).forEach((f, i) => form.append(String(i), new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.filename));
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const body = (await res.json()) as Omit<GqlResult<T>, 'status'>;
  return { status: res.status, ...body };
}

/**
 * An API server and in-process workers sharing one configuration (and Redis prefix).
 * With `workersLater`, call `startWorkers()` yourself (e.g. once a subscriber is in place).
 */
export async function startStack(env: Record<string, string> = {}, opts: { workersLater?: boolean } = {}) {
  const { startWorkers } = await import('../../worker/workers.js');
  const { createLogger } = await import('../../server/shared/platform/logger.js');
  const prefix = `atelier-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const server = await startTestServer({ REDIS_PREFIX: prefix, ...env });
  let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
  const start = async () => (workers = await startWorkers(server.config, createLogger(server.config.LOG_LEVEL, 'worker')));
  if (!opts.workersLater) await start();
  return {
    server,
    url: server.url,
    config: server.config,
    startWorkers: start,
    /** The in-process workers, once started. */
    workers: () => workers,
    close: async () => {
      await workers?.close();
      await server.close();
    },
  };
}

export type JobEventData = {
  jobProgress: {
    jobId: string;
    phase: string;
    percent: number;
    delta: string;
    offset: number;
    message: string | null;
    creation: { id: string; content: string; type: string; provider: string } | null;
  };
};
export const JOB_PROGRESS = `subscription($id: ID!) { jobProgress(jobId: $id) { jobId phase percent delta offset message creation { id content type provider } } }`;

/** Subscribes to a job and resolves with every event once a terminal phase arrives. */
export async function followJob(baseUrl: string, token: string, jobId: string, timeoutMs = 30_000) {
  const client = wsClient(baseUrl, token);
  const sub = collect<JobEventData>(client, JOB_PROGRESS, { id: jobId });
  try {
    await waitFor(() => sub.errors.length > 0 || ['COMPLETED', 'FAILED', 'CANCELLED'].includes(sub.items.at(-1)?.jobProgress.phase ?? ''), timeoutMs, `job ${jobId} to end`);
    if (sub.errors.length) throw new Error(`subscription failed: ${JSON.stringify(sub.errors)}`);
    return sub.items.map((i) => i.jobProgress);
  } finally {
    sub.dispose();
    await client.dispose();
  }
}
