// `npm run dev`: API and worker restarted on change (node --watch), and the Vite dev
// server with hot reload, which proxies /graphql, /api and /files to the API.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig } from '../shared/platform/config.js';
import { applyMigrations } from '../shared/db/migrations.js';
import { requireDependencies } from '../shared/platform/process.js';

const root = resolve(import.meta.dirname, '../..');
const config = loadConfig();
await requireDependencies(config);
await applyMigrations(config.DATABASE_URL);

const node = (script: string) => spawn(process.execPath, ['--watch', '--import', '@swc-node/register/esm-register', script], { cwd: root, stdio: 'inherit' });
const children: ChildProcess[] = [
  node('server/bin/api.ts'),
  node('worker/main.ts'),
  spawn('npx', ['vite', '--config', 'client/vite.config.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: String(config.PORT) } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
