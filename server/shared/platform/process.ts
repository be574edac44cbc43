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

/** On SIGTERM/SIGINT (or its supervisor gone): runs `close`, then exits; exits anyway after SHUTDOWN_TIMEOUT_MS. */
export function exitGracefully(log: Logger, close: () => Promise<unknown>): (reason: string, code?: number) => void {
  let stopping = false;
  const shutdown = (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
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
