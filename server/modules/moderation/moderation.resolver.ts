import { Arg, Ctx, Extensions, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type Context, type Services } from '../../context.js';
import type { Report, User } from '../../shared/db/generated/client.js';
import { Role } from '../../graphql/enums.js';
import { UserObject } from '../user/user.types.js';
import { AdminUserObject, AuditEntryObject, ModerationItemObject, ModerationQueueObject, ReportObject, ReportReason } from './moderation.types.js';
import type { AuditWithActor, ModerationService, QueueItem } from './moderation.service.js';
import { roleOf } from './roles.js';

type ModerationContext = Context<{ moderation: ModerationService; services: Pick<Services, 'config'> }>;

// docs/moderation.md, "Admin area": who may use which field. The access extension is enforced
// for every root field that names it (server/graphql/access.ts).
const MODERATOR = { access: 'MODERATOR' } as const;
const ADMIN = { access: 'ADMIN' } as const;

@Resolver()
export class ModerationResolver {
  @Mutation(() => ReportObject, {
    description: 'Reports a creation of the community gallery to the moderators, once per account and creation (a second report is refused: ALREADY_REPORTED)',
  })
  reportCreation(
    @Arg('creationId', () => ID) creationId: string,
    @Arg('reason', () => ReportReason) reason: ReportReason,
    @Arg('note', () => String, { nullable: true, description: 'Anything the moderators should know (at most 500 characters)' }) note: string | null,
    @Ctx() ctx: ModerationContext,
  ): Promise<Report> {
    return ctx.app.moderation.report(requireUser(ctx), creationId, reason, note);
  }

  @Extensions(MODERATOR)
  @Query(() => ModerationQueueObject, { description: 'Moderators: creations held by screening or reported, the longest waiting first' })
  adminModerationQueue(@Arg('first', () => Int, { defaultValue: 50 }) first: number, @Ctx() ctx: ModerationContext): Promise<{ items: QueueItem[]; total: number }> {
    return ctx.app.moderation.queue(first);
  }

  @Extensions(MODERATOR)
  @Mutation(() => ModerationItemObject, { description: 'Moderators: hides a creation from the gallery (reason required); its open reports are resolved' })
  adminHideCreation(@Arg('id', () => ID) id: string, @Arg('reason', () => String) reason: string, @Ctx() ctx: ModerationContext): Promise<QueueItem> {
    return ctx.app.moderation.hide(requireUser(ctx), id, reason);
  }

  @Extensions(MODERATOR)
  @Mutation(() => ModerationItemObject, { description: 'Moderators: makes a held or hidden creation VISIBLE again, or dismisses a visible one’s reports' })
  adminRestoreCreation(@Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason: string | null, @Ctx() ctx: ModerationContext): Promise<QueueItem> {
    return ctx.app.moderation.restore(requireUser(ctx), id, reason);
  }

  @Extensions(MODERATOR)
  @Mutation(() => AdminUserObject, { description: 'Moderators: suspends an account (reason required): no publishing, likes, reports or jobs; its sessions and sockets end' })
  adminSuspendUser(@Arg('id', () => ID) id: string, @Arg('reason', () => String) reason: string, @Ctx() ctx: ModerationContext): Promise<User> {
    return ctx.app.moderation.suspend(requireUser(ctx), id, reason);
  }

  @Extensions(MODERATOR)
  @Mutation(() => AdminUserObject, { description: 'Moderators: lifts a suspension' })
  adminRestoreUser(@Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason: string | null, @Ctx() ctx: ModerationContext): Promise<User> {
    return ctx.app.moderation.unsuspend(requireUser(ctx), id, reason);
  }

  @Extensions(ADMIN)
  @Mutation(() => AdminUserObject, { description: 'Admins: sets another account’s role' })
  adminSetUserRole(
    @Arg('id', () => ID) id: string,
    @Arg('role', () => Role) role: Role,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Ctx() ctx: ModerationContext,
  ): Promise<User> {
    return ctx.app.moderation.setRole(requireUser(ctx), id, role, reason);
  }

  @Extensions(MODERATOR)
  @Query(() => [AdminUserObject], { description: 'Moderators: accounts, newest first; search matches the address, a name or the id' })
  adminUsers(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @Ctx() ctx: ModerationContext,
  ): Promise<User[]> {
    return ctx.app.moderation.users(search, first);
  }

  @Extensions(MODERATOR)
  @Query(() => [AuditEntryObject], { description: 'Moderators: the audit log, newest first; targetId keeps one creation’s or account’s entries' })
  adminAuditLog(
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @Arg('targetId', () => String, { nullable: true }) targetId: string | null,
    @Ctx() ctx: ModerationContext,
  ): Promise<AuditWithActor[]> {
    return ctx.app.moderation.audit(first, targetId);
  }
}

@Resolver(() => AuditEntryObject)
export class AuditEntryResolver {
  @FieldResolver(() => String)
  details(@Root() e: AuditWithActor): string {
    return JSON.stringify(e.details ?? {});
  }
}

@Resolver(() => AdminUserObject)
export class AdminUserResolver {
  @FieldResolver(() => Role, { description: 'The role in effect: the stored one, or ADMIN for a verified address in ADMIN_EMAILS' })
  role(@Root() u: User, @Ctx() ctx: ModerationContext): Role {
    return roleOf(u, ctx.app.services.config);
  }
}

/** The signed-in user's own role and suspension, on `me`. */
@Resolver(() => UserObject)
export class UserRoleResolver {
  @FieldResolver(() => Role, { description: 'USER, MODERATOR or ADMIN (docs/moderation.md, "Roles")' })
  role(@Root() u: User, @Ctx() ctx: ModerationContext): Role {
    return roleOf(u, ctx.app.services.config);
  }

  @FieldResolver(() => Boolean, { description: 'True while a moderator has suspended the account: it cannot publish, like, report or start jobs' })
  suspended(@Root() u: User): boolean {
    return u.suspendedAt !== null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Why, as the moderator wrote it, while suspended' })
  suspendedReason(@Root() u: User): string | null {
    return u.suspendedAt ? u.suspendedReason : null;
  }
}
