// Starts a real API server (HTTP + WebSocket) against the real Postgres and Redis.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../../server/config.js';
import { startServer, type RunningServer } from '../../server/app.js';

export interface GqlResult<T = Record<string, any>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; [k: string]: unknown } }[];
}

export async function startTestServer(env: Record<string, string> = {}): Promise<RunningServer & { config: Config }> {
  const config = loadConfig({ ...process.env, ...env });
  const server = await startServer(config);
  return { ...server, config };
}

export async function gql<T = Record<string, any>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GqlResult<T>> {
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

export function wsClient(baseUrl: string, token?: string, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
    ...extra,
  });
}

/** Subscribes and collects every payload; `ready` resolves once the server acknowledged. */
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
    signUp(input: $input) { token user { id email firstName lastName fullName plan } }
  }
`;

export async function signUp(baseUrl: string, firstName = 'Ada', tag = 'user') {
  const data = await gqlOk<{ signUp: { token: string; user: { id: string; email: string; firstName: string } } }>(baseUrl, SIGN_UP, {
    input: { email: uniqueEmail(tag), password: 'Correct-Horse-9', firstName, lastName: 'Tester' },
  });
  return data.signUp;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Another API process (`npm run api`), as a deployment would run it beside this one. */
export async function spawnApiProcess(env: Record<string, string> = {}) {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`API process exited early: ${output}`);
    return fetch(`${url}/readyz`).then((r) => r.ok, () => false);
  }, 30_000, 'second API process');
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
