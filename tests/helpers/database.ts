// A database of a test file's own, freshly migrated: for tests that count rows or sweep
// tables, which other test files write into the shared test database at the same time.
import { withDefaultUser } from '../../server/shared/platform/config.js';
import { dropDatabase } from '../../server/shared/db/database.js';
import { applyMigrations } from '../../server/shared/db/migrations.js';
import { TEST_DATABASE_URL } from './env.js';

export async function isolatedDatabase(suffix: string): Promise<string> {
  const url = withDefaultUser(`${TEST_DATABASE_URL}_${suffix}`);
  await dropDatabase(url);
  await applyMigrations(url);
  return url;
}
