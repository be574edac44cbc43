// The like module owns the Like table and Creation.likeCount/likeVersion, changed together.
import type { Services } from '../../context.js';
import type { LikeEvent } from '../../shared/platform/pubsub.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { isUuid } from '../../shared/platform/validation.js';
import { enforceRate } from '../../rate-limit.js';
import type { Creation } from '../../shared/db/generated/client.js';
import { Prisma } from '../../shared/db/prisma.js';
import { LikeDelivery } from './like.delivery.js';
import { publishLikeEvent } from './like.events.js';

export interface ToggleResult {
  creation: Creation;
  liked: boolean;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'This creation does not exist');

export class LikeService {
  /** likeChanged subscribers in this process, with one likedByMe lookup per event. */
  readonly delivery: LikeDelivery;

  constructor(private readonly services: Services) {
    this.delivery = new LikeDelivery(services.db, services.pubsub, (e) => services.log.warn({ err: e }, 'likedByMe lookup failed'));
  }

  /**
   * Likes or unlikes, in one statement (toggleStatement): no transaction waits for a pool
   * connection while holding anything, so a crowd of toggles queues instead of failing.
   * The statement's snapshot is taken before it waits for the creation's row lock: when a
   * toggle of the same user and creation committed in between, this one sees neither the
   * like to take back nor room for a new one, changes nothing, and runs again.
   */
  async toggle(userId: string, creationId: string): Promise<ToggleResult> {
    if (!isUuid(creationId)) throw notFound();
    const { redis, config, db, log } = this.services;
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:likes:${userId}`, config.LIKE_RATE_PER_MINUTE, 60_000, 'likes');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [row] = await db.$queryRaw<ToggleRow[]>(toggleStatement(userId, creationId));
      // A creation you cannot see cannot be liked; a like given while it was published can
      // still be taken back after it is unpublished (likeCount keeps counting Like rows), but
      // nothing of the creation is answered then: not its prompt, its author or its image.
      const visible = row !== undefined && (row.published || row.ownerId === userId);
      if (!row || (!visible && row.removed === 0)) throw notFound();
      if (!row.creation) continue;
      const liked = row.added === 1;
      const creation: Creation = { ...row.creation, createdAt: new Date(`${row.creation.createdAt}Z`) };
      const event: LikeEvent = { creationId, likeCount: creation.likeCount, actorId: userId, liked, published: row.published, ownerId: row.ownerId };
      // The like is stored: an event Redis does not take is logged, not the toggle's failure.
      await publishLikeEvent(redis, config.REDIS_PREFIX, event, creation.likeVersion).catch((e: unknown) =>
        log.warn({ err: (e as Error).message, creationId }, 'could not publish a like change'),
      );
      if (!visible) throw new AppError(ErrorCode.NOT_FOUND, 'This creation is no longer public: your like was taken back');
      return { creation, liked };
    }
    throw new AppError(ErrorCode.RATE_LIMITED, 'Too many likes of this creation at once. Please try again.');
  }
}

/** Runs of one toggle; another one only when a toggle of the same like committed meanwhile. */
const MAX_ATTEMPTS = 20;

interface ToggleRow {
  /** Shown in the gallery: published, and neither held nor hidden (docs/screening.md). */
  published: boolean;
  ownerId: string;
  removed: number;
  added: number;
  /** The creation after the change (timestamps as Postgres writes them in JSON); null when nothing changed. */
  creation: (Omit<Creation, 'createdAt'> & { createdAt: string }) | null;
}

/**
 * Locks the creation's row, takes the user's like back or gives it (only on a creation the
 * user may see), and moves likeCount and likeVersion with it: one statement, one round trip.
 * Toggles of one creation hold its row lock one after another, so likeVersion follows commit
 * order. The lock is taken first (creation, then like), as every other writer does.
 */
function toggleStatement(userId: string, creationId: string): Prisma.Sql {
  return Prisma.sql`
    WITH c AS MATERIALIZED (
      -- "published" here is what everyone may see: not held or hidden by moderation (docs/moderation.md).
      SELECT id, "userId", (published AND moderation = 'VISIBLE') AS published FROM "Creation" WHERE id = ${creationId}::uuid FOR NO KEY UPDATE
    ), del AS (
      DELETE FROM "Like" l USING c WHERE l."creationId" = c.id AND l."userId" = ${userId}::uuid RETURNING 1
    ), ins AS (
      INSERT INTO "Like" ("creationId", "userId")
      SELECT c.id, ${userId}::uuid FROM c
      WHERE NOT EXISTS (SELECT 1 FROM del) AND (c.published OR c."userId" = ${userId}::uuid)
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), upd AS (
      UPDATE "Creation" t
      SET "likeCount" = t."likeCount" + (SELECT count(*) FROM ins)::int - (SELECT count(*) FROM del)::int,
          "likeVersion" = t."likeVersion" + 1
      FROM c WHERE t.id = c.id AND (EXISTS (SELECT 1 FROM ins) OR EXISTS (SELECT 1 FROM del))
      RETURNING t.*
    )
    SELECT c.published, c."userId"::text AS "ownerId",
           (SELECT count(*) FROM del)::int AS removed, (SELECT count(*) FROM ins)::int AS added,
           (SELECT row_to_json(u) FROM upd u) AS creation
    FROM c`;
}
