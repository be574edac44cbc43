import type { Db } from '../../server/shared/db/prisma.js';
import { generateApiKey, type ApiKeyScope } from '../../server/auth/api-keys.js';

/** An API key for `userId`, made directly in the database as createApiKey stores one: its text and row id. */
export async function createTestApiKey(db: Db, userId: string, scopes: readonly ApiKeyScope[] = ['read', 'generate', 'publish'], name = 'test key') {
  const { key, prefix, hash } = generateApiKey();
  const row = await db.apiKey.create({ data: { userId, name, prefix, hash, scopes: [...scopes] } });
  return { key, id: row.id, prefix };
}
