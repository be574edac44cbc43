// Load-generator side of the job benchmarks (pipeline, scaleout): signed-up users, each with
// its own graphql-ws socket, enqueueing a job over HTTP and following it to COMPLETED.
import { createClient, type Client } from 'graphql-ws';
import { NodeWebSocket } from '../tests/helpers/server.js';

export interface JobClient {
  token: string;
  /** API the client sends its mutations to. */
  enqueueUrl: string;
  /** Socket on the API it follows jobs on (the same one or another process). */
  ws: Client;
}

export async function gqlAt(baseUrl: string, query: string, token?: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A user's graphql-ws socket to the API at `baseUrl` (lazy, as the app's client), with `extra` options. */
export function jobSocket(baseUrl: string, token: string, extra: Partial<Parameters<typeof createClient>[0]> = {}): Client {
  return createClient({
    url: `${baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: NodeWebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    ...extra,
  });
}

/** `n` new users; client k enqueues on `route(k).enqueueUrl` and subscribes on `route(k).subscribeUrl`. */
export async function signUpJobClients(n: number, route: (k: number) => { enqueueUrl: string; subscribeUrl: string }): Promise<JobClient[]> {
  const run = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  return Promise.all(
    Array.from({ length: n }, async (_, k) => {
      const { enqueueUrl, subscribeUrl } = route(k);
      const { signUp } = await gqlAt(
        enqueueUrl,
        `mutation { signUp(input: {email: "bench-${run}-${k}@example.test", password: "Bench-Password-1", firstName: "Bench", lastName: "Mark"}) { token } }`,
      );
      const token: string = signUp.token;
      // As the app's client (client/src/lib/apollo.ts): lazy, kept 10 s after its last operation.
      const ws = jobSocket(subscribeUrl, token, { lazyCloseTimeout: 10_000 });
      return { token, enqueueUrl, ws };
    }),
  );
}

/** Enqueues one job with `mutation` (which must select the job's `id`) and waits for COMPLETED. */
export async function runOneJob(client: JobClient, mutation: string, variables?: Record<string, unknown>): Promise<void> {
  const data = await gqlAt(client.enqueueUrl, mutation, client.token, variables);
  const jobId: string = (Object.values(data)[0] as { id: string }).id;
  let done = false;
  await new Promise<void>((resolve, reject) => {
    const stop = client.ws.subscribe<{ jobProgress: { phase: string } }>(
      // As the app's client asks (client/src/features/jobs/api/operations.ts): one document, the id a variable.
      { query: 'subscription JobProgress($jobId: ID!) { jobProgress(jobId: $jobId) { phase } }', variables: { jobId } },
      {
        next: (v) => {
          const phase = v.data?.jobProgress.phase;
          if (phase === 'COMPLETED') {
            done = true;
            resolve();
            stop();
          } else if (phase === 'FAILED' || phase === 'CANCELLED') reject(new Error(`job ${jobId}: ${phase}`));
        },
        error: reject,
        complete: () => {
          if (!done) reject(new Error(`job ${jobId}: subscription ended before the job did`));
        },
      },
    );
  });
}

export const closeJobClients = (clients: JobClient[]) => Promise.all(clients.map((c) => c.ws.dispose()));
