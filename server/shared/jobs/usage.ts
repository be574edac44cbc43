// Monthly usage counters (the UsageCounter table), counted atomically in Postgres.
import type { Db } from '../db/prisma.js';
import type { Prisma } from '../db/generated/client.js';
import type { QuotaCharge } from './job.kinds.js';

type Tx = Prisma.TransactionClient | Db;

/** Counts one use if the user is under `limit` this month; false when the quota is spent. */
export async function chargeQuota(tx: Tx, userId: string, charge: QuotaCharge, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await tx.$queryRaw<{ count: number }[]>`
    INSERT INTO "UsageCounter" ("userId", "kind", "month", "count") VALUES (${userId}::uuid, ${charge.kind}, ${charge.month}, 1)
    ON CONFLICT ("userId", "kind", "month") DO UPDATE SET "count" = "UsageCounter"."count" + 1
    WHERE "UsageCounter"."count" < ${limit}
    RETURNING "count"`;
  return rows.length === 1;
}

/** Counts one use with no limit (e.g. the jobs started with an API key: kind `key:<keyId>`). */
export async function countUsage(tx: Tx, userId: string, kind: string, month: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "UsageCounter" ("userId", "kind", "month", "count") VALUES (${userId}::uuid, ${kind}, ${month}, 1)
    ON CONFLICT ("userId", "kind", "month") DO UPDATE SET "count" = "UsageCounter"."count" + 1`;
}

export async function refundQuota(tx: Tx, userId: string, charge: QuotaCharge): Promise<void> {
  await tx.$executeRaw`
    UPDATE "UsageCounter" SET "count" = GREATEST("count" - 1, 0)
    WHERE "userId" = ${userId}::uuid AND "kind" = ${charge.kind} AND "month" = ${charge.month}`;
}

export async function usageOf(db: Db, userId: string, charge: QuotaCharge): Promise<number> {
  const row = await db.usageCounter.findUnique({ where: { userId_kind_month: { userId, kind: charge.kind, month: charge.month } } });
  return row?.count ?? 0;
}
