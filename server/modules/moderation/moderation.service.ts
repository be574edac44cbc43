// The moderation module owns the Report and AuditEntry tables and a user's role and suspension
// (docs/moderation.md): viewers report creations, moderators work through the queue, hide or
// restore a creation and suspend or restore an account; admins also set roles. Every action is
// written to the audit log in the transaction that makes it.
import type { Services } from '../../context.js';
import { requireActive } from '../../context.js';
import type { AuditEntry, Creation, Report, User } from '../../shared/db/generated/client.js';
import type { ModerationState, Role } from '../../shared/db/generated/enums.js';
import { Prisma } from '../../shared/db/prisma.js';
import { AppError, ErrorCode } from '../../shared/platform/errors.js';
import { isUuid } from '../../shared/platform/validation.js';
import { enforceRate } from '../../rate-limit.js';
import type { CreationService } from '../creation/creation.service.js';
import { isPublic } from '../../shared/creations/creation.store.js';
import { userChanged } from '../user/user.service.js';
import { roleOf } from './roles.js';

/** A report's note, and a moderator's reason, at most this long. */
export const TEXT_MAX = 500;
/** Reports one account may send per minute. */
const REPORTS_PER_MINUTE = 20;
/** Most rows a list of the admin area answers at once. */
export const LIST_MAX = 100;

export interface QueueItem {
  creation: Creation;
  state: ModerationState;
  openReports: number;
  reports: Report[];
  screening: string | null;
  owner: User;
  waitingSince: Date;
}

export type AuditWithActor = AuditEntry & { actor: User | null };

const notFound = (what = 'creation') => new AppError(ErrorCode.NOT_FOUND, `This ${what} does not exist`);

/** A required reason (hide, suspend): trimmed, 1–TEXT_MAX characters. */
function requiredReason(reason: string | null | undefined): string {
  const text = (reason ?? '').trim();
  if (!text)
    throw new AppError(ErrorCode.BAD_USER_INPUT, 'Give a reason: it is written to the audit log and, for a suspension, shown to the account', {
      field: 'reason',
      reason: 'REASON_REQUIRED',
    });
  return checkedText(text, 'reason');
}

function checkedText(text: string, field: string): string {
  if (text.length > TEXT_MAX) throw new AppError(ErrorCode.BAD_USER_INPUT, `At most ${TEXT_MAX} characters`, { field });
  return text;
}

const optionalText = (text: string | null | undefined, field: string): string | null => (text?.trim() ? checkedText(text.trim(), field) : null);

const limit = (first: number) => {
  if (!Number.isInteger(first) || first < 1 || first > LIST_MAX) throw new AppError(ErrorCode.BAD_USER_INPUT, `first must be between 1 and ${LIST_MAX}`, { field: 'first' });
  return first;
};

export class ModerationService {
  constructor(
    private readonly services: Services,
    private readonly creations: CreationService,
  ) {}

