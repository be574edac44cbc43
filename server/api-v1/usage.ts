// GET /api/v1/usage: the plan, this month's text quota, and jobs (running now, and this month's by status).
import type { Db } from '../shared/db/prisma.js';
import type { User } from '../shared/db/generated/client.js';
import type { Config } from '../shared/platform/config.js';
import { currentMonth } from '../shared/jobs/job.kinds.js';
import { countLiveJobs } from '../shared/jobs/job.store.js';
import type { BillingService } from '../modules/billing/billing.service.js';
import { statusOf, type JobStatus } from '../shared/jobs/job-json.js';

export interface UsageJson {
  object: 'usage';
  plan: User['plan'];
  /** The calendar month counted (UTC), "YYYY-MM". */
  month: string;
  quota: { text: { used: number; limit: number | null } };
  jobs: { running: number; max_concurrent: number; this_month: Record<JobStatus, number> & { total: number } };
  rate_limits: { tool_requests_per_minute: number };
}

export async function usageOf(deps: { db: Db; billing: BillingService; config: Pick<Config, 'MAX_CONCURRENT_JOBS' | 'TOOL_RATE_PER_MINUTE'> }, user: User): Promise<UsageJson> {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [billing, running, byPhase] = await Promise.all([
    deps.billing.status(user),
    countLiveJobs(deps.db, user.id),
    deps.db.job.groupBy({ by: ['phase'], where: { userId: user.id, createdAt: { gte: monthStart } }, _count: { _all: true } }),
  ]);
  const thisMonth = { queued: 0, running: 0, completed: 0, failed: 0, cancelled: 0, total: 0 };
  for (const row of byPhase) {
    thisMonth[statusOf(row.phase)] += row._count._all;
    thisMonth.total += row._count._all;
  }
  return {
    object: 'usage',
    plan: billing.plan,
    month: currentMonth(now),
    quota: { text: { used: billing.textUsedThisMonth, limit: billing.plan === 'FREE' ? billing.freeTextQuota : null } },
    jobs: { running, max_concurrent: deps.config.MAX_CONCURRENT_JOBS, this_month: thisMonth },
    rate_limits: { tool_requests_per_minute: deps.config.TOOL_RATE_PER_MINUTE },
  };
}
