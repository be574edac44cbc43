// HTTP load for the feed benchmarks: autocannon's programmatic API, run either in this
// process or in a child process (so the load generator does not share an event loop
// with the server it measures). Run directly, it takes one LoadSpec as JSON in argv[2]
// and prints one LoadResult as JSON on stdout.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Bearer tokens handed out one per connection, round robin: many users, as real traffic is. */
  tokens?: string[];
}

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Non-2xx responses, socket errors and timeouts: any of them makes the run invalid. */
  failures: number;
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

// autocannon ships no types; this is the part of its API we use.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** Runs the load in this process. */
export async function loadInProcess(spec: LoadSpec): Promise<LoadResult> {
  let connection = 0;
  const tokens = spec.tokens;
  const r = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    ...(tokens?.length && {
      setupClient: (client: { setHeaders(h: Record<string, string>): void }) =>
        client.setHeaders({ ...spec.headers, authorization: `Bearer ${tokens[connection++ % tokens.length]}` }),
    }),
  });
  return {
    requests: r.requests.total,
    perSecond: Math.round(r.requests.total / r.duration),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    failures: r.non2xx + r.errors + r.timeouts,
  };
}

const self = import.meta.filename;

/** Runs the load in a child Node process (autocannon then has its own core and event loop). */
export function loadInChild(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', self, JSON.stringify(spec)], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`load generator exited with ${code}: ${out}`));
      try {
        done(JSON.parse(out) as LoadResult);
      } catch (e) {
        fail(new Error(`load generator printed no result: ${out} (${(e as Error).message})`));
      }
    });
  });
}

/** In a child unless BENCH_LOAD_IN_PROCESS=1 (to measure what sharing the event loop costs). */
export const load = (spec: LoadSpec): Promise<LoadResult> => (process.env.BENCH_LOAD_IN_PROCESS === '1' ? loadInProcess(spec) : loadInChild(spec));

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const result = await loadInProcess(JSON.parse(process.argv[2] ?? '{}') as LoadSpec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
