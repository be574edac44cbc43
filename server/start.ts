// `npm start`: the whole product on one port with embedded defaults. Checks Postgres and
// Redis, applies migrations, builds the client if it is not built, then runs the API in
// this process and one worker process beside it.
import 'reflect-metadata';
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { checkDependencies, DependencyError } from './preflight.js';
import { applyMigrations } from './db/migrations.js';
import { isClientBuilt } from './http/client.js';
import { startServer } from './app.js';
import { SHUTDOWN_TIMEOUT_MS } from './constants.js';

const root = resolve(import.meta.dirname, '..');
const config = loadConfig();
const log = createLogger(config.LOG_LEVEL, 'start');

try {
  await checkDependencies(config);
} catch (e) {
  if (!(e instanceof DependencyError)) throw e;
  console.error(e.message);
  process.exit(1);
}
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

const worker = spawn(process.execPath, [...process.execArgv, resolve(root, 'worker/main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
const server = await startServer(config, createLogger(config.LOG_LEVEL, 'api'));

let stopping = false;
const shutdown = (signal: string, code = 0) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
  if (worker.exitCode === null) worker.kill('SIGTERM');
  server.close().then(() => process.exit(code));
};
worker.on('exit', (exitCode) => {
  if (!stopping) {
    log.error({ exitCode }, 'the worker process stopped; stopping the API too');
    shutdown('worker-exit', 1);
  }
});
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
