// Fan-out benchmark: thousands of graphql-ws subscribers on likeChanged(creationId), a like
// toggled N times, per-subscriber delivery latency (mutation sent → frame received) beside a
// raw `ws` server in this same process broadcasting the same JSON frame to as many raw
// clients (broadcast started → frame received). Clients live in child processes
// (bench/fanout-clients.ts) so this process — the server — is what gets measured; both sides
// use the same children, the same clock (CLOCK_MONOTONIC, machine-wide) and the same pacing.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { loadConfig, type Config } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
import { startServer, type RunningServer } from '../server/app.js';
import { issueToken } from '../server/auth/tokens.js';
import { monotonicMs, type ClientsCommand, type ClientsReply } from './fanout-clients.js';
import { percentile, startCpuProfile, summarize, type BenchSection, type LatencyStats } from './stats.js';

const step = (m: string) => process.stderr.write(`[bench:fanout] ${m}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One child process holding a share of the clients, driven by request/reply over IPC. */
class ClientsProcess {
  private waiting: ((m: ClientsReply) => void)[] = [];
  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: ClientsReply) => this.waiting.shift()?.(m));
  }

  static start(): ClientsProcess {
    // Each client is a file descriptor: lift the soft limit in the child (root may lift the hard one too).
    const node = [process.execPath, '--import', '@swc-node/register/esm-register', resolve(import.meta.dirname, 'fanout-clients.ts')];
    const child = spawn('bash', ['-c', 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"', 'bash', ...node], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new ClientsProcess(child);
  }

  request<T extends ClientsReply['type']>(cmd: ClientsCommand, reply: T): Promise<Extract<ClientsReply, { type: T }>> {
    return new Promise((res, rej) => {
      this.waiting.push((m) => (m.type === reply ? res(m as Extract<ClientsReply, { type: T }>) : rej(new Error(`expected ${reply}, got ${m.type}`))));
      this.child.send(cmd);
    });
  }

  close(): Promise<void> {
    return new Promise((res) => {
      if (this.child.exitCode !== null) return res();
      this.child.once('exit', () => res());
      this.child.send({ type: 'close' } satisfies ClientsCommand);
    });
  }
}

interface Side {
  latency: LatencyStats;
  /** CPU time of this (the server's) process per event, ms: steadier than latency on a busy machine. */
  cpuMsPerEvent?: number;
  /** Of which in the kernel (socket writes). */
  systemCpuMsPerEvent?: number;
  /** Per like, ms after it was sent: the first client's frame, and the last client's. */
  perEvent: { first: number; last: number }[];
  /** Clients that received every measured event. */
  receivedAll: number;
  /** Deliveries expected (clients × events) and received. */
  expected: number;
  delivered: number;
}

export interface FanoutResult {
  clients: number;
  signedInClients: number;
  distinctUsers: number;
  events: number;
  spacingMs: number;
  childProcesses: number;
  ours: Side & {
    /** Frames whose likeCount or likedByMe was not what that subscriber should see. */
    wrong: number;
    /** Mutation round trip (sent → response), ms p50. */
    mutationP50: number;
    /** Postgres transactions in the bench database per like (toggle included), from pg_stat_database. */
    dbTransactionsPerLike: number;
    /** likedByMe lookups sent per like (all subscribers share one when batching works). */
    likedByQueriesPerLike: number;
  };
  raw: Side;
  /** ours p99 / raw p99 (target ≤ 1.5). */
  p99Ratio: number;
}

/** Splits `tokens` over the children, sends `connect`, fails loudly on any refused client. */
async function connectClients(children: ClientsProcess[], tokens: (string | null)[], cmd: Omit<Extract<ClientsCommand, { type: 'connect' }>, 'tokens' | 'type'>) {
  const share = Math.ceil(tokens.length / children.length);
  const replies = await Promise.all(children.map((c, i) => c.request({ type: 'connect', ...cmd, tokens: tokens.slice(i * share, (i + 1) * share) }, 'connected')));
  const open = replies.reduce((n, r) => n + r.open, 0);
  if (open !== tokens.length) throw new Error(`only ${open}/${tokens.length} clients connected: ${JSON.stringify(replies.flatMap((r) => r.failures))}`);
}

/** Waits (outside the measured window) until every client has `count` frames, or the timeout. */
const awaitAll = (children: ClientsProcess[], count: number, timeoutMs = 10_000) =>
  Promise.all(children.map((c) => c.request({ type: 'await', count, timeoutMs }, 'awaited'))).then((r) => r.reduce((n, x) => n + x.complete, 0));

/** Per-frame latencies: frame k of each client against send time k. */
async function collect(children: ClientsProcess[], sentAt: number[]) {
  const reports = await Promise.all(children.map((c) => c.request({ type: 'report' }, 'report')));
  const times = reports.flatMap((r) => r.times);
  const frames = reports.flatMap((r) => r.frames);
  const latencies: number[] = [];
  const perEvent = sentAt.map(() => ({ first: Infinity, last: -Infinity }));
  for (const t of times) {
    t.slice(0, sentAt.length).forEach((at, k) => {
      const ms = at - sentAt[k]!;
      latencies.push(ms);
      perEvent[k]!.first = Math.min(perEvent[k]!.first, ms);
      perEvent[k]!.last = Math.max(perEvent[k]!.last, ms);
    });
  }
  const side: Side = {
    latency: summarize(latencies, 1),
    perEvent: perEvent.map((e) => ({ first: Math.round(e.first), last: Math.round(e.last) })),
    receivedAll: times.filter((t) => t.length >= sentAt.length).length,
    expected: times.length * sentAt.length,
    delivered: latencies.length,
  };
  return { side, frames };
}

async function dbTransactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Backends publish their counters at most once a second while busy, and within 10 s once
    // idle: wait that out, so the set-up's transactions are not counted as the likes'.
    await sleep(11_000);
    await client.query('SELECT pg_stat_clear_snapshot()');
    const r = await client.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The bench API's configuration: its own database and Redis prefix, limits lifted for thousands of loopback clients. */
function fanoutConfig(clients: number, socketsPerUser: number): Config {
  const prefix = `atelier-bench-fanout-${Date.now()}`;
  return loadConfig({
    ...process.env,
    DATABASE_URL: process.env.BENCH_FANOUT_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_bench_fanout',
    REDIS_PREFIX: prefix,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    WS_MAX_CONNECTIONS_PER_USER: String(socketsPerUser),
    // Every client connects from loopback: the per-address cap would count them as one.
    WS_MAX_SUBSCRIPTIONS_PER_ADDRESS: String(clients * 2),
    TOOL_RATE_PER_MINUTE: '100000',
    LIKE_RATE_PER_MINUTE: '100000',
  });
}

/** The bench's data: an owner's published creation, its subscribers (a third of whom liked it), their tokens and the four actors. */
async function seedFanout(server: RunningServer, distinctUsers: number) {
  const db = server.app.services.db;
  // Users straight into the database (sign-up's scrypt would take minutes for a thousand).
  const run = Date.now();
  await db.user.createMany({
    data: Array.from({ length: distinctUsers + 1 }, (_, i) => ({
      authProvider: 'local',
      externalId: `fanout-${run}-${i}`,
      email: `fanout-${run}-${i}@example.test`,
      firstName: 'Fan',
    })),
  });
  const users = await db.user.findMany({ where: { externalId: { startsWith: `fanout-${run}-` } }, orderBy: { externalId: 'asc' }, select: { id: true } });
  const [owner, ...subscribers] = users.map((u) => u.id);
  const creation = await db.creation.create({
    data: {
      userId: owner!,
      type: 'IMAGE',
      prompt: 'Generate an image of a crowd in the style Realistic',
      content: '/files/crowd.png',
      metadata: { provider: 'local' },
      published: true,
    },
  });
  // Every third subscriber liked it already: their likedByMe is true though they never act.
  const likedBefore = new Set(subscribers.filter((_, i) => i % 3 === 0));
  await db.like.createMany({ data: [...likedBefore].map((userId) => ({ userId, creationId: creation.id })) });
  await db.creation.update({ where: { id: creation.id }, data: { likeCount: likedBefore.size } });
  const tokenOf = new Map(await Promise.all(subscribers.map(async (id) => [id, await issueToken(server.app.services.tokenSecret, id)] as const)));
  // Actors: four subscribers (two who liked before, two who did not) take turns.
  const actors = [subscribers[0]!, subscribers[1]!, subscribers[3]!, subscribers[4]!];
  return { creationId: creation.id, subscribers, likedBefore, tokenOf, actors };
}

/** The like's state as the server last answered it: who likes it and its count. */
interface LikeState {
  liked: Set<string>;
  count: number;
}

/** A toggleLike mutation by `actor`, its answer written into `state`. */
async function toggleLike(serverUrl: string, token: string | undefined, creationId: string, actor: string, state: LikeState): Promise<void> {
  const res = await fetch(`${serverUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'mutation($id: ID!) { toggleLike(creationId: $id) { likeCount likedByMe } }', variables: { id: creationId } }),
  });
  const body = (await res.json()) as { data?: { toggleLike: { likeCount: number; likedByMe: boolean } }; errors?: unknown };
  if (!body.data) throw new Error(`toggleLike failed: ${JSON.stringify(body.errors)}`);
  if (body.data.toggleLike.likedByMe) state.liked.add(actor);
  else state.liked.delete(actor);
  state.count = body.data.toggleLike.likeCount;
}

