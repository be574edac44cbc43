// The creation module's writes that a finishing job makes: the Creation row and the
// "published" announcement. The job module completes a job and inserts its creation in one
// statement; the INSERT is this module's, so only this module writes Creation rows.
import type { Redis } from 'ioredis';
import type { CreationType } from '../db/generated/enums.js';
import { Prisma } from '../db/prisma.js';
import { channelName, Topic, type CreationPublishedEvent } from '../platform/pubsub.js';
import { localFileOf } from '../storage/local.js';
import { bumpFeedVersion } from './feed-version.js';

export interface NewCreation {
  id: string;
  type: CreationType;
  prompt: string;
  content: string;
  metadata: Record<string, unknown>;
  published: boolean;
  /** What screening decided when it is published from the start (docs/screening.md); unset: VISIBLE, not sensitive, not screened. */
  moderation?: 'VISIBLE' | 'HELD';
  sensitive?: boolean;
  screening?: Record<string, unknown> | null;
}

/** Whether anyone but its owner may see it: published, and not held or hidden (docs/screening.md). */
export const isPublic = (c: { published: boolean; moderation?: string | null }): boolean => c.published && (c.moderation ?? 'VISIBLE') === 'VISIBLE';

const screeningJson = (c: NewCreation) => (c.screening ? JSON.stringify(c.screening) : null);

/**
 * The INSERT of a job's creation, taking the job's id and owner from `source`, a CTE of
 * (id, userId) rows: inserted only when that CTE yields the job (it was still live). Returns
 * its id and owner.
 */
export function insertCreationFrom(source: string, c: NewCreation): Prisma.Sql {
  const from = Prisma.raw(`"${source.replace(/"/g, '')}"`);
  return Prisma.sql`
    INSERT INTO "Creation" ("id", "jobId", "userId", "type", "prompt", "content", "metadata", "published", "file", "moderation", "sensitive", "screening")
    SELECT ${c.id}::uuid, s."id", s."userId", ${c.type}::"CreationType", ${c.prompt}, ${c.content},
      ${JSON.stringify(c.metadata)}::jsonb, ${c.published}, ${localFileOf(c.content)},
      ${c.moderation ?? 'VISIBLE'}::"ModerationState", ${c.sensitive ?? false}, ${screeningJson(c)}::jsonb
    FROM ${from} s
    RETURNING "id", "userId"`;
}

/**
 * The INSERT of more creations of the same job (the image tool's count): the owner from
 * `source` as above, but no jobId (a job has one creation of its own; these point back to it
 * through their metadata's `batch`). Inserted only when that CTE yields the job.
 */
export function insertExtraCreationsFrom(source: string, creations: NewCreation[]): Prisma.Sql {
  const from = Prisma.raw(`"${source.replace(/"/g, '')}"`);
  const rows = creations.map(
    (c) =>
      Prisma.sql`(${c.id}::uuid, ${c.type}::"CreationType", ${c.prompt}::text, ${c.content}::text, ${JSON.stringify(c.metadata)}::jsonb, ${c.published}::boolean, ${localFileOf(c.content)}::text, ${c.moderation ?? 'VISIBLE'}::"ModerationState", ${c.sensitive ?? false}::boolean, ${screeningJson(c)}::jsonb)`,
  );
  return Prisma.sql`
    INSERT INTO "Creation" ("id", "jobId", "userId", "type", "prompt", "content", "metadata", "published", "file", "moderation", "sensitive", "screening")
    SELECT v."id", NULL, s."userId", v."type", v."prompt", v."content", v."metadata", v."published", v."file", v."moderation", v."sensitive", v."screening"
    FROM ${from} s CROSS JOIN (VALUES ${Prisma.join(rows)}) AS v("id", "type", "prompt", "content", "metadata", "published", "file", "moderation", "sensitive", "screening")
    RETURNING "id"`;
}

/** Tells every API process that a creation just joined the community feed (its kept pages first: a subscriber may re-read it at once). */
export async function announceCreation(redis: Pick<Redis, 'publish' | 'incr'>, prefix: string, creationId: string): Promise<void> {
  const event: CreationPublishedEvent = { creationId };
  await bumpFeedVersion(redis, prefix);
  await redis.publish(channelName(prefix, Topic.CREATION_PUBLISHED), JSON.stringify(event));
}

/**
 * Tells every API process that a creation left the community feed (unpublished, deleted, hidden
 * by a moderator: docs/moderation.md, "Actions"): kept pages are stale first, then the gallery's
 * subscribers (creationRemoved) take the card out.
 */
export async function announceRemoval(redis: Pick<Redis, 'publish' | 'incr'>, prefix: string, creationId: string): Promise<void> {
  const event: CreationPublishedEvent = { creationId };
  await bumpFeedVersion(redis, prefix);
  await redis.publish(channelName(prefix, Topic.CREATION_REMOVED), JSON.stringify(event));
}
