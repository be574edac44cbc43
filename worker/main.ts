// A worker process: `npm run worker`. Runs BullMQ Workers for every tool queue; run as
// many as you like against one Postgres and Redis (DESIGN.md §1).
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { checkDependencies, DependencyError } from '../server/preflight.js';
import { SHUTDOWN_TIMEOUT_MS } from '../server/constants.js';
import { startWorkers } from './workers.js';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'worker');
try {
  await checkDependencies(config);
} catch (e) {
  if (!(e instanceof DependencyError)) throw e;
  console.error(e.message);
  process.exit(1);
}
const workers = await startWorkers(config, log);

const shutdown = (signal: string) => {
  log.info({ signal }, 'worker shutting down');
  setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
  workers.close().then(() => process.exit(0));
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
