// A worker process: `npm run worker`. Runs BullMQ Workers for every tool queue; run as
// many as you like against one Postgres and Redis (docs/architecture.md).
import { loadConfig } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
import { exitGracefully, requireDependencies, shutdownBudgetMs } from '../server/shared/platform/process.js';
import { startWorkers } from './workers.js';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'worker');
await requireDependencies(config);
const workers = await startWorkers(config, log);
// SIGTERM drains it first: no new jobs, running ones finish or are handed back (worker/drain.ts).
exitGracefully(log, () => workers.close(), shutdownBudgetMs(config, 'worker'));
