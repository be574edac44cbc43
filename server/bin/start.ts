// `npm start`: the whole product on one port with embedded defaults. Checks Postgres and
// Redis, applies migrations, builds the client if it is not built, then supervises two
// child processes, the API (on PORT) and one worker: one that dies is restarted with
// backoff while the other keeps running (server/bin/supervisor.ts). Ctrl-C stops both.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from '../shared/platform/config.js';
import { PROCESS_ENV } from '../shared/platform/constants.js';
import { createLogger } from '../shared/platform/logger.js';
import { requireDependencies, shutdownBudgetMs } from '../shared/platform/process.js';
import { applyMigrations } from '../shared/db/migrations.js';
import { isClientBuilt } from '../http/client.js';
import { supervise } from './supervisor.js';

const root = resolve(import.meta.dirname, '../..');
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'start');

await requireDependencies(config);
const applied = await applyMigrations(config.DATABASE_URL);
if (applied.length) log.info({ applied }, 'migrations applied');

if (!isClientBuilt()) {
  log.info('building the web client (first start only)…');
  const build = spawnSync('npm', ['run', 'build:client'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web client failed to build; see the output above.');
    process.exit(1);
  }
}

const children = supervise(
  [
    // Each drains before it exits (docs/deployment.md#rolling-deploys-and-drain): SIGKILL only past its own budget.
    { name: 'api', script: 'server/bin/api.ts', env: PROCESS_ENV, stopTimeoutMs: shutdownBudgetMs(config, 'api') + 2000 },
    { name: 'worker', script: 'worker/main.ts', env: PROCESS_ENV, stopTimeoutMs: shutdownBudgetMs(config, 'worker') + 2000 },
  ],
  root,
  log,
);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    log.warn({ signal }, 'stopping now');
    children.kill();
    return;
  }
  stopping = true;
  log.info({ signal }, 'stopping the API and the worker (again to stop at once)');
  void children.stop().then(() => {
    log.info('stopped');
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
