// A private Redis master, its replica and three Sentinels watching them, on free ports in a
// temp dir (never the shared Redis on 6379): for tests that fail Redis over under the app.
// The Sentinels decide quickly (down after 1 s, quorum 2), so a failover takes a few seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './private-postgres.js';
import { waitFor } from './server.js';

export const MASTER_NAME = 'atelier-test';
const DOWN_AFTER_MS = 1000;

export interface RedisNode {
  port: number;
  process: ChildProcess;
}

export interface SentinelSet {
  /** REDIS_SENTINELS for the app. */
  sentinels: string;
  name: string;
  /** Where the nodes were first: the master and its replica. */
  nodes: { master: RedisNode; replica: RedisNode };
  dir: string;
  /** The master's port as a Sentinel says it now. */
  masterPort(): Promise<number | null>;
  /** One command to a node (or a Sentinel) on this port; null when it does not answer. */
  ask(port: number, ...args: (string | number)[]): Promise<unknown>;
  /** Stops everything and removes the temp dir. */
  close(): Promise<void>;
}

const children: ChildProcess[] = [];

function start(args: string[]): ChildProcess {
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** Kills a node or Sentinel (a stopped one too: SIGCONT first) and waits until it has exited. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  });
}

/** Sends one command on a connection of its own, which never retries. */
export async function ask(port: number, ...args: (string | number)[]): Promise<unknown> {
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 1000, enableReadyCheck: false });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return await probe.call(String(args[0]), ...args.slice(1).map(String));
  } catch {
    return null;
  } finally {
    probe.disconnect();
  }
}

/** A Redis INFO section as fields. */
export async function info(port: number, section: string): Promise<Record<string, string>> {
  const text = (await ask(port, 'INFO', section)) as string | null;
  return Object.fromEntries((text ?? '').split('\r\n').flatMap((l) => (l.includes(':') ? [[l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1)]] : [])));
}

const pairs = (flat: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  const list = (flat as string[] | null) ?? [];
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i]!] = list[i + 1]!;
  return out;
};

/** A data node's arguments: its port on loopback, its files in `dir`, nothing persisted. */
const nodeArgs = (dir: string, port: number) => [
  '--port',
  String(port),
  '--bind',
  '127.0.0.1',
  '--dir',
  dir,
  '--dbfilename',
  `dump-${port}.rdb`,
  '--save',
  '',
  '--appendonly',
  'no',
  '--logfile',
  join(dir, `redis-${port}.log`),
];

export async function startSentinelSet(): Promise<SentinelSet> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-sentinel-'));
  const [masterPort, replicaPort, ...sentinelPorts] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const node = (port: number, extra: string[] = []) => start([...nodeArgs(dir, port), ...extra]);
  const master: RedisNode = { port: masterPort!, process: node(masterPort!) };
  const replica: RedisNode = { port: replicaPort!, process: node(replicaPort!, ['--replicaof', '127.0.0.1', String(masterPort)]) };
  await waitFor(async () => (await info(replica.port, 'replication')).master_link_status === 'up', 10_000, 'the replica to sync');

  for (const port of sentinelPorts) {
    const conf = join(dir, `sentinel-${port}.conf`);
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `logfile ${join(dir, `sentinel-${port}.log`)}`,
        `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${masterPort} 2`,
        `sentinel down-after-milliseconds ${MASTER_NAME} ${DOWN_AFTER_MS}`,
        `sentinel failover-timeout ${MASTER_NAME} 5000`,
        `sentinel parallel-syncs ${MASTER_NAME} 1`,
        '',
      ].join('\n'),
    );
    start([conf, '--sentinel']);
  }
  // Each Sentinel knows the replica and the two others (they meet on the master's hello channel): a failover can be agreed on.
  await waitFor(
    async () => {
      for (const port of sentinelPorts) {
        const m = pairs(await ask(port!, 'SENTINEL', 'MASTER', MASTER_NAME));
        if (m['num-slaves'] !== '1' || m['num-other-sentinels'] !== '2') return false;
      }
      return true;
    },
    20_000,
    'the Sentinels to know the replica and each other',
  );

  return {
    sentinels: sentinelPorts.map((p) => `127.0.0.1:${p}`).join(','),
    name: MASTER_NAME,
    nodes: { master, replica },
    dir,
    async masterPort() {
      for (const port of sentinelPorts) {
        const addr = (await ask(port!, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_NAME)) as string[] | null;
        if (addr) return Number(addr[1]);
      }
      return null;
    },
    ask,
    async close() {
      await Promise.all(children.splice(0).map(stop));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts a node again on its port (e.g. the old master, as a replica of the new one). */
export function restartNode(dir: string, port: number, replicaOf: number): RedisNode {
  return {
    port,
    process: start([...nodeArgs(dir, port), '--replicaof', '127.0.0.1', String(replicaOf)]),
  };
}

/** A lone Redis node on a free port, its files in a temp dir (a master that a failover leaves behind, or the one it moves to). */
export async function startRedisNode(): Promise<RedisNode & { close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-redis-'));
  const port = await freePort();
  const child = start(nodeArgs(dir, port));
  await waitFor(async () => (await ask(port, 'PING')) === 'PONG', 10_000, `redis on ${port}`);
  return {
    port,
    process: child,
    async close() {
      children.splice(children.indexOf(child), 1);
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
