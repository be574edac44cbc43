// `npm run db:migration:create -- <name>`: write the next migration from schema.prisma, then
// regenerate the Prisma client (`npm run db:generate`), so a new enum value (a tool's new
// creation type, docs/adding-a-tool.md) is in the TypeScript types at once.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
  process.exit(1);
}

// The schema's types (CreationType and the other enums) come from the generated client.
console.log('Regenerating the Prisma client (npm run db:generate)…');
const generate = spawnSync(process.execPath, [fileURLToPath(new URL('../../prisma/generate.mjs', import.meta.url))], { stdio: 'inherit' });
if (generate.status !== 0) {
  console.error('Could not regenerate the Prisma client: run `npm run db:generate`.');
  process.exit(generate.status ?? 1);
}
console.log('Regenerated the Prisma client. Next: `npm run db:migrate` applies the migration; `npm run codegen` carries a new enum value to schema.graphql and the client.');
