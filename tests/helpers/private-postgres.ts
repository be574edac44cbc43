// A private Postgres cluster on a free port, for tests that kill the database: the
// shared one must never be stopped. initdb and postgres run as the `postgres` OS user
// (they refuse root) in a temp dir it owns, with trust auth and no fsync. Commits stay
// synchronous: a process crash keeps what the kernel was given, so an acknowledged
// commit survives a SIGKILL (synchronous_commit=off would lose the last ~200 ms).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';

function osUser(name: string): { uid: number; gid: number } {
  const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (r.status !== 0 || g.status !== 0) throw new Error(`no OS user ${name}`);
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface PrivatePostgres {
  port: number;
  /** URL of a database on this cluster (as the superuser `root`). */
  url(db: string): string;
  /** Starts (or restarts) the server on the same port and data directory; resolves once it accepts queries. */
  start(): Promise<void>;
  /** SIGKILLs the postmaster and every backend at once (a crash, not a shutdown). */
  kill(): Promise<void>;
  /** Kills it and removes the data directory. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const { uid, gid } = osUser('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'atelier-pg-'));
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const init = spawnSync(join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'root', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
    uid,
    gid,
    cwd: dir,
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  let server: ChildProcess | undefined;
  let log = '';

  const url = (db: string) => `postgresql://root@127.0.0.1:${port}/${db}`;
  const accepts = async () => {
    const c = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 1000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
  };

  const start = async () => {
    // Its own process group (detached), so kill() reaches the backends too.
    server = spawn(
      join(BIN, 'postgres'),
      ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=100'],
      { uid, gid, cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout?.on('data', (d) => (log += d));
    server.stderr?.on('data', (d) => (log += d));
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      if (server.exitCode !== null) throw new Error(`postgres exited: ${log.slice(-2000)}`);
      if (await accepts()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`private postgres did not start: ${log.slice(-2000)}`);
  };

  const kill = async () => {
    const s = server;
    if (!s || s.exitCode !== null || s.signalCode !== null) return;
    const exited = new Promise((r) => s.once('exit', r));
    process.kill(-s.pid!, 'SIGKILL');
    await exited;
    // Backends of the killed group are gone with it; wait for the port to be free.
    const until = Date.now() + 10_000;
    while (Date.now() < until && (await accepts())) await new Promise((r) => setTimeout(r, 50));
  };

  await start();
  return {
    port,
    url,
    start,
    kill,
    destroy: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
