// `npm start`'s supervisor: runs each part of the product (the API, a worker) as a child
// process and restarts one that dies, whatever the signal or exit code, after a backoff
// and with a log line, so one crash never takes the others down. stop() ends every child
// (SIGTERM, then SIGKILL after a timeout). A child whose supervisor is gone stops too
// (server/shared/platform/process.ts: the IPC channel's 'disconnect').
import { spawn, type ChildProcess } from 'node:child_process';
import { SHUTDOWN_TIMEOUT_MS } from '../shared/platform/constants.js';
import type { Logger } from '../shared/platform/logger.js';

export const RESTART = {
  /** First restart delay; it doubles with each death up to maxDelayMs. */
  minDelayMs: 500,
  maxDelayMs: 30_000,
  /** A child that stayed up this long was healthy: its next restart waits minDelayMs again. */
  resetAfterMs: 10_000,
  /** A stopping child gets its own graceful shutdown (SHUTDOWN_TIMEOUT_MS, unless its spec says longer), then SIGKILL. */
  stopTimeoutMs: SHUTDOWN_TIMEOUT_MS + 2000,
};

/** How long to wait before restarting a child that ran `upMs` and last waited `previousMs`. */
export function nextRestartDelay(previousMs: number | undefined, upMs: number): number {
  if (previousMs === undefined || upMs >= RESTART.resetAfterMs) return RESTART.minDelayMs;
  return Math.min(RESTART.maxDelayMs, previousMs * 2);
}

export interface ChildSpec {
  /** Logged with every line about this child. */
  name: string;
  /** The entry point, run with this process's node and loader flags. */
  script: string;
  /** Environment defaults for this child (the supervisor's own environment wins). */
  env?: Record<string, string>;
  /** How long a stopping child may drain and shut down before SIGKILL (default RESTART.stopTimeoutMs). */
  stopTimeoutMs?: number;
}

export interface Supervisor {
  /** Ends every child (no more restarts); resolves once all have exited. */
  stop(): Promise<void>;
  /** SIGKILLs every child now (a second Ctrl-C). */
  kill(): void;
}

export function supervise(specs: ChildSpec[], cwd: string, log: Logger): Supervisor {
  let stopping = false;
  const slots = specs.map((spec) => ({
    spec,
    child: undefined as ChildProcess | undefined,
    delayMs: undefined as number | undefined,
    timer: undefined as NodeJS.Timeout | undefined,
  }));

  const start = (slot: (typeof slots)[number]) => {
    slot.timer = undefined;
    const { name, script, env } = slot.spec;
    const startedAt = Date.now();
    // The IPC channel is how the child notices this process is gone.
    const child = spawn(process.execPath, [...process.execArgv, script], { cwd, env: { ...env, ...process.env }, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    slot.child = child;
    log.info({ child: name, pid: child.pid }, 'child started');
    let ended = false;
    const died = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      slot.child = undefined;
      if (stopping) return;
      const upMs = Date.now() - startedAt;
      slot.delayMs = nextRestartDelay(slot.delayMs, upMs);
      log.warn({ child: name, pid: child.pid, exitCode, signal, upMs, restartInMs: slot.delayMs }, 'child died; restarting');
      slot.timer = setTimeout(() => start(slot), slot.delayMs);
    };
    child.once('exit', died);
    child.on('error', (e) => {
      log.error({ child: name, err: e.message }, 'child process error');
      if (child.pid === undefined) died(null, null); // it never started: no 'exit' will come
    });
  };

  const end = (child: ChildProcess, name: string, stopTimeoutMs = RESTART.stopTimeoutMs) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => {
        log.warn({ child: name, pid: child.pid }, 'child did not stop in time; SIGKILL');
        child.kill('SIGKILL');
      }, stopTimeoutMs);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });

  slots.forEach(start);
  return {
    stop: async () => {
      stopping = true;
      for (const s of slots) clearTimeout(s.timer);
      await Promise.all(slots.map((s) => s.child && end(s.child, s.spec.name, s.spec.stopTimeoutMs)));
    },
    kill: () => {
      for (const s of slots) s.child?.kill('SIGKILL');
    },
  };
}