/** Waits for every subscription to be live (like and unlike until all have both), then warms the path with 4 likes; frames reset after each. */
async function warmUp(children: ClientsProcess[], clients: number, toggle: (actor: string) => Promise<void>, actors: string[]) {
  step('warming up (waiting for every subscription to be live)');
  for (let round = 1; ; round++) {
    await toggle(actors[0]!);
    await toggle(actors[0]!);
    const complete = await awaitAll(children, 2 * round, 2000);
    if (complete === clients) break;
    if (round === 10) throw new Error(`only ${complete}/${clients} subscriptions live after ${round} rounds`);
  }
  await Promise.all(children.map((c) => c.request({ type: 'reset' }, 'reset')));
  // Warm the JIT and the pools on the same path, then measure.
  for (let k = 0; k < 4; k++) {
    await toggle(actors[k % actors.length]!);
    await awaitAll(children, k + 1);
  }
  await Promise.all(children.map((c) => c.request({ type: 'reset' }, 'reset')));
}

/** The measured likes: `events` toggles `spacingMs` apart, each awaited by every client, with the server's CPU, Postgres transactions and likedByMe lookups around them. */
async function measureLikes(
  server: RunningServer,
  databaseUrl: string,
  children: ClientsProcess[],
  toggle: (actor: string) => Promise<void>,
  actors: string[],
  state: LikeState,
  events: number,
  spacingMs: number,
) {
  const expected: { count: number; liked: Set<string> }[] = [];
  const sentAt: number[] = [];
  const mutationMs: number[] = [];
  const txBefore = await dbTransactions(databaseUrl);
  const queriesBefore = server.app.likes.delivery.queries;
  // BENCH_FANOUT_PROFILE=<file.cpuprofile>: a profile of this process (the server) over the measured likes only.
  const profile = await startCpuProfile(process.env.BENCH_FANOUT_PROFILE, 200);
  const cpuBefore = process.cpuUsage();
  for (let k = 0; k < events; k++) {
    const t0 = monotonicMs();
    sentAt.push(t0);
    await toggle(actors[k % actors.length]!);
    mutationMs.push(monotonicMs() - t0);
    expected.push({ count: state.count, liked: new Set(state.liked) });
    await awaitAll(children, k + 1);
    await sleep(spacingMs);
  }
  const cpu = process.cpuUsage(cpuBefore);
  if (profile) {
    await profile.stop();
    step(`CPU profile of the measured likes written to ${process.env.BENCH_FANOUT_PROFILE}`);
  }
  const lookupQueries = server.app.likes.delivery.queries - queriesBefore;
  const txAfter = await dbTransactions(databaseUrl);
  return { expected, sentAt, mutationMs, cpu, lookupQueries, transactions: txAfter - txBefore };
}

