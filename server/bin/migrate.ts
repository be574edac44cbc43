// `npm run db:migrate`: apply pending migrations, offline.
import { describeUrl, loadConfig } from '../shared/platform/config.js';
import { applyMigrations } from '../shared/db/migrations.js';

const config = loadConfig();
try {
  const applied = await applyMigrations(config.DATABASE_URL);
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s) to ${describeUrl(config.DATABASE_URL)}: ${applied.join(', ')}`
      : `Database ${describeUrl(config.DATABASE_URL)} is up to date.`,
  );
} catch (e) {
  console.error(`Migration failed on ${describeUrl(config.DATABASE_URL)}: ${(e as Error).message}`);
  process.exitCode = 1;
}
