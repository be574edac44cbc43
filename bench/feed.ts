// Feed read benchmark: communityFeed(first: 50) over HTTP, 100 connections (autocannon),
// anonymous and signed in (100 users, one per connection, so likedByMe is computed), beside
// a minimal Express + pg handler returning the same JSON from one SQL statement
// (bench/feed-baseline.ts), in the same run. The API answers a page read again from its
// kept copy (server/graphql/feed-pages/page-cache.ts), which every like makes stale: a third run
// toggles likes on the page through the API all along (BENCH_FEED_LIKES_PER_SECOND, 20 by
// default), for both servers, so the price of reading the page again after each one shows.
//
// Both servers run in a child process started with NODE_ENV=production, as the Dockerfile
// runs the API; the load generator runs in a process of its own (bench/feed-load.ts), for
// both sides alike: sharing the servers' event loop inflated p99 2–7× in our trials.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { BenchSection } from './stats.js';
import { loadConfig, withDefaultUser } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
import { startServer, type RunningServer } from '../server/app.js';
import { dropDatabase } from '../server/shared/db/database.js';
import { applyMigrations } from '../server/shared/db/migrations.js';
import { issueToken } from '../server/auth/tokens.js';
import { startBaseline } from './feed-baseline.js';
import { load, type LoadResult, type LoadSpec } from './feed-load.js';
import { benchUserId, seedScale, type Seeded } from './seed-scale.js';

/** The community page's own query (client/src/features/community/api/operations.ts). */
export const FEED_QUERY = `query CommunityFeed($first: Int!, $after: String) {
  communityFeed(first: $first, after: $after) {
    edges { cursor node { id type prompt content published likeCount likedByMe likes createdAt provider user { firstName } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const SECRET = 'bench-secret-bench-secret-bench-secret';
export const step = (section: string, m: string) => process.stderr.write(`[bench:${section}] ${m}\n`);

/** A fresh bench database with every migration applied. */
export async function freshDatabase(name: string): Promise<string> {
  const url = withDefaultUser(`postgresql://127.0.0.1:5432/${name}`);
  await dropDatabase(url);
  await applyMigrations(url);
  return url;
}

/** The real API, in this process, on a random port. */
export async function startApi(databaseUrl: string): Promise<RunningServer & { secret: Uint8Array }> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `atelier-bench-feed-${Date.now()}`,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    JWT_SECRET: SECRET,
  });
  const server = await startServer(config, createLogger('error', 'bench-api'));
  return { ...server, secret: new TextEncoder().encode(SECRET) };
}

/** Tokens of `n` seeded users (the viewer first): one per connection. */
export async function viewerTokens(secret: Uint8Array, n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, (_, j) => issueToken(secret, benchUserId(j === 0 ? 'viewer' : j))));
}

type Request = Omit<LoadSpec, 'connections' | 'seconds'>;

/**
 * The API's request. `throughApollo`: the body carries (empty) extensions, which the feed's
 * kept pages never answer (server/graphql/feed-pages/plugin.ts), so every request runs the statement.
 */
export const graphqlSpec = (url: string, variables: Record<string, unknown>, tokens?: string[], throughApollo = false): Request => ({
  url: `${url}/graphql`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: FEED_QUERY, variables, ...(throughApollo && { extensions: {} }) }),
  tokens,
});

export const baselineSpec = (url: string, variables: Record<string, unknown>, tokens?: string[]): Request => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(variables),
  tokens,
});