/** Frames whose likeCount or likedByMe is not what that client's user should see after that like (the first 5 are logged). */
function countWrongFrames(frames: string[][], events: number, userOfClient: (string | null)[], expected: { count: number; liked: Set<string> }[]): number {
  let wrong = 0;
  frames.forEach((list, c) =>
    list.slice(0, events).forEach((frame, k) => {
      const change = (JSON.parse(frame) as { payload?: { data?: { likeChanged?: { likeCount: number; likedByMe: boolean } } } }).payload?.data?.likeChanged;
      const user = userOfClient[c];
      const want = { likeCount: expected[k]!.count, likedByMe: user ? expected[k]!.liked.has(user) : false };
      if (!change || change.likeCount !== want.likeCount || change.likedByMe !== want.likedByMe) {
        if (wrong++ < 5) step(`wrong frame: client ${c} event ${k}: ${frame} (want ${JSON.stringify(want)})`);
      }
    }),
  );
  return wrong;
}

export async function fanoutBench(opts: { clients?: number; events?: number; spacingMs?: number; children?: number } = {}): Promise<FanoutResult> {
  const clients = opts.clients ?? 5000;
  const events = opts.events ?? 20;
  const spacingMs = opts.spacingMs ?? 300;
  const childCount = opts.children ?? 1;
  const socketsPerUser = 4;
  const signedInClients = Math.round(clients * 0.8); // the rest subscribe anonymously
  const distinctUsers = Math.ceil(signedInClients / socketsPerUser);
  const config = fanoutConfig(clients, socketsPerUser);
  const { applyMigrations } = await import('../server/shared/db/migrations.js');
  await applyMigrations(config.DATABASE_URL);
  const server = await startServer(config, createLogger('error', 'bench-api'));
  const children = Array.from({ length: childCount }, () => ClientsProcess.start());
  try {
    const { creationId, subscribers, likedBefore, tokenOf, actors } = await seedFanout(server, distinctUsers);
    const userOfClient = Array.from({ length: clients }, (_, i) => (i < signedInClients ? subscribers[i % distinctUsers]! : null));

    step(`connecting ${clients} graphql-ws clients (${signedInClients} signed in as ${distinctUsers} users, the rest anonymous)`);
    const wsUrl = `${server.url.replace('http', 'ws')}/graphql`;
    const query = 'subscription($id: ID) { likeChanged(creationId: $id) { creationId likeCount likedByMe } }';
    await connectClients(
      children,
      userOfClient.map((u) => (u ? tokenOf.get(u)! : null)),
      { url: wsUrl, protocol: 'graphql-ws', query, variables: { id: creationId } },
    );

    const state: LikeState = { liked: new Set(likedBefore), count: likedBefore.size };
    const toggle = (actor: string) => toggleLike(server.url, tokenOf.get(actor), creationId, actor, state);
    await warmUp(children, clients, toggle, actors);

    step(`measuring ${events} likes fanned out to ${clients} subscribers`);
    const measured = await measureLikes(server, config.DATABASE_URL, children, toggle, actors, state, events, spacingMs);
    const { side, frames } = await collect(children, measured.sentAt);
    // Every frame must carry the count after that toggle, and this subscriber's own like.
    const wrong = countWrongFrames(frames, events, userOfClient, measured.expected);
    await Promise.all(children.map((c) => c.close()));
    await server.close();

    step(`raw ws: ${clients} clients, same frames, same pacing`);
    const rawChildren = Array.from({ length: childCount }, () => ClientsProcess.start());
    const raw = await rawBroadcast(rawChildren, clients, events, spacingMs, creationId, measured.expected);
    await Promise.all(rawChildren.map((c) => c.close()));

    const sortedMutation = [...measured.mutationMs].sort((a, b) => a - b);
    const { cpu } = measured;
    return {
      clients,
      signedInClients,
      distinctUsers,
      events,
      spacingMs,
      childProcesses: childCount,
      ours: {
        ...side,
        wrong,
        mutationP50: Math.round(sortedMutation[Math.floor(sortedMutation.length / 2)]! * 10) / 10,
        dbTransactionsPerLike: Math.round((measured.transactions / events) * 10) / 10,
        likedByQueriesPerLike: Math.round((measured.lookupQueries / events) * 10) / 10,
        cpuMsPerEvent: Math.round((cpu.user + cpu.system) / 1000 / events),
        systemCpuMsPerEvent: Math.round(cpu.system / 1000 / events),
      },
      raw,
      p99Ratio: Math.round((side.latency.p99 / raw.latency.p99) * 100) / 100,
    };
  } finally {
    await Promise.all(children.map((c) => c.close()));
    await server.close();
  }
}

