// `npm run db:migration:create -- <name>`: write the next migration from schema.prisma.
import { describeUrl, loadConfig } from '../shared/platform/config.js';
import { createMigration } from '../shared/db/migrations.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migration:create -- <name_in_snake_case>');
  process.exit(2);
}
const config = loadConfig();
try {
  const created = await createMigration(config.DATABASE_URL, name);
  console.log(created ? `Created prisma/migrations/${created}/migration.sql` : 'No schema changes: no migration created.');
} catch (e) {
  console.error(`Could not create a migration (database ${describeUrl(config.DATABASE_URL)}): ${(e as Error).message}`);
  process.exitCode = 1;
}
