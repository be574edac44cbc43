// Once per `npm test`: a fresh test database with every migration applied.
import { dropDatabase } from '../../server/db/database.js';
import { applyMigrations } from '../../server/db/migrations.js';
import { withDefaultUser } from '../../server/config.js';

export default async function setup(): Promise<void> {
  const url = withDefaultUser(process.env.TEST_DATABASE_URL ?? 'postgresql://127.0.0.1:5432/atelier_test');
  await dropDatabase(url);
  await applyMigrations(url);
}