/** The baseline: a bare `ws` server here, one JSON frame sent to every client per event. */
async function rawBroadcast(children: ClientsProcess[], clients: number, events: number, spacingMs: number, creationId: string, expected: { count: number }[]): Promise<Side> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  try {
    await connectClients(
      children,
      Array.from({ length: clients }, () => null),
      { url, protocol: 'raw' },
    );
    const frame = (likeCount: number) => JSON.stringify({ id: '1', type: 'next', payload: { data: { likeChanged: { creationId, likeCount, likedByMe: false } } } });
    const broadcast = (likeCount: number) => {
      const text = frame(likeCount);
      for (const ws of wss.clients) ws.send(text);
    };
    for (let k = 0; k < 4; k++) {
      broadcast(k);
      await awaitAll(children, k + 1);
    }
    await Promise.all(children.map((c) => c.request({ type: 'reset' }, 'reset')));
    const sentAt: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let k = 0; k < events; k++) {
      sentAt.push(monotonicMs());
      broadcast(expected[k]!.count);
      await awaitAll(children, k + 1);
      await sleep(spacingMs);
    }
    const cpu = process.cpuUsage(cpuBefore);
    return {
      ...(await collect(children, sentAt)).side,
      cpuMsPerEvent: Math.round((cpu.user + cpu.system) / 1000 / events),
      systemCpuMsPerEvent: Math.round(cpu.system / 1000 / events),
    };
  } finally {
    for (const ws of wss.clients) ws.terminate();
    await new Promise((r) => wss.close(r));
  }
}

