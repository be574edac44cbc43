// Once per `npm test`: a fresh test database with every migration applied.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { existsSync } from 'node:fs';
import { CHROMIUM } from './browser.js';
import { isClientBuilt } from '../../server/http/client.js';
import { dropDatabase } from '../../server/shared/db/database.js';
import { applyMigrations } from '../../server/shared/db/migrations.js';
import { withDefaultUser } from '../../server/shared/platform/config.js';

export default async function setup(): Promise<void> {
  const url = withDefaultUser(process.env.TEST_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_test');
  await dropDatabase(url);
  await applyMigrations(url);
  // The first account of a fresh instance is its administrator (docs/moderation.md, "Roles"):
  // one made here, so no test's account is an administrator by the order files happen to run in.
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(
    `INSERT INTO "User" (id, "authProvider", "externalId", "firstName", role, "updatedAt") VALUES (gen_random_uuid(), 'local', 'test-suite-first-account', 'First', 'ADMIN', now())`,
  );
  await db.end();
  // The browser tests drive Debian's Chromium (nothing is downloaded): install it on a fresh machine.
  if (!existsSync(CHROMIUM)) {
    const canInstall = process.getuid?.() === 0 && !process.env.CHROMIUM_PATH;
    if (canInstall) {
      console.log(`${CHROMIUM} is missing: installing Debian's chromium package (once)…`);
      spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
    }
    if (!existsSync(CHROMIUM)) throw new Error(`The browser tests need Chromium at ${CHROMIUM}: run 'apt-get install chromium' (or set CHROMIUM_PATH)`);
  }
  // The server and browser tests serve the built client.
  if (!isClientBuilt()) {
    const build = spawnSync('npm', ['run', 'build:client'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the client failed to build');
  }
}
