// The creation module owns the Creation table: history, community feed, publishing.
import type { ResponsePath } from 'graphql';
import type { Services } from '../../context.js';
import { Prisma, type Db } from '../../shared/db/prisma.js';
import type { Creation } from '../../shared/db/generated/client.js';
import type { CreationType, ModerationState } from '../../shared/db/generated/enums.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { isUuid } from '../../shared/platform/validation.js';
import { PAGE_SIZE_MAX } from '../../shared/platform/constants.js';
import { FileUrls } from '../../shared/storage/file-urls.js';
import { localFileOf } from '../../shared/storage/local.js';
import type { Storage } from '../../shared/storage/types.js';
import { deleteFileIfUnused } from '../../shared/creations/unused-files.js';
import { announceCreation, announceRemoval, isPublic } from '../../shared/creations/creation.store.js';
import type { Screener } from '../../shared/screening/screener.js';
import { screenCreation } from '../../shared/screening/publish.js';
import type { WebhookOutbox } from '../../shared/webhooks/outbox.js';

export type { Creation };

/** What a page's statement already knows, so its field resolvers need no query of their own. */
export interface Preloaded {
  firstName: string | null;
  /** Liker ids, oldest like first. */
  likes: string[];
  likedByMe: boolean;
}

/** A creation of a page, with its author, likers and the viewer's like preloaded. */
export type PageCreation = Creation & { preloaded: Preloaded };

/** A row of a page as Postgres writes it in JSON: timestamps without their zone, null for no likers. */
type PageRow = Omit<Creation, 'createdAt'> & { createdAt: string; firstName: string | null; likes: string[] | null; likedByMe: boolean };

const toPageCreation = (r: PageRow): PageCreation => ({
  id: r.id,
  userId: r.userId,
  type: r.type,
  prompt: r.prompt,
  content: r.content,
  metadata: r.metadata,
  published: r.published,
  likeCount: r.likeCount,
  likeVersion: r.likeVersion,
  file: r.file,
  jobId: r.jobId,
  moderation: r.moderation,
  sensitive: r.sensitive,
  screening: r.screening,
  createdAt: new Date(`${r.createdAt}Z`),
  preloaded: { firstName: r.firstName, likes: r.likes ?? [], likedByMe: r.likedByMe },
});

export const preloadedOf = (c: Creation): Preloaded | undefined => (c as Partial<PageCreation>).preloaded;

/**
 * Where a likedByMe answer sits in a result (its response path) and who likes that creation
 * (undefined when the page did not bring its likers). A context that carries a list of them
 * (`likedByMeSites`) gets one per likedByMe resolved: a kept feed page is answered to each
 * viewer from them (server/graphql/feed-pages/page-cache.ts).
 */
export interface LikedByMeSite {
  path: ResponsePath;
  likes: string[] | undefined;
}

export interface Page<T> {
  items: T[];
  cursors: string[];
  hasNextPage: boolean;
}

/** Cursor = the sort key of the last row seen: (createdAt, id), newest first. */
export function encodeCursor(c: Pick<Creation, 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    // Years outside 1–9999 are no cursor we wrote, and not every one of them is a Postgres timestamp.
    const year = createdAt.getUTCFullYear();
    if (typeof id !== 'string' || !isUuid(id) || Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new AppError(ErrorCode.BAD_USER_INPUT, 'The pagination cursor is not valid', { field: 'after' });
  }
}

function checkPageSize(first: number): void {
  if (!Number.isInteger(first) || first < 1 || first > PAGE_SIZE_MAX) {
    throw new AppError(ErrorCode.BAD_USER_INPUT, `first must be between 1 and ${PAGE_SIZE_MAX}`, { field: 'first' });
  }
}

/**
 * Which creations a page lists: the community feed (published and neither held nor hidden:
 * docs/screening.md, "What the gallery shows") or one user's history (all of theirs).
 */
export const FEED_FILTER = Prisma.sql`c.published AND c.moderation = 'VISIBLE'`;
export const historyFilter = (userId: string) => Prisma.sql`c."userId" = ${userId}::uuid`;

/**
 * One page, newest first, in one SQL statement: `first + 1` rows (the extra one tells
 * hasNextPage), their authors' first names, their likers (oldest like first) and, with a
 * viewer, whether the viewer likes each. A page costs one round trip whatever its size;
 * the seek on (createdAt, id) walks the (published | userId, createdAt DESC, id DESC)
 * indexes, so a deep page costs what the first does. The page comes back as one JSON
 * value: Prisma maps one value instead of hundreds, and JSON.parse is Node's fastest parser.
 */
