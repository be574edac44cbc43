// `npm start`: the whole product on one port with embedded defaults. Checks Postgres and
// Redis, applies migrations, builds the client if it is not built, then runs the API in
// this process and one worker process beside it.
import 'reflect-metadata';
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { exitGracefully, requireDependencies } from './process.js';
import { applyMigrations } from './db/migrations.js';
import { isClientBuilt } from './http/client.js';
import { startServer } from './app.js';

const root = resolve(import.meta.dirname, '..');
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

const worker = spawn(process.execPath, [...process.execArgv, resolve(root, 'worker/main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
const server = await startServer(config, createLogger(config.LOG_LEVEL, 'api'));

const shutdown = exitGracefully(log, async () => {
  if (worker.exitCode === null) worker.kill('SIGTERM');
  await server.close();
});
worker.on('exit', (exitCode, signal) => {
  log.warn({ exitCode, signal }, 'the worker process stopped; stopping the API too');
  shutdown('worker-exit', 1);
});
