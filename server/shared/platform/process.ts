// What every entry point (API, worker, start, dev) does around its work: refuse to start
// without Postgres and Redis, and shut down gracefully on a signal.
import type { Config } from './config.js';
import { SHUTDOWN_TIMEOUT_MS } from './constants.js';
import type { Logger } from './logger.js';
import { checkDependencies, DependencyError } from './preflight.js';

/** Checks Postgres and Redis; without them, prints one clear line and exits 1. */
export async function requireDependencies(config: Config): Promise<void> {
  try {
    await checkDependencies(config);
  } catch (e) {
    if (!(e instanceof DependencyError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}

/**
 * The longest a process's graceful shutdown may take before it exits anyway: its drain
 * (an API's readiness-fails-first delay and grace for requests, a worker's grace for its jobs)
 * plus SHUTDOWN_TIMEOUT_MS to close its connections. A supervisor or Kubernetes
 * (terminationGracePeriodSeconds) should wait longer than this before SIGKILL.
 */
export function shutdownBudgetMs(config: Pick<Config, 'SHUTDOWN_DELAY_MS' | 'SHUTDOWN_GRACE_MS' | 'WORKER_DRAIN_GRACE_MS'>, role: 'api' | 'worker'): number {
  const drain = role === 'api' ? config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_GRACE_MS : config.WORKER_DRAIN_GRACE_MS;
  return drain + SHUTDOWN_TIMEOUT_MS;
}

/** On SIGTERM/SIGINT (or its supervisor gone): runs `close`, then exits; exits anyway (code 1) after `timeoutMs`. */
export function exitGracefully(log: Logger, close: () => Promise<unknown>, timeoutMs = SHUTDOWN_TIMEOUT_MS): (reason: string, code?: number) => void {
  let stopping = false;
  const shutdown = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, exitWithinMs: timeoutMs }, 'shutting down');
    setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown took too long; exiting now');
      process.exit(1);
    }, timeoutMs).unref();
    close().then(
      () => process.exit(code),
      (e: Error) => {
        log.error({ err: e.message }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // A child of `npm start`'s supervisor (server/bin/supervisor.ts) never outlives it.
  if (process.channel) process.once('disconnect', () => shutdown('supervisor gone'));
  return shutdown;
}