/** One request of a spec (as its first connection sends it); its parsed JSON. Throws on HTTP or GraphQL errors. */
export async function once(spec: Request): Promise<any> {
  const headers = { ...spec.headers, ...(spec.tokens?.[0] ? { authorization: `Bearer ${spec.tokens[0]}` } : {}) };
  const res = await fetch(spec.url, { method: spec.method, headers, body: spec.body });
  const body = (await res.json()) as { data?: unknown; errors?: unknown };
  if (!res.ok || body.errors) throw new Error(`${spec.url} answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

/** The same request answered the same by both servers, or the comparison means nothing. */
export async function assertSameAnswer(a: Request, b: Request): Promise<any> {
  const [x, y] = await Promise.all([once(a), once(b)]);
  if (!isDeepStrictEqual(x, y)) {
    throw new Error(`the API and the baseline disagree:\n${JSON.stringify(x).slice(0, 800)}\n${JSON.stringify(y).slice(0, 800)}`);
  }
  return x;
}

export interface Measured extends LoadResult {
  /** CPU time the server process spent per request, in ms: steadier than req/s on a busy machine. */
  cpuMsPerRequest: number;
}

/** Warm-up, then the measured run; a run with any failed request is an error, not a figure. */
export async function measure(spec: Request, connections: number, seconds: number, warmSeconds: number): Promise<Measured> {
  if (warmSeconds > 0) await load({ ...spec, connections, seconds: warmSeconds });
  const cpu = process.cpuUsage();
  const r = await load({ ...spec, connections, seconds });
  const used = process.cpuUsage(cpu);
  if (r.failures) throw new Error(`${r.failures} of ${r.requests} requests to ${spec.url} failed`);
  return { ...r, cpuMsPerRequest: Math.round(((used.user + used.system) / 1000 / r.requests) * 100) / 100 };
}

export interface FeedResult {
  seeded: Seeded;
  connections: number;
  seconds: number;
  nodeEnv: string;
  /** Likes per second toggled during the last run. */
  likesPerSecond: number;
  runs: { name: string; ours: Measured; baseline: Measured; ratio: number; meetsRatio: boolean; meetsP99: boolean; likes?: number }[];
}

const TOGGLE = 'mutation($id: ID!) { toggleLike(creationId: $id) { likeCount } }';

/**
 * Toggles likes through the API at a steady rate until stopped: users in turn (each stays far
 * under the per-user like limit), creations of the page in turn. Resolves with the likes made;
 * a refused toggle is an error, not a figure.
 */
function toggleLikes(apiUrl: string, tokens: string[], creationIds: string[], perSecond: number): { stop(): Promise<number> } {
  let sent = 0;
  let done = 0;
  const inFlight = new Set<Promise<void>>();
  let failure: Error | null = null;
  const timer = setInterval(() => {
    const i = sent++;
    const p = fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}` },
      body: JSON.stringify({ query: TOGGLE, variables: { id: creationIds[i % creationIds.length] } }),
    })
      .then(async (res) => {
        const body = (await res.json()) as { errors?: unknown };
        if (!res.ok || body.errors) throw new Error(`toggleLike answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
        done++;
      })
      .catch((e: Error) => void (failure ??= e))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      if (failure) throw failure;
      return done;
    },
  };
}

export const TARGET_RATIO = 0.85;
export const TARGET_P99_MS = 50;

/** The measurement itself; feedSection runs it in a child process. */
export async function feedBench(connections: number, seconds: number, warmSeconds = 3): Promise<FeedResult> {
  const url = await freshDatabase(process.env.BENCH_FEED_DB ?? 'atelier_bench_feed');
  const seeded = await seedScale(url, { users: 2000, creations: 1000, likesPer: 10 });
  step('feed', `seeded ${seeded.creations} public creations, ${seeded.likes} likes in ${seeded.seconds} s`);
  const api = await startApi(url);
  const baseline = await startBaseline(url, api.secret);
  const tokens = await viewerTokens(api.secret, connections);
  const likesPerSecond = Number(process.env.BENCH_FEED_LIKES_PER_SECOND ?? 20);
  const runs: FeedResult['runs'] = [];
  const signedIn = `signed in, ${tokens.length} users`;
  const cases = [
    { name: 'anonymous', viewers: undefined, likes: 0 },
    { name: signedIn, viewers: tokens, likes: 0 },
    ...(likesPerSecond > 0 ? [{ name: `${signedIn}, ${likesPerSecond} likes/s`, viewers: tokens, likes: likesPerSecond }] : []),
  ];
  try {
    for (const { name, viewers, likes } of cases) {
      const ours = graphqlSpec(api.url, { first: 50 }, viewers);
      const base = baselineSpec(baseline.url, { first: 50 }, viewers);
      const answer = await assertSameAnswer(ours, base);
      if (viewers && !answer.data.communityFeed.edges.some((e: any) => e.node.likedByMe)) throw new Error('the viewer likes nothing on the page: likedByMe went unchecked');
      const liking = likes
        ? toggleLikes(
            api.url,
            tokens,
            answer.data.communityFeed.edges.map((e: any) => e.node.id),
            likes,
          )
        : null;
      step('feed', `${name}: API`);
      const o = await measure(ours, connections, seconds, warmSeconds);
      step('feed', `${name}: baseline`);
      const b = await measure(base, connections, seconds, warmSeconds);
      const liked = await liking?.stop();
      const ratio = Math.round((o.perSecond / b.perSecond) * 100) / 100;
      runs.push({ name, ours: o, baseline: b, ratio, meetsRatio: ratio >= TARGET_RATIO, meetsP99: o.p99 < TARGET_P99_MS, ...(liked !== undefined && { likes: liked }) });
    }
  } finally {
    await baseline.close();
    await api.close();
  }
  return { seeded, connections, seconds, nodeEnv: process.env.NODE_ENV ?? 'development', likesPerSecond, runs };
}

/** Runs `bench/<file>` in a child Node process with `env`; resolves with the JSON it prints last. */
export function runChild<T>(file: string, args: string[], env: Record<string, string>): Promise<T> {
  return new Promise((done, fail) => {
    // BENCH_FEED_PROFILE=<dir>: a CPU profile of the servers' process (ours and the baseline) lands there.
    const profile = process.env.BENCH_FEED_PROFILE && file === 'feed.ts' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_FEED_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', '@swc-node/register/esm-register', resolve(import.meta.dirname, file), ...args], {
      cwd: resolve(import.meta.dirname, '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`${file} exited with ${code}`));
      try {
        done(JSON.parse(out.trim().split('\n').at(-1)!) as T);
      } catch (e) {
        fail(new Error(`${file} printed no result: ${out.slice(-500)} (${(e as Error).message})`));
      }
    });
  });
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

export async function feedSection(): Promise<BenchSection> {
  const r = await runChild<FeedResult>('feed.ts', [process.env.BENCH_FEED_CONNECTIONS ?? '100', process.env.BENCH_FEED_SECONDS ?? '10'], {
    NODE_ENV: 'production',
  });
  return {
    result: r,
    markdown: [
      `### Reads: communityFeed(first: 50), ${r.connections} connections × ${r.seconds} s`,
      '',
      `${r.seeded.creations} public creations (+${r.seeded.privateCreations} private), ${r.seeded.likes} likes, ${r.seeded.users} users. ` +
        `Servers in one process (NODE_ENV=${r.nodeEnv}), autocannon in another. The API answers a page read again from its kept copy; ` +
        `in the "likes/s" run, likes of the page are toggled through the API all along (both servers' runs), each making the kept page stale.`,
      '',
      '| viewer | server | req/s | p50 ms | p99 ms | max ms | server CPU ms/req |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...r.runs.flatMap((x) => [
        `| ${x.name} | Atelier GraphQL | ${x.ours.perSecond} | ${x.ours.p50} | ${x.ours.p99} | ${x.ours.max} | ${x.ours.cpuMsPerRequest} |`,
        `| ${x.name} | baseline: Express + pg, one SQL | ${x.baseline.perSecond} | ${x.baseline.p50} | ${x.baseline.p99} | ${x.baseline.max} | ${x.baseline.cpuMsPerRequest} |`,
      ]),
      '',
      ...r.runs.map(
        (x) =>
          `${x.name}: ${x.ratio} of the baseline's req/s (target ≥ ${TARGET_RATIO}: ${verdict(x.meetsRatio)}), p99 ${x.ours.p99} ms (target < ${TARGET_P99_MS} ms: ${verdict(x.meetsP99)}).`,
      ),
      '',
    ],
  };
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const result = await feedBench(Number(process.argv[2] ?? 100), Number(process.argv[3] ?? 10));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
