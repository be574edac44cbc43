// API and worker processes as a deployment runs them (`npm run api` / `npm run worker`), for
// the scale-out benchmark: own ports, shared Postgres, Redis and prefix.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { PROCESS_ENV } from '../server/shared/platform/constants.js';

export interface AppProcess {
  kind: 'api' | 'worker';
  /** API: its base URL; worker: its metrics URL. */
  url: string;
  child: ChildProcess;
  /** CPU seconds (user + system) this process has used so far, from /proc. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => res(port));
    });
    probe.on('error', rej);
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function cpuSecondsOf(pid: number): number {
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds used so far by every process running `command` (e.g. redis-server, postgres:
 * all of Postgres's backends), by pid; subtract two readings with `cpuSecondsSince`.
 */
export function cpuSecondsOfCommand(command: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command) found.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** CPU seconds `command`'s processes used since `before` (processes started since count whole). */
export function cpuSecondsSince(command: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of cpuSecondsOfCommand(command)) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Starts `npm run api` or `npm run worker` (the same command line, without npm) and waits until it answers. */
export async function startAppProcess(kind: 'api' | 'worker', env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const script = kind === 'api' ? 'server/bin/api.ts' : 'worker/main.ts';
  const portEnv = kind === 'api' ? { PORT: String(port) } : { WORKER_METRICS_PORT: String(port) };
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', script], {
    cwd: resolve(import.meta.dirname, '..'),
    env: { ...PROCESS_ENV, ...process.env, HOST: '127.0.0.1', ...env, ...portEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const readyPath = kind === 'api' ? '/readyz' : '/metrics';
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} process exited early: ${output}`);
    if (
      await fetch(`${url}${readyPath}`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error(`${kind} process not ready after 60 s: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    kind,
    url,
    child,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}
