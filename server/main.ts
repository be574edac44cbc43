// An API process: `npm run api`. Run as many as you like against one Postgres and Redis.
import 'reflect-metadata';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { checkDependencies, DependencyError } from './preflight.js';
import { startServer } from './app.js';
import { SHUTDOWN_TIMEOUT_MS } from './constants.js';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'api');
try {
  await checkDependencies(config);
} catch (e) {
  if (!(e instanceof DependencyError)) throw e;
  console.error(e.message);
  process.exit(1);
}
const server = await startServer(config, log);

const shutdown = (signal: string) => {
  log.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
  server.close().then(() => process.exit(0));
};
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
