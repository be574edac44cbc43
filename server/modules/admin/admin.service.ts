// What the admin area shows besides moderation (docs/moderation.md, "Admin area"): recent jobs
// and their failures, webhook endpoints whose deliveries fail, and storage, content and queue
// figures. Read-only: it reads the tables other modules own and the queues' counters.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Services } from '../../context.js';
import type { JobPhase } from '../../shared/db/generated/enums.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import type { AdminFiguresObject, AdminJobObject, AdminWebhookEndpointObject } from './admin.types.js';

const LIST_MAX = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Past this many files the local byte count is not summed (a figure, not a crawl). */
const COUNT_FILES_MAX = 20_000;

const limit = (first: number) => {
  if (!Number.isInteger(first) || first < 1 || first > LIST_MAX) throw new AppError(ErrorCode.BAD_USER_INPUT, `first must be between 1 and ${LIST_MAX}`, { field: 'first' });
  return first;
};

export class AdminService {
  constructor(
    private readonly services: Services,
    /** The tool queues' names (the catalogue's kinds). */
    private readonly kinds: readonly string[],
    /** The file store's name (local, s3, cloudinary). */
    private readonly storageName: string,
  ) {}

  /** The latest jobs, newest first; `failedOnly` keeps those that failed. */
  async jobs(first: number, failedOnly: boolean): Promise<AdminJobObject[]> {
    const rows = await this.services.db.job.findMany({
      where: failedOnly ? { phase: 'FAILED' } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit(first),
      select: { id: true, kind: true, phase: true, errorCode: true, error: true, attempts: true, createdAt: true, finishedAt: true, user: { select: { email: true } } },
    });
    return rows.map(({ user, ...j }) => ({ ...j, phase: j.phase as JobPhase, userEmail: user.email }));
  }

  /** Endpoints with a delivery that failed in the last 7 days (run out of attempts, or still retrying), the latest failure first. */
  async failingWebhooks(first: number): Promise<AdminWebhookEndpointObject[]> {
    const since = new Date(Date.now() - 7 * DAY_MS);
    return this.services.db.$queryRaw<AdminWebhookEndpointObject[]>`
      SELECT e.id::text AS id, e.url, e.enabled, u.email AS "userEmail",
             count(*) FILTER (WHERE d.status = 'FAILED')::int AS failed,
             count(*) FILTER (WHERE d.status = 'PENDING')::int AS retrying,
             (array_agg(d."lastError" ORDER BY d."updatedAt" DESC))[1] AS "lastError",
             (array_agg(d."responseCode" ORDER BY d."updatedAt" DESC))[1] AS "lastStatus",
             max(d."updatedAt") AS "lastFailureAt"
      FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId" JOIN "User" u ON u.id = e."userId"
      WHERE d."updatedAt" >= ${since} AND (d.status = 'FAILED' OR (d.status = 'PENDING' AND d.attempts > 0))
      GROUP BY e.id, e.url, e.enabled, u.email
      ORDER BY max(d."updatedAt") DESC
      LIMIT ${limit(first)}`;
  }

  async figures(): Promise<AdminFiguresObject> {
    const { db, queues, config } = this.services;
    const [[counts], stats, webhookCounts, localBytes] = await Promise.all([
      db.$queryRaw<Omit<AdminFiguresObject, 'storage' | 'localBytes' | 'queues'>[]>`
        SELECT (SELECT count(*) FROM "User")::int AS users,
               (SELECT count(*) FROM "User" WHERE "suspendedAt" IS NOT NULL)::int AS "suspendedUsers",
               (SELECT count(*) FROM "Creation")::int AS creations,
               (SELECT count(*) FROM "Creation" WHERE published)::int AS "publishedCreations",
               (SELECT count(*) FROM "Creation" WHERE moderation = 'HELD')::int AS "heldCreations",
               (SELECT count(*) FROM "Creation" WHERE moderation = 'HIDDEN')::int AS "hiddenCreations",
               (SELECT count(*) FROM "Report" WHERE "resolvedAt" IS NULL)::int AS "openReports",
               (SELECT count(DISTINCT "file") FROM "Creation" WHERE "file" IS NOT NULL)::int AS files,
               (SELECT count(*) FROM "Job" WHERE phase = 'FAILED' AND "createdAt" >= ${new Date(Date.now() - DAY_MS)})::int AS "failedJobs24h"`,
      queues.stats(this.kinds),
      queues
        .webhooks()
        .getJobCounts('waiting', 'active', 'delayed', 'failed')
        .catch(() => null),
      this.storageName === 'local' ? bytesUnder(join(config.dataDir, 'files')) : Promise.resolve(null),
    ]);
    const list = Object.entries(stats).map(([name, s]) => ({ name, ...s.counts, oldestWaitingSeconds: s.oldestWaitingSeconds }));
    if (webhookCounts) {
      list.push({
        name: 'webhooks',
        waiting: webhookCounts.waiting ?? 0,
        active: webhookCounts.active ?? 0,
        delayed: webhookCounts.delayed ?? 0,
        failed: webhookCounts.failed ?? 0,
        oldestWaitingSeconds: 0,
      });
    }
    return { ...counts!, storage: this.storageName, localBytes, queues: list };
  }
}

/** The bytes of the files in a folder (not its subfolders); null when it is too large to sum now or cannot be read. */
async function bytesUnder(dir: string): Promise<number | null> {
  try {
    const names = await readdir(dir);
    if (names.length > COUNT_FILES_MAX) return null;
    let total = 0;
    for (const name of names)
      total += await stat(join(dir, name)).then(
        (s) => (s.isFile() ? s.size : 0),
        () => 0,
      );
    return total;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? 0 : null;
  }
}
