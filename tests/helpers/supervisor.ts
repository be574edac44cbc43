// Runs the real `npm start` entry (server/bin/start.ts) as a process tree on a port of its own,
// collects its JSON log lines (its children share its stdout), and finds its children
// by their command line in /proc.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { waitFor } from './server.js';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
}

function stat(pid: number): { ppid: number; state: string } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0]!, ppid: Number(rest[1]) };
  } catch {
    return undefined;
  }
}

/** Running (not gone, not a zombie waiting to be reaped). */
export function isAlive(pid: number): boolean {
  const s = stat(pid);
  return s !== undefined && s.state !== 'Z';
}

/** Live children of `ppid` whose command line contains `script`. */
export function childPids(ppid: number, script: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      if (stat(pid)?.ppid !== ppid || !isAlive(pid)) return false;
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
      } catch {
        return false;
      }
    });
}

export type LogLine = { msg?: string; name?: string; child?: string; pid?: number; [k: string]: unknown };

export async function startSupervisor(env: Record<string, string> = {}, entry = 'server/bin/start.ts') {
  const port = await freePort();
  const prefix = `atelier-test-start-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const proc = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_PREFIX: prefix, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines: LogLine[] = [];
  let partial = '';
  proc.stdout.on('data', (d: Buffer) => {
    output += d;
    partial += d;
    const parts = partial.split('\n');
    partial = parts.pop()!;
    for (const p of parts) {
      if (!p.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(p) as LogLine);
      } catch {
        /* not a log line */
      }
    }
  });
  proc.stderr.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const seen = new Set<number>();
  const pidOf = (name: 'api' | 'worker') => {
    const pids = childPids(proc.pid!, name === 'api' ? 'server/bin/api.ts' : 'worker/main.ts');
    pids.forEach((p) => seen.add(p));
    return pids[0];
  };
  const count = (msg: string | RegExp) => lines.filter((l) => (typeof msg === 'string' ? l.msg === msg : msg.test(l.msg ?? ''))).length;
  const answers = (path = '/readyz') =>
    fetch(`${url}${path}`).then(
      (r) => r.ok,
      () => false,
    );
  return {
    proc,
    port,
    url,
    prefix,
    lines,
    output: () => output,
    exited,
    pidOf,
    count,
    answers,
    /** The API answers /readyz and `workersReady` workers have said so. */
    ready: (workersReady = 1, timeoutMs = 60_000) =>
      waitFor(
        async () => {
          if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`npm start exited early:\n${output.slice(-3000)}`);
          return count('worker ready') >= workersReady && (await answers());
        },
        timeoutMs,
        'npm start to be ready',
      ),
    /** SIGKILLs whatever is left of the tree (a failed test must not leave processes behind). */
    kill: () => {
      if (isAlive(proc.pid!)) childPids(proc.pid!, '').forEach((p) => seen.add(p));
      for (const pid of [proc.pid!, ...seen]) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    },
    seen,
  };
}
