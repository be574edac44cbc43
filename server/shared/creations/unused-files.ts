// A creation's image file goes once no creation points at it any more (a deleted creation, a failed
// job's result); the file routes that serve it are server/modules/creation/creation.files.ts.
import type { Db } from '../db/prisma.js';
import { FILE_NAME } from '../storage/local.js';
import type { Storage } from '../storage/types.js';

/** Removes a file of ours no creation points at any more (names made before they were random may be shared). */
export async function deleteFileIfUnused(db: Db, storage: Pick<Storage, 'remove'>, name: string | null): Promise<void> {
  if (!name || !FILE_NAME.test(name)) return;
  if ((await db.creation.count({ where: { file: name } })) > 0) return;
  await storage.remove(name);
}
