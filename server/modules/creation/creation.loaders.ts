// Batches per-creation lookups so a page of creations costs a fixed number of queries.
import DataLoader from 'dataloader';
import type { Db } from '../../shared/db/prisma.js';

export interface CreationLoaders {
  /** User ids who like each creation. */
  likers: DataLoader<string, string[]>;
  /** Whether the current user likes each creation. */
  likedByMe: DataLoader<string, boolean>;
  /** First name of each user id. */
  firstName: DataLoader<string, string | null>;
}

export function createCreationLoaders(db: Db, meId: string | null): CreationLoaders {
  return {
    likers: new DataLoader(async (ids) => {
      const rows = await db.like.findMany({
        where: { creationId: { in: [...ids] } },
        select: { creationId: true, userId: true },
        orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
      });
      const by = new Map<string, string[]>(ids.map((id) => [id, []]));
      for (const r of rows) by.get(r.creationId)?.push(r.userId);
      return ids.map((id) => by.get(id) ?? []);
    }),
    likedByMe: new DataLoader(async (ids) => {
      if (!meId) return ids.map(() => false);
      const rows = await db.like.findMany({
        where: { userId: meId, creationId: { in: [...ids] } },
        select: { creationId: true },
      });
      const liked = new Set(rows.map((r) => r.creationId));
      return ids.map((id) => liked.has(id));
    }),
    firstName: new DataLoader(async (ids) => {
      const rows = await db.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, firstName: true } });
      const by = new Map(rows.map((r) => [r.id, r.firstName]));
      return ids.map((id) => by.get(id) ?? null);
    }),
  };
}
