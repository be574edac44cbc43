// An API process: `npm run api`. Run as many as you like against one Postgres and Redis.
import 'reflect-metadata';
import { loadConfig } from '../shared/platform/config.js';
import { createLogger } from '../shared/platform/logger.js';
import { exitGracefully, requireDependencies, shutdownBudgetMs } from '../shared/platform/process.js';
import { startServer } from '../app.js';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'api');
await requireDependencies(config);
const server = await startServer(config, log);
// SIGTERM drains it first (docs/deployment.md#rolling-deploys-and-drain).
exitGracefully(log, () => server.close(), shutdownBudgetMs(config, 'api'));