export function pageStatement(filter: Prisma.Sql, first: number, after: string | null | undefined, viewerId: string | null): Prisma.Sql {
  // createdAt holds UTC wall time (timestamp without time zone), as Prisma writes it.
  const seek = after ? (({ createdAt, id }) => Prisma.sql`AND (c."createdAt", c.id) < (${createdAt.toISOString()}::timestamp, ${id}::uuid)`)(decodeCursor(after)) : Prisma.empty;
  // A scalar subquery, one primary-key probe per row. (An EXISTS lets the planner hash every
  // like the viewer ever gave instead: 10 ms at 33k likes, growing with them.)
  const likedByMe = viewerId ? Prisma.sql`COALESCE((SELECT true FROM "Like" m WHERE m."creationId" = c.id AND m."userId" = ${viewerId}::uuid), false)` : Prisma.sql`false`;
  return Prisma.sql`
    SELECT json_agg(p ORDER BY p."createdAt" DESC, p.id DESC) AS page FROM (
      SELECT c.id, c."userId", c.type, c.prompt, c.content, c.metadata, c.published, c."likeCount", c."likeVersion", c."file", c."jobId", c."createdAt",
             c.moderation, c.sensitive, c.screening,
             u."firstName",
             (SELECT json_agg(l."userId" ORDER BY l."createdAt", l."userId") FROM "Like" l WHERE l."creationId" = c.id) AS likes,
             ${likedByMe} AS "likedByMe"
      FROM "Creation" c JOIN "User" u ON u.id = c."userId"
      WHERE ${filter} ${seek}
      ORDER BY c."createdAt" DESC, c.id DESC
      LIMIT ${first + 1}
    ) p`;
}

export class CreationService {
  private readonly db: Db;
  /** Checks local files' signed URLs when /files serves one. */
  readonly fileUrls: FileUrls;
  constructor(
    private readonly services: Services,
    /** Types whose content is an image, the only ones the community gallery shows (from the tool catalogue). */
    private readonly imageTypes: readonly CreationType[],
    /** Where image files live: it decides the URL a viewer gets, and publishing or deleting goes through it. */
    private readonly storage: Storage,
    /** Tells the owner's webhooks of a publication (creation.published). */
    private readonly webhooks: WebhookOutbox,
    /** Screens a picture and its prompt as they are published (docs/screening.md). */
    private readonly screener: Screener,
  ) {
    this.db = services.db;
    this.fileUrls = new FileUrls(services.tokenSecret, services.config.FILE_URL_TTL_SECONDS);
  }

  /**
   * The content as a viewer gets it: a file of ours (`/files/<name>`, whatever the store) by the
   * store's URL — short-lived while it is not published, plain once it is; text or a hosted URL as stored.
   */
  contentOf(c: Pick<Creation, 'content' | 'published' | 'moderation'>): string | Promise<string> {
    const name = localFileOf(c.content);
    return name ? this.storage.urlFor(name, isPublic(c)) : c.content;
  }

  /** One page, newest first, in one SQL statement (see pageStatement). */
  private async page(filter: Prisma.Sql, first: number, after: string | null | undefined, viewerId: string | null): Promise<Page<PageCreation>> {
    checkPageSize(first);
    const [result] = await this.db.$queryRaw<[{ page: PageRow[] | null }]>(pageStatement(filter, first, after, viewerId));
    const rows = result?.page ?? [];
    const items = rows.slice(0, first).map(toPageCreation);
    return { items, cursors: items.map(encodeCursor), hasNextPage: rows.length > first };
  }

  history(userId: string, first: number, after?: string | null): Promise<Page<PageCreation>> {
    return this.page(historyFilter(userId), first, after, userId);
  }

  /** The community feed; with a viewer, likedByMe comes in the same statement. */
  feed(first: number, after?: string | null, viewerId: string | null = null): Promise<Page<PageCreation>> {
    return this.page(FEED_FILTER, first, after, viewerId);
  }

  /** Every creation of a user, newest first (REST dashboard). */
  allOf(userId: string): Promise<Creation[]> {
    return this.db.creation.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  /** Every published creation the gallery shows, with its likers and author (REST gallery: the spec has no page size). */
  allPublished() {
    return this.db.creation.findMany({
      where: { published: true, moderation: 'VISIBLE' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      include: { likes: { select: { userId: true }, orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }] }, user: { select: { firstName: true } } },
    });
  }

