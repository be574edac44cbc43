// Once per `npm test`: a fresh test database with every migration applied.
import { spawnSync } from 'node:child_process';
import { isClientBuilt } from '../../server/http/client.js';
import { dropDatabase } from '../../server/db/database.js';
import { applyMigrations } from '../../server/db/migrations.js';
import { withDefaultUser } from '../../server/config.js';

export default async function setup(): Promise<void> {
  const url = withDefaultUser(process.env.TEST_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_test');
  await dropDatabase(url);
  await applyMigrations(url);
  // The server and browser tests serve the built client.
  if (!isClientBuilt()) {
    const build = spawnSync('npm', ['run', 'build:client'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the client failed to build');
  }
}
