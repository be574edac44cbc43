// A worker process: `npm run worker`. Runs BullMQ Workers for every tool queue; run as
// many as you like against one Postgres and Redis (docs/architecture.md).
import { loadConfig } from '../server/shared/platform/config.js';
import { createLogger } from '../server/shared/platform/logger.js';
import { exitGracefully, requireDependencies } from '../server/shared/platform/process.js';
import { startWorkers } from './workers.js';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'worker');
await requireDependencies(config);
const workers = await startWorkers(config, log);
exitGracefully(log, () => workers.close());