export async function fanoutSection(): Promise<BenchSection> {
  const r = await fanoutBench({
    clients: Number(process.env.BENCH_FANOUT_CLIENTS ?? 5000),
    events: Number(process.env.BENCH_FANOUT_EVENTS ?? 20),
    children: Number(process.env.BENCH_FANOUT_CHILDREN ?? 1),
  });
  // Per like: when the first client had its frame, and how long the rest took after it.
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  const spread = (s: Side) => {
    const first = s.perEvent.map((e) => e.first);
    const rest = s.perEvent.map((e) => e.last - e.first);
    return `${median(first)} / ${Math.max(...first)} | ${median(rest)} / ${Math.max(...rest)}`;
  };
  const row = (name: string, s: Side) =>
    `| ${name} | ${s.delivered}/${s.expected} | ${s.latency.p50} | ${s.latency.p99} | ${s.latency.max} | ${spread(s)} | ${s.cpuMsPerEvent} (${s.systemCpuMsPerEvent}) |`;
  const pass = r.ours.latency.p99 <= 250 && r.p99Ratio <= 1.5 && r.ours.delivered === r.ours.expected && r.ours.wrong === 0;
  return {
    result: r,
    markdown: [
      `### Fan-out: ${r.clients} likeChanged subscribers (${r.signedInClients} signed in as ${r.distinctUsers} users), ${r.events} likes ${r.spacingMs} ms apart`,
      '',
      '| path | delivered | p50 ms | p99 ms | max ms | first frame ms, median / worst like | first → last frame ms, median / worst like | server CPU ms per like (kernel) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      row('Atelier: toggleLike sent → every graphql-ws subscriber has its frame', r.ours),
      row('raw ws: broadcast of the same frame started → every client has it', r.raw),
      '',
      `p99 ×${r.p99Ratio} of raw; toggleLike round trip p50 ${r.ours.mutationP50} ms; ${r.ours.dbTransactionsPerLike} Postgres transactions per like; ` +
        `${r.ours.likedByQueriesPerLike} likedByMe lookups per like; ${r.ours.wrong} frames with a wrong likeCount/likedByMe. Targets (p99 ≤ 250 ms, ≤ 1.5× raw): **${pass ? 'met' : 'missed'}**.`,
      '',
    ],
  };
}
