// An API process: `npm run api`. Run as many as you like against one Postgres and Redis.
import 'reflect-metadata';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { exitGracefully, requireDependencies } from './process.js';
import { startServer } from './app.js';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'api');
await requireDependencies(config);
const server = await startServer(config, log);
exitGracefully(log, () => server.close());