  /** A creation its owner may see, or anyone if the gallery shows it (published, not held or hidden); null otherwise. */
  async visible(id: string, viewerId: string | null): Promise<Creation | null> {
    if (!isUuid(id)) return null;
    const c = await this.db.creation.findUnique({ where: { id } });
    if (!c || (!isPublic(c) && c.userId !== viewerId)) return null;
    return c;
  }

  /**
   * The other creations made by the same request as `c` (its metadata's `batch`), in the order
   * they were made, each only if `viewerId` may see it (as `visible`); deleted ones are left out.
   */
  async batchOf(c: Pick<Creation, 'metadata'>, viewerId: string | null): Promise<Creation[]> {
    const { batch } = metadataOf(c.metadata);
    const ids = Array.isArray(batch) ? batch.filter((id): id is string => typeof id === 'string' && isUuid(id)) : [];
    if (!ids.length) return [];
    const rows = await this.db.creation.findMany({ where: { id: { in: ids } } });
    const byId = new Map(rows.filter((r) => isPublic(r) || r.userId === viewerId).map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The creation, if `userId` owns it: NOT_FOUND when missing, FORBIDDEN when someone else's. */
  async owned(id: string, userId: string): Promise<Creation> {
    const c = isUuid(id) ? await this.db.creation.findUnique({ where: { id } }) : null;
    if (!c) throw new AppError(ErrorCode.NOT_FOUND, 'This creation does not exist');
    if (c.userId !== userId) throw new AppError(ErrorCode.FORBIDDEN, 'You can only change your own creations');
    return c;
  }

  /**
   * The image of one of the caller's own creations, for a tool that takes it as its input
   * (docs/adding-a-tool.md, "Sending a creation to a tool"). Anyone else's, published or not, is
   * NOT_FOUND as a missing one is: a published picture is shown in the gallery, not handed over
   * as material (its author may unpublish or delete it, and a result made from it would be the
   * caller's own, private creation, with no trace of whose picture it was).
   */
  async ownImage(id: string, userId: string, field: string): Promise<Creation> {
    const c = isUuid(id) ? await this.db.creation.findUnique({ where: { id } }) : null;
    if (!c || c.userId !== userId) throw new AppError(ErrorCode.NOT_FOUND, 'No creation of yours has this id: you can send only your own creations to a tool', { field });
    if (!this.imageTypes.includes(c.type)) throw new AppError(ErrorCode.BAD_USER_INPUT, 'This creation is not an image: only images can be sent to an image tool', { field });
    return c;
  }

  async setPublished(id: string, userId: string, publish: boolean): Promise<Creation> {
    const c = await this.owned(id, userId);
    if (publish && !this.imageTypes.includes(c.type)) {
      throw new AppError(ErrorCode.BAD_USER_INPUT, 'Only images can be shared with the community');
    }
    if (c.published === publish) return c;
    const screened = publish ? await this.screen(c) : null;
    const next = { published: publish, moderation: screened?.moderation ?? c.moderation };
    // The store first: a row the gallery shows always has its public copy, and any other never
    // keeps it (if the store fails, nothing changed and the user may try again).
    if (c.file && (isPublic(next) || isPublic(c))) await this.publishFile(c.file, id, isPublic(next));
    const updated = await this.db.creation.update({
      where: { id },
      data: {
        published: publish,
        ...(screened ? { moderation: screened.moderation, sensitive: screened.sensitive, screening: screened.screening as unknown as Prisma.InputJsonObject } : {}),
      },
    });
    if (isPublic(updated)) {
      await this.announce(updated.id);
      await this.webhooks.creationPublished(userId, updated.id);
    } else if (isPublic(c)) await this.feedChanged(id);
    return updated;
  }

  /**
   * Screening as a creation is published (docs/screening.md, "When it runs"): once, the first
   * time; a creation screened before keeps its verdict and state (a moderator's decision
   * included) when it is unpublished and published again. Null when there is nothing to screen.
   */
  private async screen(c: Creation) {
    if (c.screening !== null || c.moderation === 'HIDDEN') return null;
    return screenCreation(this.screener, this.storage, c).catch((e: Error) => {
      this.services.log.warn({ err: e.message, creationId: c.id, storage: this.storage.name }, 'could not read a picture to screen it');
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The image store could not be reached, so nothing changed. Please try again in a moment.');
    });
  }

  async remove(id: string, userId: string): Promise<boolean> {
    const c = await this.owned(id, userId);
    await this.db.creation.delete({ where: { id } });
    if (isPublic(c)) await this.feedChanged(id);
    await this.removeFilesOf(c).catch((e: Error) => this.services.log.warn({ err: e.message, creationId: id }, "could not delete a creation's files"));
    return true;
  }

  /** Gives the store's public copy to a file, or takes it back unless another published creation shares it (old names). */
  private async publishFile(file: string, id: string, publish: boolean): Promise<void> {
    if (!publish && (await this.db.creation.count({ where: { file, published: true, moderation: 'VISIBLE', id: { not: id } } })) > 0) return;
    await this.storage.setPublished(file, publish).catch((e: Error) => {
      this.services.log.warn({ err: e.message, creationId: id, storage: this.storage.name }, 'could not change where an image is readable');
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The image store could not be reached, so nothing changed. Please try again in a moment.');
    });
  }

  /** What a deleted creation leaves in the store: its image, and its job's private uploads (normally gone when the job ended). */
  private async removeFilesOf(c: Creation): Promise<void> {
    const job = c.jobId ? await this.db.job.findUnique({ where: { id: c.jobId }, select: { input: true } }) : null;
    const input = (job?.input ?? {}) as Record<string, unknown>;
    const uploads = [input.uploadKey, input.maskKey].filter((k): k is string => typeof k === 'string');
    await Promise.all([deleteFileIfUnused(this.db, this.storage, c.file), ...uploads.map((k) => this.storage.deleteUpload(k).catch(() => undefined))]);
  }

  /**
   * Tells every API process that a creation just joined the community feed. Awaited: the feed's
   * version has moved before the request answers (feed-version.ts), so no kept page misses it.
   */
  async announce(creationId: string): Promise<void> {
    await announceCreation(this.services.redis, this.services.config.REDIS_PREFIX, creationId).catch((e: Error) =>
      this.services.log.warn({ err: e.message, creationId }, 'could not announce a published creation'),
    );
  }

  /**
   * A committed change took a creation out of the feed: kept pages are stale, and the gallery's
   * subscribers take its card out (creationRemoved). Logged if Redis is out of reach (kept pages expire soon anyway).
   */
  private async feedChanged(creationId: string): Promise<void> {
    await announceRemoval(this.services.redis, this.services.config.REDIS_PREFIX, creationId).catch((e: Error) =>
      this.services.log.warn({ err: e.message, creationId }, 'could not announce a creation leaving the feed'),
    );
  }

  /**
   * A moderator's decision on a creation (docs/moderation.md, "Actions"): HIDDEN takes a published
   * one out of every gallery at once (its public copy first, as unpublishing does), VISIBLE puts it
   * back. `record` runs in the transaction that changes the row (the audit entry, the reports it
   * resolves). Returns the row before and after; NOT_FOUND when there is no such creation.
   */
  async setModeration(
    id: string,
    state: ModerationState,
    record: (tx: Prisma.TransactionClient, before: Creation) => Promise<void>,
  ): Promise<{ before: Creation; after: Creation }> {
    const before = isUuid(id) ? await this.db.creation.findUnique({ where: { id } }) : null;
    if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'This creation does not exist');
    const wasPublic = isPublic(before);
    const willBePublic = before.published && state === 'VISIBLE';
    if (before.file && wasPublic !== willBePublic) await this.publishFile(before.file, id, willBePublic);
    const after = await this.db.$transaction(async (tx) => {
      const row = await tx.creation.update({ where: { id }, data: { moderation: state } });
      await record(tx, before);
      return row;
    });
    if (wasPublic && !willBePublic) await this.feedChanged(id);
    if (!wasPublic && willBePublic) {
      await this.announce(id);
      // Screening held it when it was published, so no creation.published went out then (docs/screening.md).
      if (before.moderation === 'HELD') await this.webhooks.creationPublished(before.userId, id);
    }
    return { before, after };
  }
}

/** A creation's metadata as a record (an empty one when it is not an object). */
export const metadataOf = (metadata: unknown): Record<string, unknown> =>
  metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {};

export const providerOf = (metadata: unknown): string =>
  metadata && typeof metadata === 'object' && 'provider' in metadata && typeof metadata.provider === 'string' ? metadata.provider : 'unknown';
