import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ModerationState, Role } from '../../graphql/enums.js';
import { CreationObject } from '../creation/creation.types.js';
import { UserObject } from '../user/user.types.js';

/** Why a viewer reports a creation (docs/moderation.md, "Reporting"). */
export enum ReportReason {
  SPAM = 'SPAM',
  SEXUAL = 'SEXUAL',
  VIOLENT = 'VIOLENT',
  HATEFUL = 'HATEFUL',
  STOLEN = 'STOLEN',
  OTHER = 'OTHER',
}
registerEnumType(ReportReason, {
  name: 'ReportReason',
  description: 'SPAM, SEXUAL (nudity or sexual content), VIOLENT (violence or gore), HATEFUL (hate or harassment), STOLEN (someone else’s work), OTHER',
});

@ObjectType('Report', { description: 'One viewer’s report of a creation' })
export class ReportObject {
  @Field(() => ID)
  id!: string;

  @Field(() => ReportReason)
  reason!: ReportReason;

  @Field(() => String, { nullable: true })
  note!: string | null;

  @Field()
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When a moderator acted on the creation; null while it waits' })
  resolvedAt!: Date | null;

  userId!: string;
}

/** An account's own fields (UserObject's), and what moderation knows of it. */
@ObjectType('AdminUser', { description: 'An account as moderators and admins see it' })
export class AdminUserObject extends UserObject {
  /** Resolved: the role in effect (ADMIN_EMAILS included). */
  role!: Role;

  @Field(() => Date, { nullable: true })
  suspendedAt!: Date | null;

  @Field(() => String, { nullable: true })
  suspendedReason!: string | null;

  @Field()
  createdAt!: Date;

  authProvider!: string;
  emailVerifiedAt!: Date | null;
}

@ObjectType('ModerationItem', { description: 'A creation waiting in the moderation queue, or the one a moderator just acted on' })
export class ModerationItemObject {
  @Field(() => CreationObject)
  creation!: CreationObject;

  @Field(() => ModerationState)
  state!: ModerationState;

  @Field(() => Int, { description: 'Reports not acted on yet' })
  openReports!: number;

  @Field(() => [ReportObject], { description: 'Its reports, newest first (the last 20)' })
  reports!: ReportObject[];

  @Field(() => String, { nullable: true, description: 'What screening said when it was published, as JSON; null when it was not screened' })
  screening!: string | null;

  @Field(() => AdminUserObject, { description: 'Its author' })
  owner!: AdminUserObject;

  @Field({ description: 'Since when it waits: its oldest open report, or when it was made (held by screening)' })
  waitingSince!: Date;
}

@ObjectType('ModerationQueue')
export class ModerationQueueObject {
  @Field(() => [ModerationItemObject])
  items!: ModerationItemObject[];

  @Field(() => Int, { description: 'How many creations wait in all' })
  total!: number;
}

@ObjectType('AuditEntry', { description: 'What a moderator or admin did, to what, when and why' })
export class AuditEntryObject {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'creation.hide, creation.restore, user.suspend, user.restore or user.role' })
  action!: string;

  @Field({ description: 'creation or user' })
  targetType!: string;

  @Field()
  targetId!: string;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field({ description: 'What else was recorded (the state before, the reports resolved, the role from and to), as JSON' })
  details!: string;

  @Field()
  createdAt!: Date;

  @Field(() => AdminUserObject, { nullable: true, description: 'Who did it; null once their account is deleted' })
  actor!: AdminUserObject | null;
}