  /**
   * A signed-in viewer reports a creation of the gallery, once: a second report of the same
   * creation by the same account is refused (ALREADY_REPORTED), so nobody can push one creation
   * up the queue alone. One's own creation cannot be reported (OWN_CREATION).
   */
  async report(user: User, creationId: string, reason: string, note: string | null | undefined): Promise<Report> {
    requireActive(user);
    const { db, redis, config } = this.services;
    const text = optionalText(note, 'note');
    if (!isUuid(creationId)) throw notFound();
    await enforceRate(redis, `${config.REDIS_PREFIX}:rate:reports:${user.id}`, REPORTS_PER_MINUTE, 60_000, 'reports');
    const c = await db.creation.findUnique({ where: { id: creationId } });
    if (!c || !isPublic(c)) throw notFound();
    if (c.userId === user.id) throw new AppError(ErrorCode.BAD_USER_INPUT, 'This is your own creation: unpublish or delete it instead', { reason: 'OWN_CREATION' });
    try {
      return await db.report.create({ data: { creationId, userId: user.id, reason, note: text } });
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
        throw new AppError(ErrorCode.BAD_USER_INPUT, 'You already reported this creation: the moderators have it', { reason: 'ALREADY_REPORTED' });
      }
      // The creation was deleted meanwhile.
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2003') throw notFound();
      throw e;
    }
  }

  /** What waits for a moderator: creations held by screening and creations with open reports, the longest waiting first. */
  async queue(first: number): Promise<{ items: QueueItem[]; total: number }> {
    const { db } = this.services;
    const waiting = Prisma.sql`
      SELECT c.id, COALESCE((SELECT min(r."createdAt") FROM "Report" r WHERE r."creationId" = c.id AND r."resolvedAt" IS NULL), c."createdAt") AS since
      FROM "Creation" c
      WHERE c.id IN (
        SELECT "creationId" FROM "Report" WHERE "resolvedAt" IS NULL
        UNION
        SELECT id FROM "Creation" WHERE moderation = 'HELD'
      )`;
    const [rows, [count]] = await Promise.all([
      db.$queryRaw<{ id: string; since: Date }[]>`SELECT w.id::text AS id, w.since FROM (${waiting}) w ORDER BY w.since ASC, w.id ASC LIMIT ${limit(first)}`,
      db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM (${waiting}) w`,
    ]);
    const ids = rows.map((r) => r.id);
    const creations = await db.creation.findMany({ where: { id: { in: ids } } });
    const byId = new Map(creations.map((c) => [c.id, c]));
    const items = await this.items(
      rows.flatMap((r) => {
        const c = byId.get(r.id);
        return c ? [{ creation: c, waitingSince: r.since }] : [];
      }),
    );
    return { items, total: count?.total ?? 0 };
  }

  /** Queue items of these creations: their reports and their authors. */
  private async items(list: { creation: Creation; waitingSince?: Date }[]): Promise<QueueItem[]> {
    const { db } = this.services;
    const ids = list.map((l) => l.creation.id);
    const [reports, owners] = await Promise.all([
      db.report.findMany({ where: { creationId: { in: ids } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      db.user.findMany({ where: { id: { in: [...new Set(list.map((l) => l.creation.userId))] } } }),
    ]);
    const ownerOf = new Map(owners.map((u) => [u.id, u]));
    return list.flatMap(({ creation, waitingSince }) => {
      const owner = ownerOf.get(creation.userId);
      if (!owner) return [];
      const mine = reports.filter((r) => r.creationId === creation.id);
      const open = mine.filter((r) => r.resolvedAt === null);
      return [
        {
          creation,
          state: creation.moderation,
          openReports: open.length,
          reports: mine.slice(0, 20),
          screening: creation.screening === null ? null : JSON.stringify(creation.screening),
          owner,
          waitingSince: waitingSince ?? open.at(-1)?.createdAt ?? creation.createdAt,
        },
      ];
    });
  }

  /**
   * Hides a creation (reason required): out of every gallery at once, its open reports resolved.
   * Its author still has it in their history.
   */
  hide(actor: User, creationId: string, reason: string): Promise<QueueItem> {
    return this.decide(actor, creationId, 'HIDDEN', requiredReason(reason));
  }

  /**
   * Restores a creation (a held or hidden one becomes VISIBLE; a visible one's reports are
   * dismissed): back in the gallery if its author publishes it.
   */
  restore(actor: User, creationId: string, reason: string | null | undefined): Promise<QueueItem> {
    return this.decide(actor, creationId, 'VISIBLE', optionalText(reason, 'reason'));
  }

  private async decide(actor: User, creationId: string, state: ModerationState, reason: string | null): Promise<QueueItem> {
    const action = state === 'HIDDEN' ? 'creation.hide' : 'creation.restore';
    const { after } = await this.creations.setModeration(creationId, state, async (tx, before) => {
      const resolved = await tx.report.updateMany({ where: { creationId, resolvedAt: null }, data: { resolvedAt: new Date() } });
      await tx.auditEntry.create({
        data: {
          actorId: actor.id,
          action,
          targetType: 'creation',
          targetId: creationId,
          reason,
          details: { from: before.moderation, to: state, reportsResolved: resolved.count, ownerId: before.userId },
        },
      });
    });
    const [item] = await this.items([{ creation: after }]);
    if (!item) throw notFound();
    return item;
  }

  /** The account an action is about: NOT_FOUND, never oneself, and a moderator acts only on plain users. */
  private async target(actor: User, userId: string): Promise<User> {
    const target = isUuid(userId) ? await this.services.db.user.findUnique({ where: { id: userId } }) : null;
    if (!target) throw notFound('account');
    if (target.id === actor.id) throw new AppError(ErrorCode.BAD_USER_INPUT, 'You cannot do this to your own account', { reason: 'OWN_ACCOUNT' });
    const { config } = this.services;
    if (roleOf(actor, config) !== 'ADMIN' && roleOf(target, config) !== 'USER') {
      throw new AppError(ErrorCode.FORBIDDEN, 'Only an administrator may act on a moderator’s or an administrator’s account', { access: 'ADMIN' });
    }
    return target;
  }

  /**
   * Suspends an account (reason required): it may no longer publish, like, report or start jobs,
   * every session issued until now ends and its open sockets and event streams close, on every
   * API process (USER_CHANGED). It may sign in again, to read why and keep its own work.
   */
  async suspend(actor: User, userId: string, reason: string): Promise<User> {
    const why = requiredReason(reason);
    const target = await this.target(actor, userId);
    if (target.suspendedAt) return target;
    const now = new Date();
    // The next whole second: tokens carry their issue time in seconds, and one issued in this one is refused too.
    const sessionsValidFrom = new Date((Math.floor(now.getTime() / 1000) + 1) * 1000);
    const updated = await this.services.db.$transaction(async (tx) => {
      const row = await tx.user.update({ where: { id: target.id }, data: { suspendedAt: now, suspendedReason: why, sessionsValidFrom } });
      await tx.auditEntry.create({ data: { actorId: actor.id, action: 'user.suspend', targetType: 'user', targetId: target.id, reason: why, details: { email: target.email } } });
      return row;
    });
    await userChanged(this.services, target.id, 'a suspension');
    return updated;
  }

  /** Lifts a suspension. */
  async unsuspend(actor: User, userId: string, reason: string | null | undefined): Promise<User> {
    const why = optionalText(reason, 'reason');
    const target = await this.target(actor, userId);
    if (!target.suspendedAt) return target;
    const updated = await this.services.db.$transaction(async (tx) => {
      const row = await tx.user.update({ where: { id: target.id }, data: { suspendedAt: null, suspendedReason: null } });
      await tx.auditEntry.create({
        data: {
          actorId: actor.id,
          action: 'user.restore',
          targetType: 'user',
          targetId: target.id,
          reason: why,
          details: { suspendedAt: target.suspendedAt?.toISOString(), suspendedReason: target.suspendedReason },
        },
      });
      return row;
    });
    await userChanged(this.services, target.id, 'a restored account');
    return updated;
  }

  /** An admin sets another account's stored role (ADMIN_EMAILS still makes its addresses ADMIN). */
  async setRole(actor: User, userId: string, role: Role, reason: string | null | undefined): Promise<User> {
    const why = optionalText(reason, 'reason');
    if (userId === actor.id) throw new AppError(ErrorCode.BAD_USER_INPUT, 'You cannot change your own role: ask another administrator', { reason: 'OWN_ACCOUNT' });
    const target = isUuid(userId) ? await this.services.db.user.findUnique({ where: { id: userId } }) : null;
    if (!target) throw notFound('account');
    if (target.role === role) return target;
    const updated = await this.services.db.$transaction(async (tx) => {
      const row = await tx.user.update({ where: { id: target.id }, data: { role } });
      await tx.auditEntry.create({
        data: { actorId: actor.id, action: 'user.role', targetType: 'user', targetId: target.id, reason: why, details: { from: target.role, to: role } },
      });
      return row;
    });
    await userChanged(this.services, target.id, 'a role change');
    return updated;
  }

  /** Accounts, newest first; `search` matches the address, a name, or the id. */
  users(search: string | null | undefined, first: number): Promise<User[]> {
    const text = search?.trim();
    const where: Prisma.UserWhereInput = text
      ? {
          OR: [
            { email: { contains: text, mode: 'insensitive' } },
            { firstName: { contains: text, mode: 'insensitive' } },
            { lastName: { contains: text, mode: 'insensitive' } },
            ...(isUuid(text) ? [{ id: text }] : []),
          ],
        }
      : {};
    return this.services.db.user.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit(first) });
  }

  /** The audit log, newest first; `targetId` keeps one creation's or account's entries. */
  audit(first: number, targetId: string | null | undefined): Promise<AuditWithActor[]> {
    return this.services.db.auditEntry.findMany({
      where: targetId ? { targetId } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit(first),
      include: { actor: true },
    });
  }
}
